/// A run of source code and what it is. `range` is in UTF-8 bytes of the source; the tokens of a
/// source cover it exactly, in order, without gaps.
public struct CodeToken: Hashable, Sendable {
    public var range: Range<Int>
    public var kind: TokenKind

    init(range: Range<Int>, kind: TokenKind) {
        self.range = range
        self.kind = kind
    }
}
