/// Java, with Pygments' Java token kinds: a method's name where it is declared (words and
/// spaces, then the name and `(`) as Name.Function, names after a dot as Name.Attribute,
/// annotations as Name.Decorator, class names after `class`/`interface`/`record`, packages and
/// imports as Name.Namespace, modifiers as Keyword.Declaration.
enum JavaLexer {
    static let keywords = WordSet(["assert", "break", "case", "catch", "continue", "default", "do", "else", "finally", "for", "if", "goto",
                                   "instanceof", "new", "return", "switch", "this", "throw", "try", "while"])
    static let declarations = WordSet(["abstract", "const", "enum", "exports", "extends", "final", "implements", "native", "non",
                                       "open", "opens", "permits", "private", "protected", "provides", "public", "requires", "sealed",
                                       "static", "strictfp", "super", "synchronized", "throws", "to", "transient", "transitive", "uses",
                                       "volatile", "with", "yield"])
    static let types = WordSet(["boolean", "byte", "char", "double", "float", "int", "long", "short", "void"])
    static let constants = WordSet(["true", "false", "null"])

    /// Java's names: letters, `_`, `$` and any non-ASCII character, then digits too.
    static let nameStart = ByteSet.letters + ByteSet("_$", nonASCII: true)
    static let namePart = nameStart + .digits
    static let name = LexerGrammar.Pattern.run(first: nameStart, rest: namePart)
    static func word(_ words: WordSet) -> LexerGrammar.Pattern { .word(words, first: nameStart, rest: namePart, ignoringCase: false, followedBy: nil) }
    static func word(_ text: String) -> LexerGrammar.Pattern { word(WordSet([text])) }
    static let space = LexerGrammar.Pattern.one(.spaces)
    static let atLineStart = LexerGrammar.Pattern.after(ByteSet("\n"), past: ByteSet(" \t"), orAtStart: true)

    /// A method's declaration ahead, as Pygments' pattern reads it: one or more words (with
    /// dots, brackets, generics) each followed by spaces, then the name and `(`.
    static let methodDeclaration: LexerGrammar.Pattern = {
        let returnWord = LexerGrammar.Pattern.sequence([.run(first: nameStart, rest: namePart + ByteSet(".[]<>?")), .spaces])
        let nameAndParenthesis = LexerGrammar.Pattern.sequence([name, .any(.spaces), .literal("(")])
        return .within(1024, .sequence([returnWord, .repeatedUntil(returnWord, until: nameAndParenthesis), nameAndParenthesis]))
    }()

    static let root = 0, declaration = 1
    /// The states waiting for a name, at the top level and (three states on) in a declaration.
    static let className = 2, namespace = 3, variable = 4, inDeclaration = 3

    static let comments: [LexerGrammar.Rule] = [
        .init(.spaces, .whitespace),
        .init(.restOfLine(prefix: "//", includingNewline: false), .commentSingle),
        .init(.delimited(open: "/*", close: "*/", nested: false), .commentMultiline),
    ]

    /// What follows the keywords: every rule of the top level but the search for a declared
    /// method; in one, the states waiting for names are the declaration's.
    static func words(inDeclaration: Bool) -> [LexerGrammar.Rule] {
        let className = className + (inDeclaration ? Self.inDeclaration : 0)
        let namespace = namespace + (inDeclaration ? Self.inDeclaration : 0)
        let variable = variable + (inDeclaration ? Self.inDeclaration : 0)
        return [
        // A label or `default:` at a line's start.
        .init(.sequence([atLineStart, word("default"), .ahead(.literal(":")), .notAhead(.literal("::"))]), .keyword),
        .init(.sequence([atLineStart, name, .ahead(.literal(":")), .notAhead(.literal("::"))]), .nameLabel),
        .init(.sequence([atLineStart, word("record")]), .keywordDeclaration, .push(className)),
        .init(.sequence([.literal("non-"), .literal("sealed")]), .keywordDeclaration),
        .init(.sequence([.notAhead(word("non")), word(declarations)]), .keywordDeclaration),
        .init(word(types), .keywordType),
        .init(.sequence([word("package"), .ahead(space)]), .keywordNamespace, .push(namespace)),
        .init(word(constants), .keywordConstant),
        .init(word(WordSet(["class", "interface", "module"])), .keywordDeclaration, .push(className)),
        .init(.sequence([word("var"), .ahead(space)]), .keywordDeclaration, .push(variable)),
        // `import static` and `import module` are one keyword.
        .init(.sequence([word("import"), .ahead(space), .optional(.sequence([.spaces, word(WordSet(["static", "module"]))]))]),
              .keywordNamespace, .push(namespace)),
        .init(name, .name),
        .init(.sequence([.literal("@"), .ahead(.one(nameStart)), .many(.wordBytes + ByteSet("."))]), .nameDecorator),
        .init(.custom(first: ByteSet("\""), textBlock), .string),
        .init(.quoted(open: "\"", close: 0x22, escape: .backslash, stopsAtNewline: false, unclosed: true, followedBy: nil), .string),
        .init(.custom(first: ByteSet("'")) { s in charLength(s).map { (s.position + $0, nil) } }, .stringChar),
        .init([.literal("."), name], [.punctuation, .nameAttribute]),
        .init(.custom(first: .digits + ByteSet("."), number), .numberInteger),
        .init(.one(ByteSet("~^*!%&[]<>|+=/?-")), .operator),
        .init(.one(ByteSet("{}();:.,")), .punctuation),
        ]
    }

