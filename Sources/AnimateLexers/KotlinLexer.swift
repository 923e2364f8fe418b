/// Kotlin, with Pygments' Kotlin token kinds: modifiers and `class`/`fun`/`val` as
/// Keyword.Declaration, the declared name after them (Name.Class, Name.Function, Name.Variable),
/// names after a dot as Name.Attribute, annotations and labels as Name.Decorator, string
/// templates (`$name`, `${...}`) as String.Interpol around ordinary code.
enum KotlinLexer {
    static let keywords = WordSet(spaced: """
        as break by catch constructor continue do dynamic else finally get for if init in is out reified return set super this
        throw try typealias typeof vararg when where while
        """)
    static let modifiers = WordSet(spaced: """
        actual abstract annotation companion const crossinline data enum expect external final infix inline inner internal lateinit
        noinline open operator override private protected public sealed suspend tailrec value
        """)
    static let types = WordSet(spaced: "Boolean Byte Char Double Float Int Long Short String Any Unit")
    static let constants = WordSet(spaced: "true false null")

    static let classWords = WordSet(spaced: "class interface object")
    static let modifiersOrFun = WordSet(spaced: """
        actual abstract annotation companion const crossinline data enum expect external final infix inline inner internal lateinit
        noinline open operator override private protected public sealed suspend tailrec value fun
        """)

    typealias Pattern = LexerGrammar.Pattern
    typealias Rule = LexerGrammar.Rule

    /// A name: a word or a name in backticks, `@` before it or not.
    static let name = Pattern.sequence([.optional(.literal("@")), .either([.sequence([.literal("`"), .many(~ByteSet("`\n")), .literal("`")]),
                                                                          .run(first: .wordStart, rest: .wordBytes)])])
    static func word(_ text: String) -> Pattern { .word(WordSet([text])) }

    static let root = 0, declaredClass = 1, variable = 2, destructuring = 3, function = 4, generic = 5, string = 6, multilineString = 7,
               interpolation = 8, scope = 9, classModifiers = 10, memberModifiers = 11

    /// A declaration's modifiers (each followed by whitespace) before `class`/`interface`/`object`
    /// or `val`/`var`/`fun`, and a space after that word.
    static func declaration(_ modifiers: WordSet, _ last: WordSet) -> Pattern {
        .sequence([.repeated(.sequence([.word(modifiers), .spaces]), atLeast: 0), .word(last), .ahead(.one(.spaces))])
    }

    static let topLevel: [Rule] = [
        .init(.spaces, .whitespace),
        .init(.sequence([.literal("\\"), .either([.ahead(.literal("\n")), .end])]), .stringEscape),
        .init(.restOfLine(prefix: "//", includingNewline: false), .commentSingle),
        .init(.sequence([.lineStart, .restOfLine(prefix: "#!/", includingNewline: false)]), .commentSingle),
        .init(.delimited(open: "/*", close: "*/", nested: false, unclosed: false), .commentMultiline),
        .init(.literal("as?"), .keyword),
        .init(.sequence([.many(ByteSet("!")), .word(WordSet(["in", "is"]))]), .keyword),
        .init(.word(keywords), .keyword),
        .init(word("it"), .nameBuiltin),
        .init(.sequence([.word(types), .optional(.literal("?"))]), .keywordType),
        .init(.word(constants), .keywordConstant),
        .init([.word(WordSet(["package", "import"])), .spaces, .many(~ByteSet.spaces)], [.keyword, .whitespace, .nameNamespace]),
        .init([.literal("."), .sequence([.ahead(.one(.wordStart + ByteSet("$"))), .many(.wordBytes + ByteSet("$"))])], [.punctuation, .nameAttribute]),
        .init([.literal("?."), .sequence([.ahead(.one(.wordStart + ByteSet("$"))), .many(.wordBytes + ByteSet("$"))])], [.operator, .nameAttribute]),
        .init(.sequence([.literal("@"), .ahead(.one(.wordStart)), .many(.wordBytes + ByteSet("."))]), .nameDecorator),
        // A label: `loop@`.
        .init(.sequence([.notAhead(.sequence([.one(.letters + ByteSet("_")), .literal("@")])), .run(first: .wordStart, rest: .wordBytes + ByteSet(".")),
                         .literal("@")]), .nameDecorator),
        .init([word("object"), .spaces, .literal(":"), .spaces], [.keyword, .whitespace, .punctuation, .whitespace], .push(declaredClass)),
        .init([.word(modifiersOrFun), .spaces, .ahead(declaration(modifiersOrFun, classWords))], [.keywordDeclaration, .whitespace, .text],
              .push(classModifiers)),
        .init([.word(classWords), .spaces], [.keywordDeclaration, .whitespace], .push(declaredClass)),
        .init([.word(WordSet(["var", "val"])), .spaces, .literal("(")], [.keywordDeclaration, .whitespace, .punctuation], .push(destructuring)),
        .init([.word(modifiers), .spaces, .ahead(declaration(modifiers, WordSet(["var", "val", "fun"])))], [.keywordDeclaration, .whitespace, .text],
              .push(memberModifiers)),
        .init([.word(WordSet(["var", "val"])), .spaces], [.keywordDeclaration, .whitespace], .push(variable)),
        .init([word("fun"), .spaces], [.keywordDeclaration, .whitespace], .push(function)),
        .init(.anyOf(["::", "!!", "?:", "?."]), .operator),
        .init(.one(ByteSet("~^*!%&[]<>|+=/?-")), .operator),
        .init(.one(ByteSet("{}();:.,")), .punctuation),
        .init(.literal("\"\"\""), .string, .push(multilineString)),
        .init(.literal("\""), .string, .push(string)),
        .init(.custom(first: ByteSet("'"), character), .stringChar),
        .init(.custom(first: .digits, number), .number),
        .init(.sequence([name, .optional(.sequence([.literal("?"), .notAhead(.one(ByteSet(".:")))]))]), .name),
    ]

