public import Foundation

// `import Animate` re-exports `AttributedString` but cannot re-export Foundation's operators on it
// one by one; these let lesson code join attributed strings (`mark += "●"`) without importing
// Foundation. With Foundation imported too, Foundation's own are chosen.
extension AttributedString {
    /// The two strings, one after the other, each keeping its attributes.
    @_disfavoredOverload
    public static func + (lhs: AttributedString, rhs: AttributedString) -> AttributedString {
        var joined = lhs
        joined.append(rhs)
        return joined
    }

    /// Appends `rhs` with its attributes.
    @_disfavoredOverload
    public static func += (lhs: inout AttributedString, rhs: AttributedString) {
        lhs.append(rhs)
    }
}
