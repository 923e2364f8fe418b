/// JavaScript and TypeScript, with Pygments' token kinds: identifiers as Name.Other, the
/// language's globals as Name.Builtin, `typeof`/`new`/`in` as Operator.Word, regular expressions
/// where an expression may start, template literals with `${}` fields as String.Interpol; for
/// TypeScript also type keywords, decorators, and the name after `name:` as Keyword.Type.
enum JavaScriptLexer {
    static let keywords = WordSet(["for", "in", "while", "do", "break", "return", "continue", "switch", "case", "default", "if", "else",
                                   "throw", "try", "catch", "finally", "yield", "await", "async", "this", "of", "static", "export",
                                   "import", "debugger", "extends", "super"])
    static let declarations = WordSet(["var", "let", "const", "with", "function", "class"])
    static let reserved = WordSet(["abstract", "boolean", "byte", "char", "double", "enum", "final", "float", "goto", "implements", "int",
                                   "interface", "long", "native", "package", "private", "protected", "public", "short", "synchronized",
                                   "throws", "transient", "volatile"])
    static let reservedWords = WordSet(["constructor", "from", "as"])
    static let operatorWords = WordSet(["typeof", "instanceof", "in", "void", "delete", "new"])
    static let constants = WordSet(["true", "false", "null", "NaN", "Infinity", "undefined"])
    static let builtins = WordSet(spaced: """
        Array Boolean Date BigInt Function Math ArrayBuffer Number Object RegExp String Promise Proxy decodeURI \
        decodeURIComponent encodeURI encodeURIComponent eval isFinite isNaN parseFloat parseInt DataView document window \
        globalThis global arguments Symbol Intl WeakSet WeakMap Set Map Reflect JSON Atomics Int8Array Int16Array Int32Array \
        BigInt64Array Float32Array Float64Array Uint8ClampedArray Uint8Array Uint16Array Uint32Array BigUint64Array
        """)
    static let exceptions = WordSet(["Error", "EvalError", "InternalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError"])
    // TypeScript's own.
    static let tsKeywords = WordSet(["abstract", "implements", "private", "protected", "public", "readonly"])
    static let tsDeclarations = WordSet(["enum", "interface", "override"])
    static let tsReserved = WordSet(["declare", "type"])
    static let tsTypes = WordSet(["string", "boolean", "number"])

    static func tokens(_ source: String, typeScript: Bool) -> [CodeToken] {
        var s = SourceScanner(source)
        var state = State(typeScript: typeScript)
        if s.starts(with: "#!") { s.rest(ofLineAs: .commentHashbang) }
        while !s.isAtEnd { state.step(&s) }
        return s.tokens
    }

    static func isIdentifierStart(_ b: UInt8) -> Bool { SourceScanner.isLetter(b) || b == 0x5F || b == 0x24 || b >= 0x80 }
    static func isIdentifierPart(_ b: UInt8) -> Bool { isIdentifierStart(b) || SourceScanner.isDigit(b) }

    struct State {
        let typeScript: Bool
        /// Whether a `/` here starts a regular expression (after an operator, an opening bracket,
        /// a keyword, or at a line's start) rather than dividing.
        var regexAllowed = true
        /// Open `${` fields of template literals.
        var fields = 0
        var braceDepth: [Int] = []
        /// The last run of name characters (`a.b?.c$`) and the annotation after it: names later
        /// in the same run reuse them, so a long dotted run is read once.
        var nameRun = 0..<0
        var nameRunAnnotation: (colon: Int, type: Range<Int>)?

        init(typeScript: Bool) { self.typeScript = typeScript }