    /// A string's escapes, templates and text.
    static let stringParts: [Rule] = [
        .init(.either([.anyOf(["\\\\", "\\\""]), .literal("\\")]), .string),
        .init(.literal("${"), .stringInterpol, .push(interpolation)),
        .init([.literal("$"), .run(first: .wordBytes, rest: .wordBytes)], [.stringInterpol, .name]),
        .init(.many(~ByteSet("\\\"$")), .string),
    ]

    static let grammar = LexerGrammar([
        topLevel,
        // declaredClass
        [.init(.literal("{"), .punctuation, .pop), .init(name, .nameClass, .pop)],
        // variable
        [.init(name, .nameVariable, .pop)],
        // destructuring: `val (a, b: Int)`
        [
            .init(.literal(","), .punctuation),
            .init(.spaces, .whitespace),
            .init(name, .nameVariable),
            .init([.literal(":"), .spaces, name], [.punctuation, .whitespace, .name]),
            .init(.literal("<"), .operator, .push(generic)),
            .init(.literal(")"), .punctuation, .pop),
        ],
        // function: its type parameters, then its name (after a receiver type and a dot).
        [
            .init(.literal("<"), .operator, .push(generic)),
            .init([name, .literal("."), name], [.name, .punctuation, .nameFunction], .pop),
            .init(name, .nameFunction, .pop),
        ],
        // generic
        [
            .init([.literal(">"), .any(.spaces)], [.operator, .whitespace], .pop),
            .init(.one(ByteSet(":,")), .punctuation),
            .init(.word(WordSet(["reified", "out", "in"])), .keyword),
            .init(.spaces, .whitespace),
            .init(name, .name),
        ],
        // string
        [.init(.literal("\""), .string, .pop)] + stringParts,
        // multilineString
        [.init(.literal("\"\"\""), .string, .pop), .init(.literal("\""), .string)] + stringParts,
        // interpolation: `${...}`
        [
            .init(.literal("\""), .string),
            .init(.literal("${"), .stringInterpol, .push(interpolation)),
            .init(.literal("{"), .punctuation, .push(scope)),
            .init(.literal("}"), .stringInterpol, .pop),
        ] + topLevel,
        // scope: braces inside an interpolation
        [.init(.literal("{"), .punctuation, .push(scope)), .init(.literal("}"), .punctuation, .pop)] + topLevel,
        // classModifiers: up to `class`, `interface` or `object`
        [
            .init([.word(modifiersOrFun), .spaces], [.keywordDeclaration, .whitespace]),
            .init([.word(classWords), .spaces], [.keywordDeclaration, .whitespace], .replace(with: declaredClass)),
        ],
        // memberModifiers: up to `val`, `var` or `fun`
        [
            .init([.word(modifiers), .spaces], [.keywordDeclaration, .whitespace]),
            .init([.word(WordSet(["var", "val"])), .spaces], [.keywordDeclaration, .whitespace], .replace(with: variable)),
            .init([word("fun"), .spaces], [.keywordDeclaration, .whitespace], .replace(with: function)),
        ],
    ])

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }

    /// A character literal: `'a'`, `'\n'`.
    @Sendable static func character(_ s: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        if s.peek(1) == 0x5C && s.peek(2) != 0 && s.peek(2 + s.characterLength(at: 2)) == 0x27 { return (s.position + 3 + s.characterLength(at: 2), nil) }
        if s.peek(1) != 0x5C && s.peek(1) != 0 && s.peek(1 + s.characterLength(at: 1)) == 0x27 { return (s.position + 2 + s.characterLength(at: 1), nil) }
        return nil
    }

    /// One digit, an optional fraction and exponent, a suffix (Pygments reads `123` as three).
    @Sendable static func number(_ scanner: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        var s = scanner
        s.position += 1
        if s.peek() == 0x2E { s.position += 1; s.skip(while: SourceScanner.isDigit) }
        if s.peek() | 0x20 == 0x65 && (s.peek(1) == 0x2B || s.peek(1) == 0x2D) && SourceScanner.isDigit(s.peek(2)) {
            s.position += 2; s.skip(while: SourceScanner.isDigit)
        }
        if [0x66, 0x6C, 0x46, 0x4C].contains(s.peek()) { s.position += 1 }
        return (s.position, nil)
    }
}
