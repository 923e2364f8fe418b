/// HTML, with Pygments' HTML token kinds: tags as Name.Tag, attributes as Name.Attribute, their
/// values as strings, entities as Name.Entity, comments, doctypes and `<?...?>` as comments;
/// the insides of `<script>` and `<style>` lexed as JavaScript and CSS.
enum HTMLLexer {
    typealias Pattern = LexerGrammar.Pattern
    typealias Rule = LexerGrammar.Rule

    static let tagByte = ByteSet.wordBytes + ByteSet(":.-")
    static let attributeByte = ByteSet.wordBytes + ByteSet(":-")
    static let space = Pattern.any(.spaces)

    static let root = 0, tag = 1, attribute = 2, script = 3, style = 4

    /// A closing tag, `< / name >` with spaces anywhere (the name in any case, when given).
    static func closingTag(_ name: Pattern) -> [Pattern] {
        [.literal("<"), space, .literal("/"), space, name, space, .literal(">")]
    }
    static let closingKinds: [TokenKind] = [.punctuation, .text, .punctuation, .text, .nameTag, .text, .punctuation]

    /// A script's or style's content up to its closing tag, lexed as JavaScript or CSS; without
    /// one, to the end of the line.
    static func content(_ name: String, memo: Int, _ lexer: @escaping @Sendable (String) -> [CodeToken]) -> [Rule] {
        let closing = closingTag(.caseless(name))
        return [
            .init(closing, closingKinds, .pop),
            .init(.upTo(.sequence(closing), memo: memo), using: lexer),
            .init(.sequence([.one(.all), .any(~ByteSet("\n")), .optional(.literal("\n"))]), using: lexer, .pop),
        ]
    }

    static let grammar = LexerGrammar([
        // root
        [
            .init(.many(~ByteSet("<&")), .text),
            .init(.sequence([.literal("&"), .any(~(ByteSet.spaces + ByteSet(";"))), .literal(";")]), .nameEntity),
            .init(.sequence([.literal("<![CDATA"), .delimited(open: "[", close: "]]>", nested: false, unclosed: false)]), .commentPreproc),
            .init(.delimited(open: "<!--", close: "-->", nested: false, unclosed: false), .commentMultiline),
            .init(.delimited(open: "<?", close: "?>", nested: false, unclosed: false), .commentPreproc),
            .init(.delimited(open: "<!", close: ">", nested: false, unclosed: false), .commentPreproc),
            .init([.literal("<"), space, .caseless("script"), space], [.punctuation, .text, .nameTag, .text], .push(script, tag)),
            .init([.literal("<"), space, .caseless("style"), space], [.punctuation, .text, .nameTag, .text], .push(style, tag)),
            .init([.literal("<"), space, .many(tagByte)], [.punctuation, .text, .nameTag], .push(tag)),
            .init(closingTag(.many(tagByte)), closingKinds),
        ],
        // tag: attributes, then `>` or `/>`
        [
            .init(.spaces, .whitespace),
            .init([.sequence([.many(attributeByte), space]), .literal("="), space], [.nameAttribute, .operator, .text], .push(attribute)),
            .init(.many(attributeByte), .nameAttribute),
            .init([.optional(.literal("/")), space, .literal(">")], [.punctuation, .text, .punctuation], .pop),
        ],
        // attribute: its value
        [
            .init(.quoted(open: "\"", close: 0x22, escape: .none, stopsAtNewline: false, unclosed: false, followedBy: nil), .string, .pop),
            .init(.quoted(open: "'", close: 0x27, escape: .none, stopsAtNewline: false, unclosed: false, followedBy: nil), .string, .pop),
            .init(.many(~(ByteSet.spaces + ByteSet(">"))), .string, .pop),
        ],
        content("script", memo: 0) { JavaScriptLexer.tokens($0, typeScript: false) },
        content("style", memo: 1) { CSSLexer.tokens($0) },
    ])

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }
}
