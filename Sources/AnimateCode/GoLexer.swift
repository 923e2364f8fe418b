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

    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        while !s.isAtEnd { step(&s) }
        return s.tokens
    }

    static func step(_ s: inout SourceScanner) {
        let b = s.peek()
        let start = s.position
        if s.whitespace() { return }
        if b == 0x5C && s.peek(1) == 0x0A { s.single(.text); return }
        if s.starts(with: "//") { s.rest(ofLineAs: .commentSingle); return }
        if s.starts(with: "/*") { s.blockComment(.commentMultiline); return }
        if SourceScanner.isLetter(b) || b == 0x5F || b >= 0x80 {
            let w = s.word()
            let end = start + w.count
            func emit(_ kind: TokenKind) { s.position = end; s.emit(kind, from: start) }
            if namespaces.contains(w) { emit(.keywordNamespace); return }
            if declarations.contains(w) { emit(.keywordDeclaration); return }
            if keywords.contains(w) { emit(.keyword); return }
            if constants.contains(w) { emit(.keywordConstant); return }
            if builtins.contains(w) && end < s.count && s.bytes[end] == 0x28 { emit(.nameBuiltin); return }
            if types.contains(w) { emit(.keywordType); return }
            emit(.nameOther)
            return
        }
        if SourceScanner.isDigit(b) || (b == 0x2E && SourceScanner.isDigit(s.peek(1))) { number(&s); return }
        if b == 0x27, let n = charLength(s) { s.position += n; s.emit(.stringChar, from: start); return }
        if b == 0x60 {
            var j = s.position + 1
            while j < s.count && s.bytes[j] != 0x60 { j += 1 }
            if j < s.count { s.position = j + 1; s.emit(.string, from: start); return }
        }
        if b == 0x22 {
            var j = s.position + 1
            while j < s.count && s.bytes[j] != 0x22 { j += s.bytes[j] == 0x5C ? 2 : 1 }
            if j < s.count { s.position = j + 1; s.emit(.string, from: start); return }
        }
        for op: StaticString in ["<<=", ">>=", "&^="] where s.starts(with: op) { s.position += 3; s.emit(.operator, from: start); return }
        for op: StaticString in ["<<", ">>", "<=", ">=", "&^", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "&&", "||", "<-", "++", "--",
                                 "==", "!=", ":="] where s.starts(with: op) {
            s.position += 2; s.emit(.operator, from: start); return
        }
        if [0x2B, 0x2D, 0x2A, 0x2F, 0x25, 0x26, 0x21, 0x3D, 0x3C, 0x3E, 0x7C, 0x5E].contains(b) { s.single(.operator); return }
        if s.starts(with: "...") { s.position += 3; s.emit(.punctuation, from: start); return }
        if [0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x2E, 0x2C, 0x3B, 0x3A, 0x7E].contains(b) { s.single(.punctuation); return }
        s.single(.error)
    }

    static func charLength(_ s: SourceScanner) -> Int? {
        if s.peek(1) == 0x5C {
            var j = 3
            while j < 12 && s.peek(j) != 0x27 && s.peek(j) != 0 && s.peek(j) != 0x0A { j += 1 }
            return s.peek(j) == 0x27 ? j + 1 : nil
        }
        let j = 1 + s.characterLength(at: 1)
        return s.peek(j) == 0x27 && s.peek(1) != 0x0A ? j + 1 : nil
    }

    /// Go's number forms, as Pygments orders them (imaginary, float, binary, octal, hex, decimal).
    static func number(_ s: inout SourceScanner) {
        let start = s.position
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
        if s.peek() == 0x69 && s.position > save { s.position += 1; s.emit(.number, from: start); return }
        if s.peek() == 0x2E {
            let dot = s.position
            s.position += 1
            digits()
            let afterFraction = s.position
            _ = exponent(true)
            if s.peek() == 0x69 { s.position += 1; s.emit(.number, from: start); return }
            s.position = afterFraction
            // A float: \d+\.\d+[eE][+-]?\d+ or \d+\.\d* ; or \.\d+...
            if dot > save || afterFraction > dot + 1 {
                _ = exponent(false)
                s.emit(.numberFloat, from: start)
                return
            }
            s.position = dot
        }
        if s.position > save {
            let afterDigits = s.position
            if exponent(true), s.peek() == 0x69 { s.position += 1; s.emit(.number, from: start); return }
            s.position = afterDigits
            if exponent(false) { s.emit(.numberFloat, from: start); return }
        }
        s.position = save
        let b1 = s.peek(1) | 0x20
        if s.peek() == 0x30 && b1 == 0x62 && (s.peek(2) == 0x30 || s.peek(2) == 0x31 || s.peek(2) == 0x5F) {
            s.position += 2; s.skip { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }; s.emit(.numberBin, from: start); return
        }
        if s.peek() == 0x30 && b1 == 0x78 {
            s.position += 2; s.skip { SourceScanner.isHexDigit($0) || $0 == 0x5F }; s.emit(.numberHex, from: start); return
        }
        if s.peek() == 0x30 && (b1 == 0x6F || (s.peek(1) >= 0x30 && s.peek(1) <= 0x37) || s.peek(1) == 0x5F) {
            s.position += b1 == 0x6F ? 2 : 1; s.skip { ($0 >= 0x30 && $0 <= 0x37) || $0 == 0x5F }; s.emit(.numberOct, from: start); return
        }
        if s.peek() == 0x30 { s.position += 1; s.emit(.numberInteger, from: start); return }
        s.skip { SourceScanner.isDigit($0) || $0 == 0x5F }
        s.emit(.numberInteger, from: start)
    }
}
