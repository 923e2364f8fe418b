/// CSS, with Pygments' CSS token kinds: selectors' tags, classes (Name.Class), ids
/// (Name.Namespace) and pseudo-classes (Name.Decorator); known properties as Keyword, custom
/// ones (`--x`) as Name.Variable; keyword values and colours as Keyword.Constant, functions as
/// Name.Builtin (CSS's own) or Name.Function, numbers with their units as Keyword.Type.
enum CSSLexer {
    /// CSS 2.1's vendor prefixes (section 4.1.2.2).
    static let vendorPrefixes: [ByteString] = ["-ms-", "mso-", "-moz-", "-o-", "-xv-", "-atsc-", "-wap-", "-khtml-", "-webkit-",
                                               "prince-", "-ah-", "-hp-", "-ro-", "-rim-", "-tc-"]

    typealias Pattern = LexerGrammar.Pattern
    typealias Rule = LexerGrammar.Rule

    /// Words in CSS take dashes.
    static let wordByte = ByteSet.wordBytes + ByteSet("-")
    static let nameStart = ByteSet.letters + ByteSet("_")
    static let word = Pattern.many(wordByte)
    /// A property's name: dashes, then a letter or underscore and the rest.
    static let propertyName = Pattern.sequence([.any(ByteSet("-")), .one(nameStart), .any(wordByte)])
    /// A comment, when it is closed (an unclosed `/*` is not one, as in Pygments).
    static let comment = Rule(.delimited(open: "/*", close: "*/", nested: false, unclosed: false), .comment)
    static let string: [Rule] = [
        .init(.quoted(open: "\"", close: 0x22, escape: .backslash, stopsAtNewline: false, unclosed: false, followedBy: nil), .stringDouble),
        .init(.quoted(open: "'", close: 0x27, escape: .backslash, stopsAtNewline: false, unclosed: false, followedBy: nil), .stringSingle),
    ]

    static let root = 0, atRule = 1, atContent = 2, content = 3, value = 4, function = 5, numericEnd = 6

    /// The longest word of `list` at the position that ends where a word or a part of it ends.
    static func longest(_ list: WordSet) -> Pattern {
        .custom(first: nameStart + ByteSet("-")) { s in keywordLength(s, in: list).map { (s.position + $0, nil) } }
    }

    /// `url(...)`, quoted or not, on one line.
    static let url: [Rule] = [
        .init([.literal("url"), .literal("("), .sequence([.literal("\""), .repeatedUntil(.one(~ByteSet(")\n")), until: .literal("\")")), .literal("\"")]),
               .literal(")")], [.nameBuiltin, .punctuation, .stringDouble, .punctuation]),
        .init([.literal("url"), .literal("("), .sequence([.literal("'"), .repeatedUntil(.one(~ByteSet(")\n")), until: .literal("')")), .literal("'")]),
               .literal(")")], [.nameBuiltin, .punctuation, .stringSingle, .punctuation]),
        .init([.literal("url"), .literal("("), .any(~ByteSet(")\n")), .literal(")")], [.nameBuiltin, .punctuation, TokenKind("Literal.String.Other"), .punctuation]),
    ]

    /// A function call's name and `(`: CSS's own functions as Name.Builtin.
    static let call: [Rule] = [
        .init([.word(CSSWords.functions, first: nameStart, rest: wordByte, ignoringCase: false, followedBy: 0x28), .literal("(")],
              [.nameBuiltin, .punctuation], .push(function)),
        .init([.sequence([.one(nameStart), .many(wordByte)]), .literal("(")], [.nameFunction, .punctuation], .push(function)),
    ]

    /// `#abc123`, `-1.5`, `42`: colours as Number.Hex, numbers then their unit.
    static let numeric: [Rule] = [
        .init(.custom(first: ByteSet("#")) { s in
            var n = 1
            while n <= 6 && (SourceScanner.isLetter(s.peek(n)) || SourceScanner.isDigit(s.peek(n))) { n += 1 }
            return n > 1 ? (s.position + n, nil) : nil
        }, .numberHex),
        .init(.sequence([.optional(.one(ByteSet("+-"))), .any(.digits), .literal("."), .many(.digits)]), .numberFloat, .push(numericEnd)),
        .init(.sequence([.optional(.one(ByteSet("+-"))), .many(.digits)]), .numberInteger, .push(numericEnd)),
    ]

