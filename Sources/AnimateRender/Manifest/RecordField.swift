import Foundation

/// Values in animate's one-line `key=value` records (a manifest's `#animate:` line, an MP4's
/// render tag): escaped so they never break the space-separated fields, and frame spans as `A..B`.
enum RecordField {
    /// `value` with spaces, `=` and `%` (and what a URL path would not hold) percent-encoded.
    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "=% "))) ?? value
    }

    /// A span written `A..B` with 0 <= A <= B; nil otherwise.
    static func span(_ text: String) -> ClosedRange<Int>? {
        guard case let .range(a, b)? = FrameSelection(parsing: text) else { return nil }
        return FrameSelection.range(a, b).indices
    }
}
