/// SQL, with Pygments' SQL token kinds: the key words of PostgreSQL and the SQL standards as
/// Keyword and the data types as Name.Builtin (in any case), `--` and nested `/* */`
/// comments, strings in single quotes (Literal.String.Single, `''` inside) and quoted names
/// (Literal.String.Symbol); a quote never closed is an error, as in Pygments.
enum SQLLexer {
    static let grammar = LexerGrammar([[
        .init(.spaces, .whitespace),
        .init(.restOfLine(prefix: "--", includingNewline: true), .commentSingle),
        .init(.delimited(open: "/*", close: "*/", nested: true), .commentMultiline),
        .init(.word(SQLWords.keywords, first: .wordStart, rest: .wordBytes, ignoringCase: true, followedBy: nil), .keyword),
        .init(.word(SQLWords.types, first: .wordStart, rest: .wordBytes, ignoringCase: true, followedBy: nil), .nameBuiltin),
        .init(.one(ByteSet("+*/<>=~!@#%^&|`?-")), .operator),
        .init(.run(first: .digits, rest: .digits), .numberInteger),
        .init(.quoted(open: "'", close: 0x27, escape: .doubled, stopsAtNewline: false, unclosed: false, followedBy: nil), .stringSingle),
        .init(.quoted(open: "\"", close: 0x22, escape: .doubled, stopsAtNewline: false, unclosed: false, followedBy: nil), .stringSymbol),
        .init(.run(first: .wordStart, rest: .wordBytes + ByteSet("$")), .name),
        .init(.one(ByteSet(";:()[],.")), .punctuation),
    ]])

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }
}