    /// The declared method's name: it ends the declaration (and the wait for a name in it).
    static func methodName(_ next: LexerGrammar.Transition) -> LexerGrammar.Rule {
        .init(.sequence([name, .ahead(.sequence([.any(.spaces), .literal("(")]))]), .nameFunction, next)
    }

    /// Waiting for a name of `kind` (after `class`, `var`): whitespace and comments, the name,
    /// or back.
    static func awaiting(_ kind: TokenKind) -> [LexerGrammar.Rule] {
        comments + [.init(name, kind, .pop), .init(.empty, .text, .pop)]
    }
    static let namespaceName: [LexerGrammar.Rule] = comments + [
        .init(.sequence([.many(.wordBytes + ByteSet(".")), .optional(.literal("*"))]), .nameNamespace, .pop),
        .init(.empty, .text, .pop),
    ]

    static let grammar = LexerGrammar([
        comments + [
            .init(word(keywords), .keyword),
            .init(.ahead(methodDeclaration), .text, .push(declaration)),
        ] + words(inDeclaration: false),
        // declaration: up to the declared method's name.
        [methodName(.pop)] + comments + [.init(word(keywords), .keyword)] + words(inDeclaration: true),
        awaiting(.nameClass),
        namespaceName,
        awaiting(.name),
        [methodName(.popping(2))] + awaiting(.nameClass),
        [methodName(.popping(2))] + namespaceName,
        [methodName(.popping(2))] + awaiting(.name),
    ])

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }

    /// A text block: `"""` and a line break, to the closing `"""`.
    @Sendable static func textBlock(_ s: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        guard s.starts(with: "\"\"\"\n") || s.starts(with: "\"\"\"\r") else { return nil }
        var s = s
        s.position += 3
        while !s.isAtEnd && !s.starts(with: "\"\"\"") { s.position += s.peek() == 0x5C ? 2 : 1 }
        return (min(s.position + 3, s.count), nil)
    }

    /// A character literal's length: `'a'`, `'\n'`, `'\u0041'`; nil when it is not one.
    static func charLength(_ s: SourceScanner) -> Int? {
        if s.peek(1) == 0x5C && s.peek(2) == 0x75 && (3..<7).allSatisfy({ SourceScanner.isHexDigit(s.peek($0)) }) && s.peek(7) == 0x27 { return 8 }
        if s.peek(1) == 0x5C && s.peek(3) == 0x27 { return 4 }
        if s.peek(1) != 0x5C && s.peek(1) != 0 {
            let j = 1 + s.characterLength(at: 1)
            if s.peek(j) == 0x27 { return j + 1 }
        }
        return nil
    }

    /// A number and its kind: hex, binary, float (a fraction, an exponent or a suffix), octal
    /// or decimal, with `_` between digits and `L` after integers.
    @Sendable static func number(_ scanner: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        guard SourceScanner.isDigit(scanner.peek()) || SourceScanner.isDigit(scanner.peek(1)) else { return nil }
        var s = scanner
        let start = s.position
        func digits(_ t: (UInt8) -> Bool) { s.skip { t($0) || $0 == 0x5F } }
        func exponent() { if let j = s.exponentDigits(at: 0) { s.position += j; digits(SourceScanner.isDigit) } }
        func long() { if [0x6C, 0x4C].contains(s.peek()) { s.position += 1 } }
        if s.peek() == 0x30 && s.peek(1) | 0x20 == 0x78 && SourceScanner.isHexDigit(s.peek(2)) {
            s.position += 2; digits(SourceScanner.isHexDigit); long()
            return (s.position, .numberHex)
        }
        if s.peek() == 0x30 && s.peek(1) | 0x20 == 0x62 && (s.peek(2) == 0x30 || s.peek(2) == 0x31) {
            s.position += 2; digits { $0 == 0x30 || $0 == 0x31 }; long()
            return (s.position, .numberBin)
        }
        digits(SourceScanner.isDigit)
        var float = false
        if s.peek() == 0x2E && (s.position > start || SourceScanner.isDigit(s.peek(1))) {
            float = true; s.position += 1; digits(SourceScanner.isDigit)
        }
        let before = s.position
        exponent()
        if s.position > before { float = true }
        if [0x66, 0x46, 0x64, 0x44].contains(s.peek()) { s.position += 1; float = true }
        if float { return (s.position, .numberFloat) }
        long()
        let octal = s.position - start > 1 && s.bytes[start] == 0x30
        return (s.position, octal ? .numberOct : .numberInteger)
    }
}