        mutating func step(_ s: inout SourceScanner) {
            let b = s.peek()
            if SourceScanner.isSpace(b) {
                let start = s.position
                s.skip(while: SourceScanner.isSpace)
                if s.bytes[start..<s.position].contains(0x0A) { regexAllowed = true }
                s.emit(.whitespace, from: start)
                return
            }
            if s.starts(with: "<!--") { let a = s.position; s.position += 4; s.emit(.comment, from: a); return }
            if s.starts(with: "//") { s.rest(ofLineAs: .commentSingle); return }
            if s.starts(with: "/*") { s.blockComment(.commentMultiline); return }
            // The end of a template field.
            if b == 0x7D && !braceDepth.isEmpty && braceDepth[braceDepth.count - 1] == 0 {
                braceDepth.removeLast()
                s.single(.stringInterpol)
                JavaScriptLexer.template(&s, state: &self)
                return
            }
            if b == 0x2F && regexAllowed, let n = JavaScriptLexer.regexLength(s) {
                let a = s.position
                s.position += n
                s.emit(.stringRegex, from: a)
                regexAllowed = false
                return
            }
            regexAllowed = false
            if SourceScanner.isDigit(b) || (b == 0x2E && SourceScanner.isDigit(s.peek(1))) { JavaScriptLexer.number(&s); return }
            if b == 0x22 || b == 0x27 {
                let a = s.position
                s.position += 1
                while !s.isAtEnd && s.peek() != b { s.position += s.peek() == 0x5C && s.position + 1 < s.count ? 2 : 1 }
                s.position = min(s.position + 1, s.count)
                s.emit(b == 0x22 ? .stringDouble : .stringSingle, from: a)
                return
            }
            if b == 0x60 {
                s.single(.stringBacktick)
                JavaScriptLexer.template(&s, state: &self)
                return
            }
            if b == 0x23 && (SourceScanner.isLetter(s.peek(1)) || s.peek(1) == 0x5F) {   // #private
                let a = s.position
                s.position += 1
                s.skip(while: SourceScanner.isWordByte)
                s.emit(.name, from: a)
                return
            }
            if typeScript && b == 0x40 && JavaScriptLexer.isIdentifierStart(s.peek(1)) {   // @Decorator
                let a = s.position
                s.position += 1
                s.skip(while: JavaScriptLexer.isIdentifierPart)
                s.emit(.keywordDeclaration, from: a)
                return
            }
            if typeScript && (JavaScriptLexer.isIdentifierPart(b) || b == 0x2E || b == 0x3F), annotation(&s) { return }
            if JavaScriptLexer.isIdentifierStart(b) { word(&s); return }
            punctuation(&s)
        }

        mutating func word(_ s: inout SourceScanner) {
            let start = s.position
            var end = start
            while end < s.count && JavaScriptLexer.isIdentifierPart(s.bytes[end]) { end += 1 }
            let w = s.bytes[start..<end]
            func emit(_ kind: TokenKind, regex: Bool = false) { s.position = end; s.emit(kind, from: start); regexAllowed = regex }
            if typeScript {
                if JavaScriptLexer.tsKeywords.contains(w) { emit(.keyword, regex: true); return }
                if JavaScriptLexer.tsDeclarations.contains(w) { emit(.keywordDeclaration, regex: true); return }
                if JavaScriptLexer.tsReserved.contains(w) { emit(.keywordReserved); return }
                if JavaScriptLexer.tsTypes.contains(w) { emit(.keywordType); return }
            }
            if JavaScriptLexer.operatorWords.contains(w) { emit(.operatorWord, regex: true); return }
            if JavaScriptLexer.reservedWords.contains(w) { emit(.keywordReserved); return }
            if JavaScriptLexer.keywords.contains(w) { emit(.keyword, regex: true); return }
            if JavaScriptLexer.declarations.contains(w) { emit(.keywordDeclaration, regex: true); return }
            if JavaScriptLexer.reserved.contains(w) { emit(.keywordReserved); return }
            if JavaScriptLexer.constants.contains(w) { emit(.keywordConstant); return }
            if JavaScriptLexer.builtins.contains(w) { emit(.nameBuiltin); return }
            if JavaScriptLexer.exceptions.contains(w) { emit(.nameException); return }
            emit(.nameOther)
        }

