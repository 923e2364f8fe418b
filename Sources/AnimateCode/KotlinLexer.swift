/// Kotlin, with Pygments' Kotlin token kinds: modifiers and `class`/`fun`/`val` as
/// Keyword.Declaration, the declared name after them (Name.Class, Name.Function, Name.Variable),
/// names after a dot as Name.Attribute, annotations and labels as Name.Decorator, string
/// templates (`$name`, `${...}`) as String.Interpol around ordinary code.
enum KotlinLexer {
    enum State { case root, declaredClass, variable, destructuring, function, generic, string, multilineString, interpolation, scope }

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

    static func isStart(_ b: UInt8) -> Bool { SourceScanner.isLetter(b) || b == 0x5F || b >= 0x80 }

    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var stack: [State] = [.root]
        while !s.isAtEnd { step(&s, &stack) }
        return s.tokens
    }

    /// Where a name (`@`-prefixed or not, or in backticks) starting at byte `i` ends, or nil.
    static func nameEnd(_ s: SourceScanner, at i: Int) -> Int? {
        var j = i
        if j < s.count && s.bytes[j] == 0x40 { j += 1 }
        guard j < s.count else { return nil }
        if s.bytes[j] == 0x60 {
            var k = j + 1
            while k < s.count && s.bytes[k] != 0x60 && s.bytes[k] != 0x0A { k += 1 }
            return k < s.count && s.bytes[k] == 0x60 && k > j + 1 ? k + 1 : nil
        }
        guard isStart(s.bytes[j]) else { return nil }
        j += 1
        while j < s.count && SourceScanner.isWordByte(s.bytes[j]) { j += 1 }
        return j
    }

    static func wordEnd(_ s: SourceScanner, at i: Int) -> Int {
        var j = i
        while j < s.count && SourceScanner.isWordByte(s.bytes[j]) { j += 1 }
        return j
    }

    /// One step in whatever state is on top; a state that matches nothing takes one character as
    /// Error (a newline returns to the root, as Pygments does).
    static func step(_ s: inout SourceScanner, _ stack: inout [State]) {
        let state = stack[stack.count - 1]
        let start = s.position
        let b = s.peek()
        switch state {
        case .root:
            if root(&s, &stack) { return }
        case .declaredClass:
            if b == 0x7B { s.single(.punctuation); stack.removeLast(); return }
            if let e = nameEnd(s, at: start) { s.position = e; s.emit(.nameClass, from: start); stack.removeLast(); return }
        case .variable:
            if let e = nameEnd(s, at: start) { s.position = e; s.emit(.nameVariable, from: start); stack.removeLast(); return }
        case .destructuring:
            if b == 0x2C { s.single(.punctuation); return }
            if s.whitespace() { return }
            if let e = nameEnd(s, at: start) { s.position = e; s.emit(.nameVariable, from: start); return }
            if b == 0x3A {
                let ws = s.spaceCount(at: start + 1)
                if ws > 0, let e = nameEnd(s, at: start + 1 + ws) {
                    s.single(.punctuation)
                    s.position += ws; s.emit(.whitespace, from: start + 1)
                    s.position = e; s.emit(.name, from: start + 1 + ws)
                    return
                }
            }
            if b == 0x3C { s.single(.operator); stack.append(.generic); return }
            if b == 0x29 { s.single(.punctuation); stack.removeLast(); return }
        case .function:
            if b == 0x3C { s.single(.operator); stack.append(.generic); return }
            if let e = nameEnd(s, at: start) {
                if e < s.count && s.bytes[e] == 0x2E, let f = nameEnd(s, at: e + 1) {
                    s.position = e; s.emit(.name, from: start)
                    s.single(.punctuation)
                    s.position = f; s.emit(.nameFunction, from: e + 1)
                } else {
                    s.position = e; s.emit(.nameFunction, from: start)
                }
                stack.removeLast()
                return
            }
        case .generic:
            if b == 0x3E {
                s.single(.operator)
                let ws = s.spaceCount(at: s.position)
                let a = s.position
                s.position += ws; s.emit(.whitespace, from: a)
                stack.removeLast()
                return
            }
            if b == 0x3A || b == 0x2C { s.single(.punctuation); return }
            if isStart(b) {
                let e = wordEnd(s, at: start)
                let w = s.bytes[start..<e]
                if w.elementsEqual("reified".utf8) || w.elementsEqual("out".utf8) || w.elementsEqual("in".utf8) {
                    s.position = e; s.emit(.keyword, from: start); return
                }
            }
            if s.whitespace() { return }
            if let e = nameEnd(s, at: start) { s.position = e; s.emit(.name, from: start); return }
        case .string, .multilineString:
            if state == .multilineString && s.starts(with: "\"\"\"") { s.position += 3; s.emit(.string, from: start); stack.removeLast(); return }
            if b == 0x22 {
                s.single(.string)
                if state == .string { stack.removeLast() }
                return
            }
            if stringCommon(&s, &stack) { return }
        case .interpolation:
            if b == 0x22 { s.single(.string); return }
            if s.starts(with: "${") { s.position += 2; s.emit(.stringInterpol, from: start); stack.append(.interpolation); return }
            if b == 0x7B { s.single(.punctuation); stack.append(.scope); return }
            if b == 0x7D { s.single(.stringInterpol); stack.removeLast(); return }
            if root(&s, &stack) { return }
        case .scope:
            if b == 0x7B { s.single(.punctuation); stack.append(.scope); return }
            if b == 0x7D { s.single(.punctuation); stack.removeLast(); return }
            if root(&s, &stack) { return }
        }
        if b == 0x0A { stack = [.root]; s.single(.whitespace); return }
        s.single(.error)
    }

    /// A string's escapes, templates and text.
    static func stringCommon(_ s: inout SourceScanner, _ stack: inout [State]) -> Bool {
        let start = s.position
        let b = s.peek()
        if b == 0x5C {
            s.position += s.peek(1) == 0x5C || s.peek(1) == 0x22 ? 2 : 1
            s.emit(.string, from: start)
            return true
        }
        if b == 0x24 {
            if s.peek(1) == 0x7B { s.position += 2; s.emit(.stringInterpol, from: start); stack.append(.interpolation); return true }
            if SourceScanner.isWordByte(s.peek(1)) {
                s.single(.stringInterpol)
                let a = s.position
                s.skip(while: SourceScanner.isWordByte)
                s.emit(.name, from: a)
                return true
            }
            return false
        }
        s.skip { $0 != 0x5C && $0 != 0x22 && $0 != 0x24 }
        s.emit(.string, from: start)
        return true
    }

    /// The words of a declaration's modifiers (each followed by whitespace) from byte `i`, and
    /// the word after them: [(start, end)] and the last word's range.
    static func declaration(_ s: SourceScanner, at i: Int, allowingFun: Bool) -> (modifiers: [Range<Int>], last: Range<Int>)? {
        var list: [Range<Int>] = []
        var j = i
        while j < s.count && isStart(s.bytes[j]) {
            let e = wordEnd(s, at: j)
            let w = s.bytes[j..<e]
            let ws = s.spaceCount(at: e)
            if (modifiers.contains(w) || (allowingFun && w.elementsEqual("fun".utf8))) && ws > 0 {
                list.append(j..<e)
                j = e + ws
                continue
            }
            return (list, j..<e)
        }
        return nil
    }

    /// Emits modifiers, the declaring word and the whitespace after it.
    static func emitDeclaration(_ s: inout SourceScanner, _ d: (modifiers: [Range<Int>], last: Range<Int>)) {
        for m in d.modifiers + [d.last] {
            if s.position < m.lowerBound { let a = s.position; s.position = m.lowerBound; s.emit(.whitespace, from: a) }
            s.position = m.upperBound
            s.emit(.keywordDeclaration, from: m.lowerBound)
        }
        let a = s.position
        s.position += s.spaceCount(at: a)
        s.emit(.whitespace, from: a)
    }

    static func root(_ s: inout SourceScanner, _ stack: inout [State]) -> Bool {
        let start = s.position
        let b = s.peek()
        if s.whitespace() { return true }
        if b == 0x5C && (s.peek(1) == 0x0A || start + 1 == s.count) { s.single(.stringEscape); return true }
        if s.starts(with: "//") { s.rest(ofLineAs: .commentSingle); return true }
        if s.starts(with: "#!/") && (start == 0 || s.bytes[start - 1] == 0x0A) { s.rest(ofLineAs: .commentSingle); return true }
        if s.starts(with: "/*") {
            var j = start + 2
            while j + 1 < s.count && !(s.bytes[j] == 0x2A && s.bytes[j + 1] == 0x2F) { j += 1 }
            if j + 1 < s.count { s.position = j + 2; s.emit(.commentMultiline, from: start); return true }
        }
        if s.starts(with: "as?") { s.position += 3; s.emit(.keyword, from: start); return true }
        if isStart(b) || b == 0x21 {
            var i = start
            while i < s.count && s.bytes[i] == 0x21 { i += 1 }
            let e = wordEnd(s, at: i)
            let w = s.bytes[i..<e]
            if i > start ? (w.elementsEqual("in".utf8) || w.elementsEqual("is".utf8)) : keywords.contains(w) {
                s.position = e; s.emit(.keyword, from: start); return true
            }
        }
        if isStart(b) {
            let e = wordEnd(s, at: start)
            let w = s.bytes[start..<e]
            func emit(_ kind: TokenKind, _ end: Int) { s.position = end; s.emit(kind, from: start) }
            if w.elementsEqual("it".utf8) { emit(.nameBuiltin, e); return true }
            if types.contains(w) { emit(.keywordType, e < s.count && s.bytes[e] == 0x3F ? e + 1 : e); return true }
            if constants.contains(w) { emit(.keywordConstant, e); return true }
            if w.elementsEqual("package".utf8) || w.elementsEqual("import".utf8) {
                let ws = s.spaceCount(at: e)
                var k = e + ws
                while k < s.count && !SourceScanner.isSpace(s.bytes[k]) { k += 1 }
                if ws > 0 && k > e + ws {
                    emit(.keyword, e)
                    s.position = e + ws; s.emit(.whitespace, from: e)
                    s.position = k; s.emit(.nameNamespace, from: e + ws)
                    return true
                }
            }
        }
        if (b == 0x2E || (b == 0x3F && s.peek(1) == 0x2E)) {
            let dot = b == 0x2E ? 1 : 2
            let c = s.peek(dot)
            if isStart(c) || c == 0x24 {
                s.position += dot; s.emit(dot == 1 ? .punctuation : .operator, from: start)
                let a = s.position
                s.skip { SourceScanner.isWordByte($0) || $0 == 0x24 }
                s.emit(.nameAttribute, from: a)
                return true
            }
        }
        if b == 0x40 && isStart(s.peek(1)) {
            s.position += 1
            s.skip { SourceScanner.isWordByte($0) || $0 == 0x2E }
            s.emit(.nameDecorator, from: start)
            return true
        }
        if isStart(b) {
            var j = start + 1
            while j < s.count && (SourceScanner.isWordByte(s.bytes[j]) || s.bytes[j] == 0x2E) { j += 1 }
            if j > start + 1 && j < s.count && s.bytes[j] == 0x40 { s.position = j + 1; s.emit(.nameDecorator, from: start); return true }
            let e = wordEnd(s, at: start)
            if s.bytes[start..<e].elementsEqual("object".utf8) {
                let ws = s.spaceCount(at: e)
                if ws > 0 && e + ws < s.count && s.bytes[e + ws] == 0x3A {
                    let ws2 = s.spaceCount(at: e + ws + 1)
                    if ws2 > 0 {
                        s.position = e; s.emit(.keyword, from: start)
                        s.position = e + ws; s.emit(.whitespace, from: e)
                        s.single(.punctuation)
                        s.position += ws2; s.emit(.whitespace, from: e + ws + 1)
                        stack.append(.declaredClass)
                        return true
                    }
                }
            }
            if let d = declaration(s, at: start, allowingFun: true), ["class", "interface", "object"].contains(where: { s.bytes[d.last].elementsEqual($0.utf8) }),
               s.spaceCount(at: d.last.upperBound) > 0 {
                emitDeclaration(&s, d)
                stack.append(.declaredClass)
                return true
            }
            if s.bytes[start..<e].elementsEqual("var".utf8) || s.bytes[start..<e].elementsEqual("val".utf8) {
                let ws = s.spaceCount(at: e)
                if ws > 0 && e + ws < s.count && s.bytes[e + ws] == 0x28 {
                    s.position = e; s.emit(.keywordDeclaration, from: start)
                    s.position = e + ws; s.emit(.whitespace, from: e)
                    s.single(.punctuation)
                    stack.append(.destructuring)
                    return true
                }
            }
            if let d = declaration(s, at: start, allowingFun: false), s.spaceCount(at: d.last.upperBound) > 0 {
                let last = s.bytes[d.last]
                if last.elementsEqual("var".utf8) || last.elementsEqual("val".utf8) {
                    emitDeclaration(&s, d); stack.append(.variable); return true
                }
                if last.elementsEqual("fun".utf8) { emitDeclaration(&s, d); stack.append(.function); return true }
            }
        }
        if s.starts(with: "::") || s.starts(with: "!!") || s.starts(with: "?:") || s.starts(with: "?.") {
            s.position += 2; s.emit(.operator, from: start); return true
        }
        if [0x7E, 0x5E, 0x2A, 0x21, 0x25, 0x26, 0x5B, 0x5D, 0x3C, 0x3E, 0x7C, 0x2B, 0x3D, 0x2F, 0x3F, 0x2D].contains(b) { s.single(.operator); return true }
        if [0x7B, 0x7D, 0x28, 0x29, 0x3B, 0x3A, 0x2E, 0x2C].contains(b) { s.single(.punctuation); return true }
        if s.starts(with: "\"\"\"") { s.position += 3; s.emit(.string, from: start); stack.append(.multilineString); return true }
        if b == 0x22 { s.single(.string); stack.append(.string); return true }
        if b == 0x27 {
            if s.peek(1) == 0x5C && s.peek(2) != 0 && s.peek(2 + s.characterLength(at: 2)) == 0x27 {
                s.position += 3 + s.characterLength(at: 2); s.emit(.stringChar, from: start); return true
            }
            if s.peek(1) != 0x5C && s.peek(1) != 0 && s.peek(1 + s.characterLength(at: 1)) == 0x27 {
                s.position += 2 + s.characterLength(at: 1); s.emit(.stringChar, from: start); return true
            }
        }
        if SourceScanner.isDigit(b) {
            // One digit, an optional fraction and exponent, a suffix (Pygments reads `123` as three).
            s.position += 1
            if s.peek() == 0x2E { s.position += 1; s.skip(while: SourceScanner.isDigit) }
            if s.peek() | 0x20 == 0x65 && (s.peek(1) == 0x2B || s.peek(1) == 0x2D) && SourceScanner.isDigit(s.peek(2)) {
                s.position += 2; s.skip(while: SourceScanner.isDigit)
            }
            if [0x66, 0x6C, 0x46, 0x4C].contains(s.peek()) { s.position += 1 }
            s.emit(.number, from: start)
            return true
        }
        if let e = nameEnd(s, at: start) {
            var end = e
            if end < s.count && s.bytes[end] == 0x3F && !(end + 1 < s.count && (s.bytes[end + 1] == 0x2E || s.bytes[end + 1] == 0x3A)) { end += 1 }
            s.position = end
            s.emit(.name, from: start)
            return true
        }
        return false
    }
}
