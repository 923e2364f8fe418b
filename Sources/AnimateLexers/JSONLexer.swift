/// JSON as Pygments reads it: object keys as Name.Tag, string values as String.Double, numbers,
/// `true`/`false`/`null` as Keyword.Constant, the brackets, colons and commas as Punctuation.
enum JSONLexer {
    static let grammar = LexerGrammar([[
        .init(.spaces, .whitespace),
        .init(.quoted(open: "\"", close: 0x22, escape: .backslash, stopsAtNewline: true, unclosed: true, followedBy: ":"), .nameTag),
        .init(.quoted(open: "\"", close: 0x22, escape: .backslash, stopsAtNewline: true, unclosed: true, followedBy: nil), .stringDouble),
        .init(.custom(first: .digits + ByteSet("-"), number), .numberInteger),
        .init(.word(WordSet(["true", "false", "null"]), first: .letters, rest: .wordBytes, ignoringCase: false, followedBy: nil), .keywordConstant),
        .init(.run(first: .letters, rest: .wordBytes), .error),
        .init(.one(ByteSet("{}[]:,")), .punctuation),
    ]])

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }

    /// A number: digits with a sign, a fraction and an exponent; a float when it has either.
    @Sendable static func number(_ s: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        var j = s.position + 1
        var float = false
        while j < s.count {
            let c = s.bytes[j]
            if SourceScanner.isDigit(c) { j += 1 } else if c == 0x2E || c | 0x20 == 0x65 || ((c == 0x2B || c == 0x2D) && s.bytes[j - 1] | 0x20 == 0x65) {
                float = true; j += 1
            } else { break }
        }
        return (j, float ? .numberFloat : nil)
    }
}