    /// Selectors, at-rules, blocks: what the top level and at-rules share.
    static let basics: [Rule] = [
        .init(.spaces, .whitespace),
        comment,
        .init(.literal("{"), .punctuation, .push(content)),
        .init([.either([.literal("::"), .literal(":")]), word], [.punctuation, .nameDecorator]),
        .init([.literal("."), word], [.punctuation, .nameClass]),
        .init([.literal("#"), word], [.punctuation, .nameNamespace]),
        .init([.literal("@"), word], [.punctuation, .keyword], .push(atRule)),
        .init(word, .nameTag),
        .init(.sequence([.notAhead(.literal("/*")), .one(ByteSet("~^*!%&$[]()<>|+=@:;,./?-"))]), .operator),
    ] + string

    static let grammar = LexerGrammar([
        basics,
        // atRule
        [.init(.literal("{"), .punctuation, .push(atContent)), .init(.literal(";"), .punctuation, .pop)] + basics,
        // atContent
        basics + [.init(.literal("}"), .punctuation, .popping(2))],
        // content: declarations
        [
            .init(.spaces, .whitespace),
            .init(.literal("}"), .punctuation, .pop),
            .init(.literal(";"), .punctuation),
            .init(.sequence([.lineStart, .restOfLine(prefix: "@", includingNewline: false)]), .commentPreproc),
            .init(.anyOf(vendorPrefixes), .keywordPseudo),
            .init([.sequence([.ahead(.word(CSSWords.properties, first: nameStart + ByteSet("-"), rest: wordByte, ignoringCase: false, followedBy: nil)),
                              propertyName]), .any(.spaces), .literal(":")], [.keyword, .whitespace, .punctuation], .push(value)),
            .init([.sequence([.ahead(.literal("-")), propertyName]), .any(.spaces), .literal(":")], [.nameVariable, .whitespace, .punctuation], .push(value)),
            .init([propertyName, .any(.spaces), .literal(":")], [.name, .whitespace, .punctuation], .push(value)),
            comment,
        ],
        // value
        [
            .init(.spaces, .whitespace),
            .init(.anyOf(vendorPrefixes), .nameBuiltinPseudo),
        ] + url + call + [
            .init(longest(CSSWords.values), .keywordConstant),
            .init(longest(CSSWords.colors), .keywordConstant),
            .init(longest(CSSWords.properties), .keyword),
            .init(.sequence([.literal("!import"), .literal("ant")]), .commentPreproc),
            comment,
        ] + numeric + [
            .init(.many(ByteSet("~^*!%&<>|+=@:./?-")), .operator),
            .init(.many(ByteSet("[](),")), .punctuation),
        ] + string + [
            .init(.sequence([.one(nameStart), .any(wordByte)]), .name),
            .init(.literal(";"), .punctuation, .pop),
            .init(.literal("}"), .punctuation, .popping(2)),
        ],
        // function: a call's arguments
        [
            .init(.spaces, .whitespace),
            .init(.sequence([.ahead(.literal("-")), .any(ByteSet("-")),
                             .repeated(.sequence([.one(.letters), .any(.wordBytes + ByteSet("+")), .any(ByteSet("-"))]), atLeast: 1)]), .nameVariable),
        ] + url + [
            .init(.anyOf(vendorPrefixes), .keywordPseudo),
            .init(longest(CSSWords.values), .keywordConstant),
            .init(longest(CSSWords.colors), .keywordConstant),
        ] + call + [comment] + numeric + [
            .init(.one(ByteSet("*+/-")), .operator),
            .init(.literal(","), .punctuation),
        ] + string + [
            .init(.sequence([.one(nameStart + ByteSet("-")), .any(.wordBytes)]), .name),
            .init(.literal(")"), .punctuation, .pop),
        ],
        // numericEnd: a number's unit
        [
            .init(longest(CSSWords.units), .keywordType),
            .init(.literal("%"), .keywordType),
            .init(.empty, .text, .pop),
        ],
    ])

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }

    /// The longest word of `list` at the position that ends at a word boundary (a `-` is one).
    static func keywordLength(_ s: SourceScanner, in list: WordSet) -> Int? {
        var end = s.position
        while end < s.count && wordByte.contains(s.bytes[end]) { end += 1 }
        var e = end
        while e > s.position {
            if list.contains(s.bytes[s.position..<e]) { return e - s.position }
            e -= 1
            while e > s.position && s.bytes[e] != 0x2D { e -= 1 }
        }
        return nil
    }

}
