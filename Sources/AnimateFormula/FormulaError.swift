import Foundation
/// A mistake in a formula's TeX: where it is and what was expected there.
public struct FormulaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The character the mistake was found at, from 1; 0 when it is not in the TeX (a font that
    /// is not installed, a size that cannot be drawn).
    public let column: Int
    /// What is wrong, as one line ("expected '}' to close the group opened at column 3").
    public let message: String

    package init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    public var description: String { column > 0 ? "column \(column): \(message)" : message }
}
