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

    static func isStart(_ b: UInt8) -> Bool { SourceScanner.isLetter(b) || b == 0x5F || b == 0x24 || b >= 0x80 }
    static func isPart(_ b: UInt8) -> Bool { isStart(b) || SourceScanner.isDigit(b) }

    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var next: TokenKind?          // the kind of the next name (after class, package, import, var)
        var method: Range<Int>?       // a declared method's name, found ahead
        while !s.isAtEnd { step(&s, &next, &method) }
        return s.tokens
    }

    /// A method declaration from `start`, as Pygments' pattern reads it: one or more words (with
    /// dots, brackets, generics) each followed by spaces, then the name and `(`; the name's bytes.
    static func methodName(_ s: SourceScanner, at start: Int) -> Range<Int>? {
        let limit = min(s.count, start + 1024)
        var i = start
        var words = 0
        while i < limit {
            guard isStart(s.bytes[i]) else { return nil }
            // Could this word be the name? It needs words before it.
            if words > 0 {
                var j = i + 1
                while j < limit && isPart(s.bytes[j]) { j += 1 }
                var k = j
                while k < limit && SourceScanner.isSpace(s.bytes[k]) { k += 1 }
                if k < limit && s.bytes[k] == 0x28 { return i..<j }
            }
            // Else it is another return word: [\w.\[\]$<>?]* then spaces.
            var j = i + 1
            while j < limit && (isPart(s.bytes[j]) || [0x2E, 0x5B, 0x5D, 0x3C, 0x3E, 0x3F].contains(s.bytes[j])) { j += 1 }
            var k = j
            while k < limit && SourceScanner.isSpace(s.bytes[k]) { k += 1 }
            guard k > j else { return nil }
            words += 1
            i = k
        }
        return nil
    }

    static func step(_ s: inout SourceScanner, _ next: inout TokenKind?, _ method: inout Range<Int>?) {
        let b = s.peek()
        let start = s.position
        if let m = method, start == m.lowerBound { s.position = m.upperBound; s.emit(.nameFunction, from: start); method = nil; return }
        if s.whitespace() { return }
        if s.starts(with: "//") { s.rest(ofLineAs: .commentSingle); return }
        if s.starts(with: "/*") { s.blockComment(.commentMultiline); return }
        if let kind = next {
            if kind == .nameNamespace {
                let n = s.skip { SourceScanner.isWordByte($0) || $0 == 0x2E }
                if n > 0 { if s.peek() == 0x2A { s.position += 1 }; s.emit(kind, from: start); next = nil; return }
                next = nil
            } else if isStart(b) {
                s.skip(while: isPart)
                s.emit(kind, from: start)
                next = nil
                return
            } else {
                next = nil
            }
        }
        if isStart(b) {
            let end = start + s.word().count
            var w = s.bytes[start..<end]
            // `$` is part of Java names but not of the scanner's words.
            var e = end
            while e < s.count && isPart(s.bytes[e]) { e += 1 }
            w = s.bytes[start..<e]
            func emit(_ kind: TokenKind) { s.position = e; s.emit(kind, from: start) }
            if keywords.contains(w) { emit(.keyword); return }
            if method == nil, let name = methodName(s, at: start) {
                method = name
                if name.lowerBound == start { emit(.nameFunction); method = nil; return }
            }
            // A label or `default:` at a line's start.
            var lineStart = start - 1
            while lineStart >= 0 && (s.bytes[lineStart] == 0x20 || s.bytes[lineStart] == 0x09) { lineStart -= 1 }
            if lineStart < 0 || s.bytes[lineStart] == 0x0A, e < s.count, s.bytes[e] == 0x3A, !(e + 1 < s.count && s.bytes[e + 1] == 0x3A) {
                emit(w.elementsEqual("default".utf8) ? .keyword : .nameLabel)
                return
            }
            if w.elementsEqual("record".utf8) && lineStart < 0 || (w.elementsEqual("record".utf8) && s.bytes[max(lineStart, 0)] == 0x0A) {
                emit(.keywordDeclaration); next = .nameClass; return
            }
            if declarations.contains(w) {
                // `non-sealed` is one modifier.
                if w.elementsEqual("non".utf8) && s.bytes[e..<min(e + 7, s.count)].elementsEqual("-sealed".utf8) { s.position = e + 7; s.emit(.keywordDeclaration, from: start); return }
                if !w.elementsEqual("non".utf8) { emit(.keywordDeclaration); return }
            }
            if types.contains(w) { emit(.keywordType); return }
            if w.elementsEqual("package".utf8) && e < s.count && SourceScanner.isSpace(s.bytes[e]) { emit(.keywordNamespace); next = .nameNamespace; return }
            if constants.contains(w) { emit(.keywordConstant); return }
            if w.elementsEqual("class".utf8) || w.elementsEqual("interface".utf8) { emit(.keywordDeclaration); next = .nameClass; return }
            if w.elementsEqual("module".utf8) { emit(.keywordDeclaration); next = .nameClass; return }
            if w.elementsEqual("var".utf8) && e < s.count && SourceScanner.isSpace(s.bytes[e]) { emit(.keywordDeclaration); next = .name; return }
            if w.elementsEqual("import".utf8) && e < s.count && SourceScanner.isSpace(s.bytes[e]) {
                // `import static` and `import module` are one keyword.
                var k = e
                while k < s.count && SourceScanner.isSpace(s.bytes[k]) { k += 1 }
                for more in ["static", "module"] where s.bytes[k..<min(k + more.utf8.count, s.count)].elementsEqual(more.utf8)
                    && (k + more.utf8.count >= s.count || !isPart(s.bytes[k + more.utf8.count])) {
                    s.position = k + more.utf8.count
                    s.emit(.keywordNamespace, from: start)
                    next = .nameNamespace
                    return
                }
                emit(.keywordNamespace)
                next = .nameNamespace
                return
            }
            emit(.name)
            return
        }
        if b == 0x40 && isStart(s.peek(1)) {
            s.position += 1
            s.skip { SourceScanner.isWordByte($0) || $0 == 0x2E }
            s.emit(.nameDecorator, from: start)
            return
        }
        if s.starts(with: "\"\"\"\n") || s.starts(with: "\"\"\"\r") {
            s.position += 3
            while !s.isAtEnd && !s.starts(with: "\"\"\"") { s.position += s.peek() == 0x5C ? 2 : 1 }
            s.position = min(s.position + 3, s.count)
            s.emit(.string, from: start)
            return
        }
        if b == 0x22 {
            s.position += 1
            while !s.isAtEnd && s.peek() != 0x22 { s.position += s.peek() == 0x5C && s.position + 1 < s.count ? 2 : 1 }
            s.position = min(s.position + 1, s.count)
            s.emit(.string, from: start)
            return
        }
        if b == 0x27 {
            var n = 0
            if s.peek(1) == 0x5C && s.peek(2) == 0x75 && (3..<7).allSatisfy({ SourceScanner.isHexDigit(s.peek($0)) }) && s.peek(7) == 0x27 { n = 8 }
            else if s.peek(1) == 0x5C && s.peek(3) == 0x27 { n = 4 }
            else if s.peek(1) != 0x5C && s.peek(1) != 0 {
                let j = 1 + s.characterLength(at: 1)
                if s.peek(j) == 0x27 { n = j + 1 }
            }
            if n > 0 { s.position += n; s.emit(.stringChar, from: start); return }
        }
        if b == 0x2E && isStart(s.peek(1)) {
            s.single(.punctuation)
            let a = s.position
            s.skip(while: isPart)
            s.emit(.nameAttribute, from: a)
            return
        }
        if SourceScanner.isDigit(b) || (b == 0x2E && SourceScanner.isDigit(s.peek(1))) { number(&s); return }
        if [0x7E, 0x5E, 0x2A, 0x21, 0x25, 0x26, 0x5B, 0x5D, 0x3C, 0x3E, 0x7C, 0x2B, 0x3D, 0x2F, 0x3F, 0x2D].contains(b) { s.single(.operator); return }
        if [0x7B, 0x7D, 0x28, 0x29, 0x3B, 0x3A, 0x2E, 0x2C].contains(b) { s.single(.punctuation); return }
        s.single(.error)
    }

    static func number(_ s: inout SourceScanner) {
        let start = s.position
        func digits(_ t: (UInt8) -> Bool) { s.skip { t($0) || $0 == 0x5F } }
        func exponent() { if let j = s.exponentDigits(at: 0) { s.position += j; digits(SourceScanner.isDigit) } }
        if s.peek() == 0x30 && s.peek(1) | 0x20 == 0x78 && SourceScanner.isHexDigit(s.peek(2)) {
            s.position += 2; digits(SourceScanner.isHexDigit)
            if [0x6C, 0x4C].contains(s.peek()) { s.position += 1 }
            s.emit(.numberHex, from: start); return
        }
        if s.peek() == 0x30 && s.peek(1) | 0x20 == 0x62 && (s.peek(2) == 0x30 || s.peek(2) == 0x31) {
            s.position += 2; digits { $0 == 0x30 || $0 == 0x31 }
            if [0x6C, 0x4C].contains(s.peek()) { s.position += 1 }
            s.emit(.numberBin, from: start); return
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
        if float { s.emit(.numberFloat, from: start); return }
        if [0x6C, 0x4C].contains(s.peek()) { s.position += 1 }
        let text = s.bytes[start..<s.position]
        let octal = text.count > 1 && text.first == 0x30
        s.emit(octal ? .numberOct : .numberInteger, from: start)
    }
}
