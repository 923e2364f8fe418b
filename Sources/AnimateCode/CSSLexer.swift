/// CSS, with Pygments' CSS token kinds: selectors' tags, classes (Name.Class), ids
/// (Name.Namespace) and pseudo-classes (Name.Decorator); known properties as Keyword, custom
/// ones (`--x`) as Name.Variable; keyword values and colours as Keyword.Constant, functions as
/// Name.Builtin (CSS's own) or Name.Function, numbers with their units as Keyword.Type.
enum CSSLexer {
    enum State { case root, atRule, atContent, content, value, function, numericEnd }

    /// CSS 2.1's vendor prefixes (section 4.1.2.2).
    static let vendorPrefixes: [StaticString] = ["-ms-", "mso-", "-moz-", "-o-", "-xv-", "-atsc-", "-wap-", "-khtml-", "-webkit-",
                                                 "prince-", "-ah-", "-hp-", "-ro-", "-rim-", "-tc-"]

    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var stack: [State] = [.root]
        return s.lex({ step(&$0, &stack) }, atNewline: { stack = [.root] })
    }

    static func isWord(_ b: UInt8) -> Bool { SourceScanner.isWordByte(b) || b == 0x2D }
    static func isNameStart(_ b: UInt8) -> Bool { SourceScanner.isLetter(b) || b == 0x5F }

    static func take(_ s: inout SourceScanner, _ n: Int, _ kind: TokenKind) {
        let a = s.position
        s.position += n
        s.emit(kind, from: a)
    }

    static func pop(_ stack: inout [State], _ n: Int) {
        if n >= stack.count { stack.removeSubrange(1...) } else { stack.removeLast(n) }
    }

    static func step(_ s: inout SourceScanner, _ stack: inout [State]) -> Bool {
        let b = s.peek()
        switch stack[stack.count - 1] {
        case .root:
            return basics(&s, &stack)
        case .atRule:
            if b == 0x7B { s.single(.punctuation); stack.append(.atContent); return true }
            if b == 0x3B { s.single(.punctuation); pop(&stack, 1); return true }
            return basics(&s, &stack)
        case .atContent:
            if basics(&s, &stack) { return true }
            if b == 0x7D { s.single(.punctuation); pop(&stack, 2); return true }
            return false
        case .content:
            if s.whitespace() { return true }
            if b == 0x7D { s.single(.punctuation); pop(&stack, 1); return true }
            if b == 0x3B { s.single(.punctuation); return true }
            if b == 0x40 && (s.position == 0 || s.previous == 0x0A) { s.rest(ofLineAs: .commentPreproc); return true }
            if vendorPrefix(&s, .keywordPseudo) { return true }
            if let (end, colon) = declaration(s) {
                let name = s.bytes[s.position..<end]
                let kind: TokenKind = CSSWords.properties.contains(name) ? .keyword : name.first == 0x2D ? .nameVariable : .name
                take(&s, end - s.position, kind)
                take(&s, colon - s.position, .whitespace)
                s.single(.punctuation)
                stack.append(.value)
                return true
            }
            if s.starts(with: "/*") { return comment(&s) }
            return false
        case .value:
            if s.whitespace() { return true }
            if vendorPrefix(&s, .nameBuiltinPseudo) { return true }
            if url(&s) { return true }
            if function(&s, &stack) { return true }
            for (list, kind) in [(CSSWords.values, TokenKind.keywordConstant), (CSSWords.colors, .keywordConstant), (CSSWords.properties, .keyword)] {
                if let n = keywordLength(s, in: list) { take(&s, n, kind); return true }
            }
            if s.starts(with: "!important") { take(&s, 10, .commentPreproc); return true }
            if s.starts(with: "/*") && comment(&s) { return true }
            if numeric(&s, &stack) { return true }
            if let n = run(s, of: Array("~^*!%&<>|+=@:./?-".utf8)) { take(&s, n, .operator); return true }
            if let n = run(s, of: Array("[](),".utf8)) { take(&s, n, .punctuation); return true }
            if string(&s) { return true }
            if isNameStart(b) { let a = s.position; s.skip(while: isWord); s.emit(.name, from: a); return true }
            if b == 0x3B { s.single(.punctuation); pop(&stack, 1); return true }
            if b == 0x7D { s.single(.punctuation); pop(&stack, 2); return true }
            return false
        case .function:
            if s.whitespace() { return true }
            if b == 0x2D { if let n = customName(s) { take(&s, n, .nameVariable); return true } }
            if url(&s) { return true }
            if vendorPrefix(&s, .keywordPseudo) { return true }
            for list in [CSSWords.values, CSSWords.colors] {
                if let n = keywordLength(s, in: list) { take(&s, n, .keywordConstant); return true }
            }
            if function(&s, &stack) { return true }
            if s.starts(with: "/*") && comment(&s) { return true }
            if numeric(&s, &stack) { return true }
            if b == 0x2A || b == 0x2B || b == 0x2F || b == 0x2D { s.single(.operator); return true }
            if b == 0x2C { s.single(.punctuation); return true }
            if string(&s) { return true }
            if isNameStart(b) || b == 0x2D { let a = s.position; s.position += 1; s.skip(while: SourceScanner.isWordByte); s.emit(.name, from: a); return true }
            if b == 0x29 { s.single(.punctuation); pop(&stack, 1); return true }
            return false
        case .numericEnd:
            if let n = keywordLength(s, in: CSSWords.units) { take(&s, n, .keywordType); return true }
            if b == 0x25 { s.single(.keywordType); return true }
            pop(&stack, 1)
            return true
        }
    }

    /// Selectors, at-rules, blocks: what the top level and at-rules share.
    static func basics(_ s: inout SourceScanner, _ stack: inout [State]) -> Bool {
        let b = s.peek()
        if s.whitespace() { return true }
        if s.starts(with: "/*") { return comment(&s) }
        if b == 0x7B { s.single(.punctuation); stack.append(.content); return true }
        if b == 0x3A {
            let colons = s.peek(1) == 0x3A ? 2 : 1
            if isWord(s.peek(colons)) {
                take(&s, colons, .punctuation)
                let a = s.position; s.skip(while: isWord); s.emit(.nameDecorator, from: a)
                return true
            }
        }
        for (mark, kind) in [(UInt8(0x2E), TokenKind.nameClass), (0x23, .nameNamespace), (0x40, .keyword)] where b == mark && isWord(s.peek(1)) {
            s.single(.punctuation)
            let a = s.position; s.skip(while: isWord); s.emit(kind, from: a)
            if mark == 0x40 { stack.append(.atRule) }
            return true
        }
        if isWord(b) { let a = s.position; s.skip(while: isWord); s.emit(.nameTag, from: a); return true }
        if Array("~^*!%&$[]()<>|+=@:;,./?-".utf8).contains(b) { s.single(.operator); return true }
        return string(&s)
    }

    /// A closed comment (an unclosed `/*` is not one, as in Pygments).
    static func comment(_ s: inout SourceScanner) -> Bool {
        var j = s.position + 2
        while j + 1 < s.count && !(s.bytes[j] == 0x2A && s.bytes[j + 1] == 0x2F) { j += 1 }
        guard j + 1 < s.count else { return false }
        take(&s, j + 2 - s.position, .comment)
        return true
    }

    /// A closed string in single or double quotes, backslash escapes inside.
    static func string(_ s: inout SourceScanner) -> Bool {
        let q = s.peek()
        guard q == 0x22 || q == 0x27 else { return false }
        var j = s.position + 1
        while j < s.count && s.bytes[j] != q { j += s.bytes[j] == 0x5C ? 2 : 1 }
        guard j < s.count else { return false }
        take(&s, j + 1 - s.position, q == 0x22 ? .stringDouble : .stringSingle)
        return true
    }

    static func vendorPrefix(_ s: inout SourceScanner, _ kind: TokenKind) -> Bool {
        for p in vendorPrefixes where s.starts(with: p) { take(&s, p.utf8CodeUnitCount, kind); return true }
        return false
    }

    /// A declaration's name, spaces and colon: where the name ends and where the colon is.
    static func declaration(_ s: SourceScanner) -> (Int, Int)? {
        var j = s.position
        while j < s.count && s.bytes[j] == 0x2D { j += 1 }
        guard j < s.count && isNameStart(s.bytes[j]) else { return nil }
        while j < s.count && isWord(s.bytes[j]) { j += 1 }
        let colon = j + s.spaceCount(at: j)
        return colon < s.count && s.bytes[colon] == 0x3A ? (j, colon) : nil
    }

    /// The longest word of `list` at the position that ends at a word boundary (a `-` is one).
    static func keywordLength(_ s: SourceScanner, in list: WordSet) -> Int? {
        var end = s.position
        while end < s.count && isWord(s.bytes[end]) { end += 1 }
        var e = end
        while e > s.position {
            if list.contains(s.bytes[s.position..<e]) { return e - s.position }
            e -= 1
            while e > s.position && s.bytes[e] != 0x2D { e -= 1 }
        }
        return nil
    }

    /// `url(...)`, quoted or not, on one line.
    static func url(_ s: inout SourceScanner) -> Bool {
        guard s.starts(with: "url(") else { return false }
        var j = s.position + 4
        while j < s.count && s.bytes[j] != 0x29 && s.bytes[j] != 0x0A { j += 1 }
        guard j < s.count && s.bytes[j] == 0x29 else { return false }
        let inner = s.bytes[(s.position + 4)..<j]
        let quote = inner.first
        let kind: TokenKind = quote == 0x22 && inner.count > 1 && inner.last == 0x22 ? .stringDouble
            : quote == 0x27 && inner.count > 1 && inner.last == 0x27 ? .stringSingle : TokenKind("Literal.String.Other")
        take(&s, 3, .nameBuiltin)
        s.single(.punctuation)
        take(&s, inner.count, kind)
        s.single(.punctuation)
        return true
    }

    /// A function call's name and `(`: CSS's own functions as Name.Builtin.
    static func function(_ s: inout SourceScanner, _ stack: inout [State]) -> Bool {
        guard isNameStart(s.peek()) else { return false }
        var j = s.position + 1
        while j < s.count && isWord(s.bytes[j]) { j += 1 }
        guard j < s.count && s.bytes[j] == 0x28 else { return false }
        let builtin = CSSWords.functions.contains(s.bytes[s.position..<j])
        guard builtin || j > s.position + 1 else { return false }
        take(&s, j - s.position, builtin ? .nameBuiltin : .nameFunction)
        s.single(.punctuation)
        stack.append(.function)
        return true
    }

    /// `#abc123`, `-1.5`, `42`: colours as Number.Hex, numbers then their unit.
    static func numeric(_ s: inout SourceScanner, _ stack: inout [State]) -> Bool {
        let b = s.peek()
        if b == 0x23 {
            var n = 1
            while n <= 6 && (SourceScanner.isLetter(s.peek(n)) || SourceScanner.isDigit(s.peek(n))) { n += 1 }
            if n > 1 { take(&s, n, .numberHex); return true }
            return false
        }
        var j = s.position
        if b == 0x2B || b == 0x2D { j += 1 }
        let d0 = j
        while j < s.count && SourceScanner.isDigit(s.bytes[j]) { j += 1 }
        if j < s.count && s.bytes[j] == 0x2E && j + 1 < s.count && SourceScanner.isDigit(s.bytes[j + 1]) {
            j += 1
            while j < s.count && SourceScanner.isDigit(s.bytes[j]) { j += 1 }
            take(&s, j - s.position, .numberFloat)
            stack.append(.numericEnd)
            return true
        }
        guard j > d0 else { return false }
        take(&s, j - s.position, .numberInteger)
        stack.append(.numericEnd)
        return true
    }

    /// `--name-like-this`: dashes, then runs that start with a letter, each with its dashes.
    static func customName(_ s: SourceScanner) -> Int? {
        var j = s.position
        while j < s.count && s.bytes[j] == 0x2D { j += 1 }
        var groups = 0
        while j < s.count && SourceScanner.isLetter(s.bytes[j]) {
            j += 1
            while j < s.count && (SourceScanner.isWordByte(s.bytes[j]) || s.bytes[j] == 0x2B) { j += 1 }
            while j < s.count && s.bytes[j] == 0x2D { j += 1 }
            groups += 1
        }
        return groups > 0 ? j - s.position : nil
    }

    /// How many bytes from the position are in `set` (nil when none).
    static func run(_ s: SourceScanner, of set: [UInt8]) -> Int? {
        var j = s.position
        while j < s.count && set.contains(s.bytes[j]) { j += 1 }
        return j > s.position ? j - s.position : nil
    }
}