        /// TypeScript's `name: Type` (a property, a parameter, and its type; the name may carry
        /// `?`, dots and `$`), unless the name is one of TypeScript's own keywords.
        mutating func annotation(_ s: inout SourceScanner) -> Bool {
            let start = s.position
            func isNamePart(_ c: UInt8) -> Bool { SourceScanner.isWordByte(c) || c == 0x3F || c == 0x2E || c == 0x24 }
            if !nameRun.contains(start) {
                var end = start
                while end < s.count && isNamePart(s.bytes[end]) { end += 1 }
                nameRun = start..<end
                nameRunAnnotation = end > start ? JavaScriptLexer.annotation(s, after: end) : nil
            }
            let end = nameRun.upperBound
            var wordEnd = start
            while wordEnd < s.count && JavaScriptLexer.isIdentifierPart(s.bytes[wordEnd]) { wordEnd += 1 }
            let w = s.bytes[start..<wordEnd]
            if wordEnd > start && (JavaScriptLexer.tsKeywords.contains(w) || JavaScriptLexer.tsDeclarations.contains(w)
                                   || JavaScriptLexer.tsReserved.contains(w) || JavaScriptLexer.tsTypes.contains(w)) { return false }
            guard end > start, let typeRange = nameRunAnnotation else { return false }
            s.position = end
            s.emit(.nameOther, from: start)
            let ws1 = s.position; s.position = typeRange.colon; s.emit(.whitespace, from: ws1)
            s.single(.operator)
            let ws2 = s.position; s.position = typeRange.type.lowerBound; s.emit(.whitespace, from: ws2)
            s.position = typeRange.type.upperBound
            s.emit(.keywordType, from: typeRange.type.lowerBound)
            regexAllowed = false
            return true
        }

        mutating func punctuation(_ s: inout SourceScanner) {
            let start = s.position
            if s.starts(with: "...") || s.starts(with: "=>") {
                s.position += s.peek() == 0x2E ? 3 : 2
                s.emit(.punctuation, from: start)
                regexAllowed = false
                return
            }
            if let n = JavaScriptLexer.operatorLength(s) {
                s.position += n
                s.emit(.operator, from: start)
                regexAllowed = true
                return
            }
            let b = s.peek()
            switch b {
            case 0x7B, 0x28, 0x5B, 0x3B, 0x2C:
                if b == 0x7B && !braceDepth.isEmpty { braceDepth[braceDepth.count - 1] += 1 }
                s.single(.punctuation)
                regexAllowed = true
            case 0x7D, 0x29, 0x5D, 0x2E:
                if b == 0x7D && !braceDepth.isEmpty { braceDepth[braceDepth.count - 1] -= 1 }
                s.single(.punctuation)
            case 0x5C where s.peek(1) == 0x0A:
                s.single(.operator)
            default:
                s.single(.error)
            }
        }
    }

    /// `name : type` after an identifier ending at `end`, as TypeScript's rule reads it.
    static func annotation(_ s: SourceScanner, after end: Int) -> (colon: Int, type: Range<Int>)? {
        var i = end
        while i < s.count && SourceScanner.isSpace(s.bytes[i]) { i += 1 }
        guard i < s.count, s.bytes[i] == 0x3A, i + 1 >= s.count || s.bytes[i + 1] != 0x3A else { return nil }
        let colon = i
        i += 1
        while i < s.count && SourceScanner.isSpace(s.bytes[i]) { i += 1 }
        let typeStart = i
        while i < s.count && (SourceScanner.isWordByte(s.bytes[i]) || s.bytes[i] == 0x3F || s.bytes[i] == 0x2E || s.bytes[i] == 0x24) { i += 1 }
        return i > typeStart ? (colon, typeStart..<i) : nil
    }

