/// YAML, with Pygments' YAML token kinds: keys as Name.Tag, indicators (`-`, `:`, `|`, `[`) as
/// Punctuation.Indicator, plain values as Literal.Scalar.Plain (Name.Variable in flow
/// collections), quoted values as strings, block scalars as Name.Constant, tags as Keyword.Type,
/// anchors as Name.Label. Like Pygments, it follows the indentation to know where a block
/// scalar or a multi-line plain value ends.
enum YAMLLexer {
    enum State {
        case root, ignoredLine, yamlDirective, tagDirective, indentation, blockLine, flowSequence, flowMapping
        case blockScalarContent, blockScalarHeader, singleQuoted, doubleQuoted, plainBlockNewLine, plainBlock, plainFlow
    }

    static let indicator = TokenKind("Punctuation.Indicator")
    static let plain = TokenKind("Literal.Scalar.Plain")
    static let whitespaceError = TokenKind("Text.Whitespace.Error")

    /// The indentation Pygments tracks while it reads blocks.
    struct Context {
        var stack: [State] = [.root]
        var indentStack: [Int] = []
        var indent = -1
        var nextIndent = 0
        var blockScalarIndent: Int?
        /// The last run of key characters searched for a key's colon, and the colon found: later
        /// tokens of the same run reuse it, so a long line is searched once.
        var keyRun = 0..<0
        var keyColon: Int?

        mutating func pop(_ n: Int) {
            if n >= stack.count { stack.removeSubrange(1...) } else { stack.removeLast(n) }
        }

        mutating func reset() { indentStack = []; indent = -1; nextIndent = 0; blockScalarIndent = nil }

