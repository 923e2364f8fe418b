/// Go, with Pygments' Go token kinds: `import`/`package` as Keyword.Namespace, declarations as
/// Keyword.Declaration, the predeclared types as Keyword.Type, the builtin functions (when
/// called) as Name.Builtin, identifiers as Name.Other, imaginary literals, raw strings.
enum GoLexer {
    static let namespaces = WordSet(["import", "package"])
    static let declarations = WordSet(["var", "func", "struct", "type", "interface", "const"])
    static let keywords = WordSet(["break", "default", "select", "case", "defer", "go", "else", "goto", "switch", "fallthrough", "if",
                                   "range", "continue", "for", "return"])
    static let constants = WordSet(["true", "false", "iota", "nil"])
    static let builtins = WordSet(["print", "println", "panic", "recover", "close", "complex", "real", "imag", "len", "cap", "append",
                                   "copy", "delete", "new", "make", "min", "max", "clear"])
    static let types = WordSet(["uint", "uint8", "uint16", "uint32", "uint64", "int", "int8", "int16", "int32", "int64", "float32",
                                "float64", "map", "chan", "complex64", "complex128", "byte", "rune", "string", "bool", "error",
                                "uintptr", "any", "comparable"])

    static let grammar = LexerGrammar([[
        .init(.spaces, .whitespace),
        .init(.custom(first: ByteSet("\\")) { s in s.peek(1) == 0x0A ? (s.position + 1, nil) : nil }, .text),
        .init(.restOfLine(prefix: "//", includingNewline: false), .commentSingle),
        .init(.delimited(open: "/*", close: "*/", nested: false), .commentMultiline),
        .init(.word(namespaces), .keywordNamespace),
        .init(.word(declarations), .keywordDeclaration),
        .init(.word(keywords), .keyword),
        .init(.word(constants), .keywordConstant),
        .init(.word(builtins, followedBy: 0x28), .nameBuiltin),
        .init(.word(types), .keywordType),
        .init(.run(first: .wordStart, rest: .wordBytes), .nameOther),
        .init(.custom(first: .digits + ByteSet("."), number), .numberInteger),
        .init(.custom(first: ByteSet("'")) { s in charLength(s).map { (s.position + $0, nil) } }, .stringChar),
        .init(.quoted(open: "`", close: 0x60, escape: .none, stopsAtNewline: false, unclosed: false, followedBy: nil), .string),
        .init(.quoted(open: "\"", close: 0x22, escape: .backslash, stopsAtNewline: false, unclosed: false, followedBy: nil), .string),
        .init(.anyOf(["<<=", ">>=", "&^=", "<<", ">>", "<=", ">=", "&^", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "&&", "||", "<-",
                      "++", "--", "==", "!=", ":="]), .operator),
        .init(.one(ByteSet("+-*/%&!=<>|^")), .operator),
        .init(.literal("..."), .punctuation),
        .init(.one(ByteSet("()[]{}.,;:~")), .punctuation),
    ]])

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }

    static func charLength(_ s: SourceScanner) -> Int? {
        if s.peek(1) == 0x5C {
            var j = 3
            while j < 12 && s.peek(j) != 0x27 && s.peek(j) != 0 && s.peek(j) != 0x0A { j += 1 }
            return s.peek(j) == 0x27 ? j + 1 : nil
        }
        let j = 1 + s.characterLength(at: 1)
        return s.peek(j) == 0x27 && s.peek(1) != 0x0A ? j + 1 : nil
    }

    /// Go's number forms, as Pygments orders them (imaginary, float, binary, octal, hex, decimal):
    /// where the number at the position ends, and its kind.
    @Sendable static func number(_ scanner: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        guard SourceScanner.isDigit(scanner.peek()) || SourceScanner.isDigit(scanner.peek(1)) else { return nil }
        var s = scanner
        let kind = number(&s)
        return (s.position, kind)
    }

    static func number(_ s: inout SourceScanner) -> TokenKind {
        func digits() { s.skip(while: SourceScanner.isDigit) }
        func exponent(_ signRequired: Bool) -> Bool {
            guard let j = s.exponentDigits(at: 0), !signRequired || j == 2 else { return false }
            s.position += j
            digits()
            return true
        }
        // Imaginary literals: \d+i, \d+\.\d*([Ee][-+]\d+)?i, \.\d+(...)?i, \d+[Ee][-+]\d+i.
        let save = s.position
        digits()
        if s.peek() == 0x69 && s.position > save { s.position += 1; return .number }
        if s.peek() == 0x2E {
            let dot = s.position
            s.position += 1
            digits()
            let afterFraction = s.position
            _ = exponent(true)
            if s.peek() == 0x69 { s.position += 1; return .number }
            s.position = afterFraction
            // A float: \d+\.\d+[eE][+-]?\d+ or \d+\.\d* ; or \.\d+...
            if dot > save || afterFraction > dot + 1 {
                _ = exponent(false)
                return .numberFloat
            }
            s.position = dot
        }
        if s.position > save {
            let afterDigits = s.position
            if exponent(true), s.peek() == 0x69 { s.position += 1; return .number }
            s.position = afterDigits
            if exponent(false) { return .numberFloat }
        }
        s.position = save
        let b1 = s.peek(1) | 0x20
        if s.peek() == 0x30 && b1 == 0x62 && (s.peek(2) == 0x30 || s.peek(2) == 0x31 || s.peek(2) == 0x5F) {
            s.position += 2; s.skip { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }; return .numberBin
        }
        if s.peek() == 0x30 && b1 == 0x78 {
            s.position += 2; s.skip { SourceScanner.isHexDigit($0) || $0 == 0x5F }; return .numberHex
        }
        if s.peek() == 0x30 && (b1 == 0x6F || (s.peek(1) >= 0x30 && s.peek(1) <= 0x37) || s.peek(1) == 0x5F) {
            s.position += b1 == 0x6F ? 2 : 1; s.skip { ($0 >= 0x30 && $0 <= 0x37) || $0 == 0x5F }; return .numberOct
        }
        if s.peek() == 0x30 { s.position += 1; return .numberInteger }
        s.skip { SourceScanner.isDigit($0) || $0 == 0x5F }
        return .numberInteger
    }
}