    /// The length of an operator at the position, or nil.
    static func operatorLength(_ s: SourceScanner) -> Int? {
        for op: StaticString in ["++", "--", "??=", "??"] where s.starts(with: op) { return op.utf8CodeUnitCount }
        let b = s.peek()
        if b == 0x7E || b == 0x3F || b == 0x3A { return 1 }
        var n: Int
        if s.starts(with: ">>>") { n = 3 } else if s.starts(with: "<<") || s.starts(with: ">>") || s.starts(with: "==") || s.starts(with: "!=")
            || s.starts(with: "**") || s.starts(with: "||") || s.starts(with: "&&") { n = 2 } else if [0x3D, 0x21, 0x2D, 0x3C, 0x3E, 0x2B, 0x2A, 0x25, 0x26, 0x7C, 0x5E, 0x2F].contains(b) { n = 1 } else { return nil }
        if s.peek(n) == 0x3D { n += 1 }
        return n
    }

    /// The length of a regular expression literal at a `/`, or nil when it is none.
    static func regexLength(_ s: SourceScanner) -> Int? {
        guard s.peek(1) != 0x2F && s.peek(1) != 0x2A else { return nil }
        var i = 1
        var inClass = false
        while true {
            let c = s.peek(i)
            if c == 0 || c == 0x0A { return nil }
            if c == 0x5C { i += 2; continue }
            if c == 0x5B { inClass = true } else if c == 0x5D { inClass = false } else if c == 0x2F && !inClass { break }
            i += 1
        }
        i += 1
        while SourceScanner.isLetter(s.peek(i)) { i += 1 }
        return i
    }

    static func number(_ s: inout SourceScanner) {
        let start = s.position
        let b1 = s.peek(1) | 0x20
        if s.peek() == 0x30 && b1 == 0x62 && (s.peek(2) == 0x30 || s.peek(2) == 0x31) {
            s.position += 2; s.skip { $0 == 0x30 || $0 == 0x31 }; if s.peek() == 0x6E { s.position += 1 }; s.emit(.numberBin, from: start); return
        }
        if s.peek() == 0x30 && b1 == 0x78 && SourceScanner.isHexDigit(s.peek(2)) {
            s.position += 2; s.skip(while: SourceScanner.isHexDigit); if s.peek() == 0x6E { s.position += 1 }; s.emit(.numberHex, from: start); return
        }
        if s.peek() == 0x30 && ((b1 == 0x6F && s.peek(2) >= 0x30 && s.peek(2) <= 0x37) || (s.peek(1) >= 0x30 && s.peek(1) <= 0x37)) {
            s.position += b1 == 0x6F ? 2 : 1; s.skip { $0 >= 0x30 && $0 <= 0x37 }; if s.peek() == 0x6E { s.position += 1 }; s.emit(.numberOct, from: start); return
        }
        s.skip(while: SourceScanner.isDigit)
        if s.peek() == 0x6E && s.position > start { s.position += 1; s.emit(.numberInteger, from: start); return }
        if s.peek() == 0x2E { s.position += 1; s.skip(while: SourceScanner.isDigit) }
        if let j = s.exponentDigits(at: 0) { s.position += j; s.skip(while: SourceScanner.isDigit) }
        s.emit(.numberFloat, from: start)
    }

    /// A template literal's text after its backtick (or after a field), to its closing backtick
    /// or the next `${`.
    static func template(_ s: inout SourceScanner, state: inout State) {
        let start = s.position
        while !s.isAtEnd {
            let b = s.peek()
            if b == 0x60 {
                s.emit(.stringBacktick, from: start)
                s.single(.stringBacktick)
                state.regexAllowed = false
                return
            }
            if b == 0x5C { s.position = min(s.position + 2, s.count); continue }
            if b == 0x24 && s.peek(1) == 0x7B {
                s.emit(.stringBacktick, from: start)
                let a = s.position
                s.position += 2
                s.emit(.stringInterpol, from: a)
                state.braceDepth.append(0)
                state.regexAllowed = true
                return
            }
            s.position += 1
        }
        s.emit(.stringBacktick, from: start)
    }
}