        /// A block collection indicator or a key's colon starts a deeper level.
        mutating func setIndent(length: Int, implicit: Bool) {
            if indent < nextIndent { indentStack.append(indent); indent = nextIndent }
            if !implicit { nextIndent += length }
        }
    }

    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var c = Context()
        return s.lex({ step(&$0, &c) }, atNewline: { c.stack = [.root] })
    }

    // Pieces of Pygments' patterns, in MULTILINE mode.
    static func isLineStart(_ s: SourceScanner, _ i: Int) -> Bool { i == 0 || s.bytes[i - 1] == 0x0A }
    static func isLineEnd(_ s: SourceScanner, _ i: Int) -> Bool { i >= s.count || s.bytes[i] == 0x0A }
    static func spaces(_ s: SourceScanner, _ i: Int) -> Int {
        var j = i
        while j < s.count && s.bytes[j] == 0x20 { j += 1 }
        return j - i
    }
    /// `(?=[ ]|$)`
    static func spaceOrEnd(_ s: SourceScanner, _ i: Int) -> Bool { isLineEnd(s, i) || s.bytes[i] == 0x20 }
    /// `\s` (no-break spaces too).
    static func isSpace(_ s: SourceScanner, _ i: Int) -> Bool {
        i < s.count && (SourceScanner.isSpace(s.bytes[i]) || (s.bytes[i] == 0xC2 && i + 1 < s.count && s.bytes[i + 1] == 0xA0))
    }
    /// `[ \xa0]+`: how many bytes.
    static func valueSpaces(_ s: SourceScanner, _ i: Int) -> Int {
        var j = i
        while j < s.count {
            if s.bytes[j] == 0x20 { j += 1 } else if s.bytes[j] == 0xC2 && j + 1 < s.count && s.bytes[j + 1] == 0xA0 { j += 2 } else { break }
        }
        return j - i
    }
    static func newlines(_ s: SourceScanner, _ i: Int) -> Int {
        var j = i
        while j < s.count && s.bytes[j] == 0x0A { j += 1 }
        return j - i
    }
    static func isWord(_ b: UInt8) -> Bool { SourceScanner.isWordByte(b) || b == 0x2D }
    static let uriBytes: Set<UInt8> = Set("#;/?:@&=+$,.!~*'()[]%-".utf8)
    static func isTagByte(_ b: UInt8) -> Bool { SourceScanner.isWordByte(b) || uriBytes.contains(b) }

    /// Emits `n` bytes as `kind` (nothing when 0).
    static func take(_ s: inout SourceScanner, _ n: Int, _ kind: TokenKind) {
        let a = s.position
        s.position += n
        s.emit(kind, from: a)
    }

    static func step(_ s: inout SourceScanner, _ c: inout Context) -> Bool {
        let i = s.position
        let b = s.peek()
        let state = c.stack[c.stack.count - 1]
        switch state {
        case .root:
            let sp = spaces(s, i)
            if sp > 0 && (isLineEnd(s, i + sp) || s.bytes[i + sp] == 0x23) { take(&s, sp, .whitespace); return true }
            if b == 0x0A { take(&s, newlines(s, i), .whitespace); return true }
            if b == 0x23 { s.rest(ofLineAs: .commentSingle); return true }
            if isLineStart(s, i) {
                for (word, kind, next) in [("%YAML", TokenKind.nameTag, State.yamlDirective), ("%TAG", .nameTag, .tagDirective),
                                           ("---", .nameNamespace, .blockLine), ("...", .nameNamespace, .blockLine)]
                where s.bytes[i...].starts(with: word.utf8) && spaceOrEnd(s, i + word.utf8.count) {
                    c.reset()
                    take(&s, word.utf8.count, kind)
                    c.stack.append(next)
                    return true
                }
            }
            if !isLineEnd(s, i + sp) && !isSpace(s, i + sp) {
                // Indentation: a shallower line closes levels; spaces beyond the level it lands on are an error.
                c.nextIndent = sp
                var text = sp, extra = 0
                if c.nextIndent < c.indent {
                    while c.nextIndent < c.indent { c.indent = c.indentStack.popLast() ?? -1 }
                    // (Back at no level, Pygments' slice `text[-1:]` marks the last space.)
                    if c.nextIndent > c.indent { text = c.indent >= 0 ? c.indent : max(sp - 1, 0); extra = sp - text }
                }
                take(&s, text, .whitespace)
                take(&s, extra, whitespaceError)
                c.stack.append(.blockLine)
                c.stack.append(.indentation)
                return true
            }
            return false
        case .ignoredLine:
            let sp = spaces(s, i)
            if sp > 0 && (isLineEnd(s, i + sp) || s.bytes[i + sp] == 0x23) { take(&s, sp, .whitespace); return true }
            if b == 0x23 { s.rest(ofLineAs: .commentSingle); return true }
            if b == 0x0A { s.single(.whitespace); c.pop(2); return true }
            return false
        case .yamlDirective:
            let sp = spaces(s, i)
            var j = i + sp
            let d0 = j
            while j < s.count && SourceScanner.isDigit(s.bytes[j]) { j += 1 }
            guard sp > 0, j > d0, j < s.count, s.bytes[j] == 0x2E, SourceScanner.isDigit(s.peek(j - i + 1)) else { return false }
            j += 1
            while j < s.count && SourceScanner.isDigit(s.bytes[j]) { j += 1 }
            take(&s, sp, .whitespace)
            take(&s, j - d0, .number)
            c.stack.append(.ignoredLine)
            return true
        case .tagDirective:
            let sp = spaces(s, i)
            var j = i + sp
            guard sp > 0, j < s.count, s.bytes[j] == 0x21 else { return false }
            // The handle: `![\w-]*!` or `!`.
            var k = j + 1
            while k < s.count && isWord(s.bytes[k]) { k += 1 }
            let handleEnd = k < s.count && s.bytes[k] == 0x21 ? k + 1 : j + 1
            let sp2 = spaces(s, handleEnd)
            guard sp2 > 0 else { return false }
            j = handleEnd + sp2
            var e = j
            if e < s.count && s.bytes[e] == 0x21 { e += 1 }
            let p0 = e
            while e < s.count && isTagByte(s.bytes[e]) { e += 1 }
            if e == p0 { guard j < s.count && s.bytes[j] == 0x21 else { return false }; e = j + 1 }
            take(&s, sp, .whitespace)
            take(&s, handleEnd - i - sp, .keywordType)
            take(&s, sp2, .whitespace)
            take(&s, e - j, .keywordType)
            c.stack.append(.ignoredLine)
            return true
        case .indentation:
            let sp = spaces(s, i)
            if isLineEnd(s, i + sp) { take(&s, sp, .whitespace); c.pop(2); return true }
            if sp > 0 && isIndicator(s, i + sp) { take(&s, sp, .whitespace); c.nextIndent += sp; return true }
            if sp == 0 && isIndicator(s, i) { c.setIndent(length: 1, implicit: false); s.single(indicator); return true }
            take(&s, sp, .whitespace)
            c.nextIndent += sp
            c.pop(1)
            return true
        case .blockLine:
            let sp = spaces(s, i)
            if isLineEnd(s, i + sp) || s.bytes[i + sp] == 0x23 { take(&s, sp, .whitespace); c.pop(1); return true }
            if sp > 0 { take(&s, sp, .whitespace); return true }
            if let colon = blockKeyColon(s, i, &c) {
                take(&s, colon - i, .nameTag)
                c.setIndent(length: 1, implicit: true)
                s.single(.punctuation)
                return true
            }
            if descriptor(&s) { return true }
            if b == 0x3A && spaceOrEnd(s, i + 1) { c.setIndent(length: 1, implicit: true); s.single(indicator); return true }
            if b == 0x7C || b == 0x3E {
                s.single(indicator)
                c.stack.append(.blockScalarContent)
                c.stack.append(.blockScalarHeader)
                return true
            }
            if flowNode(&s, &c) { return true }
            if startsPlain(s, i, inFlow: false) { c.stack.append(.plainBlock); return true }
            return false
        case .flowSequence, .flowMapping:
            if state == .flowMapping {
                var j = i
                while j < s.count && !Set<UInt8>([0x2C, 0x3A, 0x3F, 0x5B, 0x5D, 0x7B, 0x7D, 0x22, 0x27, 0x0A]).contains(s.bytes[j]) { j += 1 }
                if j > i && j < s.count && s.bytes[j] == 0x3A && spaceOrEnd(s, j + 1) {
                    take(&s, j - i, .nameTag)
                    s.single(.punctuation)
                    return true
                }
            }
            let sp = spaces(s, i)
            if sp > 0 { take(&s, sp, .whitespace); return true }
            if b == 0x0A { take(&s, newlines(s, i), .whitespace); return true }
            if b == 0x23 { s.rest(ofLineAs: .commentSingle); return true }
            if b == 0x3F || b == 0x3A || b == 0x2C { s.single(indicator); return true }
            if descriptor(&s) { return true }
            if flowNode(&s, &c) { return true }
            if startsPlain(s, i, inFlow: true) { c.stack.append(.plainFlow); return true }
            if (state == .flowSequence && b == 0x5D) || (state == .flowMapping && b == 0x7D) { s.single(indicator); c.pop(1); return true }
            return false
        case .blockScalarContent:
            if b == 0x0A { s.single(.whitespace); return true }
            if isLineStart(s, i) {
                let sp = spaces(s, i)
                if sp > 0 && isLineEnd(s, i + sp) {
                    if let n = c.blockScalarIndent, sp > n {
                        take(&s, n, .whitespace)
                        take(&s, sp - n, .nameConstant)
                    } else {
                        take(&s, sp, .whitespace)
                    }
                    return true
                }
                if let n = c.blockScalarIndent {
                    if sp < n { c.pop(2); return true }
                } else {
                    if sp <= max(c.indent, 0) { c.pop(2); return true }
                    c.blockScalarIndent = sp
                }
                if sp > 0 { take(&s, sp, .whitespace); return true }
            }
            var j = i
            while j < s.count && (!SourceScanner.isSpace(s.bytes[j]) || s.bytes[j] == 0x20 || s.bytes[j] == 0x09) { j += 1 }
            if j > i { take(&s, j - i, .nameConstant); return true }
            return false
        case .blockScalarHeader:
            // `([1-9])?[+-]?` or `[+-]?([1-9])?`, then a space or the line's end.
            var matched: (length: Int, increment: Int?)?
            let d = s.peek(), sign = s.peek(1)
            if d >= 0x31 && d <= 0x39 {
                let n = sign == 0x2B || sign == 0x2D ? 2 : 1
                if spaceOrEnd(s, i + n) { matched = (n, Int(d - 0x30)) } else if spaceOrEnd(s, i + 1) { matched = (1, Int(d - 0x30)) }
            } else if d == 0x2B || d == 0x2D {
                let e = s.peek(1)
                if e >= 0x31 && e <= 0x39 && spaceOrEnd(s, i + 2) { matched = (2, Int(e - 0x30)) } else if spaceOrEnd(s, i + 1) { matched = (1, nil) }
            }
            if matched == nil && spaceOrEnd(s, i) { matched = (0, nil) }
            guard let m = matched else { return false }
            c.blockScalarIndent = nil
            if let inc = m.increment { c.blockScalarIndent = max(c.indent, 0) + inc }
            take(&s, m.length, indicator)
            c.stack.append(.ignoredLine)
            return true
        case .singleQuoted, .doubleQuoted:
            if quotedSpace(&s) { return true }
            if state == .singleQuoted {
                if s.starts(with: "''") { take(&s, 2, .stringEscape); return true }
                if b == 0x27 { s.single(.string); c.pop(1); return true }
                var j = i
                while j < s.count && s.bytes[j] != 0x27 && !isSpace(s, j) { j += 1 }
                if j > i { take(&s, j - i, .string); return true }
                return false
            }
            if b == 0x5C {
                let e = s.peek(1)
                if Set("0abt\tn\nvfre \"\\N_LP".utf8).contains(e) { take(&s, 2, .string); return true }
                for (letter, n) in [(UInt8(0x78), 2), (0x75, 4), (0x55, 8)] where e == letter && (2..<(2 + n)).allSatisfy({ SourceScanner.isHexDigit(s.peek($0)) }) {
                    take(&s, 2 + n, .stringEscape)
                    return true
                }
                return false
            }
            if b == 0x22 { s.single(.string); c.pop(1); return true }
            var j = i
            while j < s.count && s.bytes[j] != 0x22 && s.bytes[j] != 0x5C && !isSpace(s, j) { j += 1 }
            if j > i { take(&s, j - i, .string); return true }
            return false
        case .plainBlockNewLine:
            let sp = spaces(s, i)
            if isLineStart(s, i) && sp > 0 && isLineEnd(s, i + sp) { take(&s, sp, .whitespace); return true }
            if b == 0x0A { take(&s, newlines(s, i), .whitespace); return true }
            if isLineStart(s, i) {
                if s.starts(with: "---") || s.starts(with: "...") { c.pop(3); return true }
                if sp <= c.indent { c.pop(3); return true }
                take(&s, sp, .whitespace)
                c.pop(1)
                return true
            }
            return false
        case .plainBlock:
            let sp = spaces(s, i)
            if i + sp < s.count && s.bytes[i + sp] == 0x3A && spaceOrEnd(s, i + sp + 1) { take(&s, sp, .whitespace); c.pop(1); return true }
            if sp > 0 && i + sp < s.count && s.bytes[i + sp] == 0x23 { take(&s, sp, .whitespace); c.pop(1); return true }
            if sp > 0 && isLineEnd(s, i + sp) { take(&s, sp, .whitespace); return true }
            if b == 0x0A { take(&s, newlines(s, i), .whitespace); c.stack.append(.plainBlockNewLine); return true }
            let vs = valueSpaces(s, i)
            if vs > 0 { take(&s, vs, plain); return true }
            var j = i
            while j < s.count {
                if s.bytes[j] == 0x3A { if isSpace(s, j + 1) { break }; j += 1; continue }
                if isSpace(s, j) { break }
                j += 1
            }
            if j > i { take(&s, j - i, plain); return true }
            return false
        case .plainFlow:
            let sp = spaces(s, i)
            if i + sp < s.count && [0x2C, 0x3A, 0x3F, 0x5B, 0x5D, 0x7B, 0x7D].contains(s.bytes[i + sp]) { take(&s, sp, .whitespace); c.pop(1); return true }
            if sp > 0 && i + sp < s.count && s.bytes[i + sp] == 0x23 { take(&s, sp, .whitespace); c.pop(1); return true }
            if sp > 0 && (isLineStart(s, i) || isLineEnd(s, i + sp)) { take(&s, sp, .whitespace); return true }
            if b == 0x0A { take(&s, newlines(s, i), .whitespace); return true }
            let vs = valueSpaces(s, i)
            if vs > 0 { take(&s, vs, .nameVariable); return true }
            var j = i
            while j < s.count && !isSpace(s, j) && ![0x2C, 0x3A, 0x3F, 0x5B, 0x5D, 0x7B, 0x7D].contains(s.bytes[j]) { j += 1 }
            if j > i { take(&s, j - i, .nameVariable); return true }
            return false
        }
    }

    /// `[?:-]` followed by a space or the line's end.
    static func isIndicator(_ s: SourceScanner, _ i: Int) -> Bool {
        i < s.count && (s.bytes[i] == 0x3F || s.bytes[i] == 0x3A || s.bytes[i] == 0x2D) && spaceOrEnd(s, i + 1)
    }

    /// A block key's colon: the last `:` followed by a space or the line's end in the run of
    /// key characters from `i` (Pygments' greedy pattern backtracks to it).
    static func blockKeyColon(_ s: SourceScanner, _ i: Int, _ c: inout Context) -> Int? {
        if !c.keyRun.contains(i) {
            var end = i
            while end < s.count && ![0x23, 0x2C, 0x3F, 0x5B, 0x5D, 0x7B, 0x7D, 0x22, 0x27, 0x0A].contains(s.bytes[end]) { end += 1 }
            var j = end - 1
            c.keyColon = nil
            while j > i {
                if s.bytes[j] == 0x3A && spaceOrEnd(s, j + 1) { c.keyColon = j; break }
                j -= 1
            }
            c.keyRun = i..<end
        }
        guard let colon = c.keyColon, colon > i else { return nil }
        return colon
    }

    /// Tags, anchors and aliases.
    static func descriptor(_ s: inout SourceScanner) -> Bool {
        let i = s.position
        let b = s.peek()
        if b == 0x21 {
            if s.peek(1) == 0x3C {
                var j = i + 2
                while j < s.count && isTagByte(s.bytes[j]) && s.bytes[j] != 0x3E { j += 1 }
                if j > i + 2 && j < s.count && s.bytes[j] == 0x3E { take(&s, j + 1 - i, .keywordType); return true }
            }
            var j = i + 1
            var k = j
            while k < s.count && isWord(s.bytes[k]) { k += 1 }
            if k > j && k < s.count && s.bytes[k] == 0x21 { j = k + 1 }
            while j < s.count && isTagByte(s.bytes[j]) { j += 1 }
            take(&s, j - i, .keywordType)
            return true
        }
        if b == 0x26 || b == 0x2A {
            var j = i + 1
            while j < s.count && isWord(s.bytes[j]) { j += 1 }
            if j > i + 1 { take(&s, j - i, b == 0x26 ? .nameLabel : .nameVariable); return true }
        }
        return false
    }

    static func flowNode(_ s: inout SourceScanner, _ c: inout Context) -> Bool {
        switch s.peek() {
        case 0x5B: s.single(indicator); c.stack.append(.flowSequence)
        case 0x7B: s.single(indicator); c.stack.append(.flowMapping)
        case 0x27: s.single(.string); c.stack.append(.singleQuoted)
        case 0x22: s.single(.string); c.stack.append(.doubleQuoted)
        default: return false
        }
        return true
    }

    /// Whether a plain value starts at `i`.
    static func startsPlain(_ s: SourceScanner, _ i: Int, inFlow: Bool) -> Bool {
        guard i < s.count, !isSpace(s, i) else { return false }
        let b = s.bytes[i]
        if Set<UInt8>(Array("?:,[]{}#&*!|>'\"%@`".utf8)).contains(b) || (!inFlow && b == 0x2D) {
            return !inFlow && (b == 0x3F || b == 0x3A || b == 0x2D) && i + 1 < s.count && !isSpace(s, i + 1)
        }
        return true
    }

    /// Spaces and line breaks inside quotes: ignored at the ends of lines, a part of the value between words.
    static func quotedSpace(_ s: inout SourceScanner) -> Bool {
        let i = s.position
        let sp = spaces(s, i)
        if sp > 0 && (isLineStart(s, i) || isLineEnd(s, i + sp)) { take(&s, sp, .whitespace); return true }
        if s.peek() == 0x0A { take(&s, newlines(s, i), .whitespace); return true }
        let vs = valueSpaces(s, i)
        if vs > 0 { take(&s, vs, .nameVariable); return true }
        return false
    }
}
