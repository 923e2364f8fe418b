/// HTML, with Pygments' HTML token kinds: tags as Name.Tag, attributes as Name.Attribute, their
/// values as strings, entities as Name.Entity, comments, doctypes and `<?...?>` as comments;
/// the insides of `<script>` and `<style>` lexed as JavaScript and CSS.
enum HTMLLexer {
    enum State { case root, tag, attribute, script, style }

    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var stack: [State] = [.root]
        var unclosed = Unclosed()
        return s.lex({ step(&$0, &stack, &unclosed) }, atNewline: { stack = [.root] })
    }

    /// Where a search for `</script>` or `</style>` last found none: none comes after that
    /// either, so a file of unclosed tags is still read in linear time.
    struct Unclosed {
        var script = Int.max
        var style = Int.max
    }

    static func isTagByte(_ b: UInt8) -> Bool { SourceScanner.isWordByte(b) || b == 0x3A || b == 0x2E || b == 0x2D }
    static func isAttributeByte(_ b: UInt8) -> Bool { SourceScanner.isWordByte(b) || b == 0x3A || b == 0x2D }

    static func take(_ s: inout SourceScanner, _ n: Int, _ kind: TokenKind) {
        let a = s.position
        s.position += n
        s.emit(kind, from: a)
    }

    /// Whether the bytes at `i` spell `word`, ignoring ASCII case.
    static func matches(_ s: SourceScanner, _ i: Int, _ word: String) -> Bool {
        let w = Array(word.utf8)
        guard i + w.count <= s.count else { return false }
        for k in w.indices where s.bytes[i + k] | 0x20 != w[k] { return false }
        return true
    }

    /// Where `needle` first occurs from `i`, or nil.
    static func find(_ s: SourceScanner, _ needle: String, from i: Int) -> Int? {
        let n = Array(needle.utf8)
        var j = i
        while j + n.count <= s.count {
            if s.bytes[j] == n[0] && s.bytes[j..<(j + n.count)].elementsEqual(n) { return j }
            j += 1
        }
        return nil
    }

    /// A closing tag `< / name >` (spaces allowed, any case) at `i`: its pieces' ends, or nil.
    static func closingTag(_ s: SourceScanner, at i: Int, name: String?) -> (slash: Int, nameStart: Int, nameEnd: Int, end: Int)? {
        guard i < s.count && s.bytes[i] == 0x3C else { return nil }
        let slash = i + 1 + s.spaceCount(at: i + 1)
        guard slash < s.count && s.bytes[slash] == 0x2F else { return nil }
        let nameStart = slash + 1 + s.spaceCount(at: slash + 1)
        var nameEnd = nameStart
        if let name {
            guard matches(s, nameStart, name) else { return nil }
            nameEnd += name.utf8.count
        } else {
            while nameEnd < s.count && isTagByte(s.bytes[nameEnd]) { nameEnd += 1 }
            guard nameEnd > nameStart else { return nil }
        }
        let close = nameEnd + s.spaceCount(at: nameEnd)
        guard close < s.count && s.bytes[close] == 0x3E else { return nil }
        return (slash, nameStart, nameEnd, close + 1)
    }

    static func emitClosingTag(_ s: inout SourceScanner, _ t: (slash: Int, nameStart: Int, nameEnd: Int, end: Int)) {
        s.single(.punctuation)
        take(&s, t.slash - s.position, .text)
        s.single(.punctuation)
        take(&s, t.nameStart - s.position, .text)
        take(&s, t.nameEnd - s.position, .nameTag)
        take(&s, t.end - 1 - s.position, .text)
        s.single(.punctuation)
    }

    static func step(_ s: inout SourceScanner, _ stack: inout [State], _ unclosed: inout Unclosed) -> Bool {
        let i = s.position
        let b = s.peek()
        switch stack[stack.count - 1] {
        case .root:
            if b != 0x3C && b != 0x26 { s.skip { $0 != 0x3C && $0 != 0x26 }; s.emit(.text, from: i); return true }
            if b == 0x26 {
                var j = i + 1
                while j < s.count && !SourceScanner.isSpace(s.bytes[j]) && s.bytes[j] != 0x3B { j += 1 }
                if j < s.count && s.bytes[j] == 0x3B { take(&s, j + 1 - i, .nameEntity); return true }
                return false
            }
            for (open, close, kind) in [("<![CDATA[", "]]>", TokenKind.commentPreproc), ("<!--", "-->", .commentMultiline), ("<?", "?>", .commentPreproc)]
            where s.bytes[i...].starts(with: open.utf8) {
                if let e = find(s, close, from: i + open.utf8.count) { take(&s, e + close.utf8.count - i, kind); return true }
            }
            if s.starts(with: "<!") {
                var j = i + 2
                while j < s.count && s.bytes[j] != 0x3E { j += 1 }
                if j < s.count { take(&s, j + 1 - i, .commentPreproc); return true }
            }
            let nameStart = i + 1 + s.spaceCount(at: i + 1)
            for (name, content) in [("script", State.script), ("style", .style)] where matches(s, nameStart, name) {
                s.single(.punctuation)
                take(&s, nameStart - s.position, .text)
                take(&s, name.utf8.count, .nameTag)
                take(&s, s.spaceCount(at: s.position), .text)
                stack.append(content)
                stack.append(.tag)
                return true
            }
            var nameEnd = nameStart
            while nameEnd < s.count && isTagByte(s.bytes[nameEnd]) { nameEnd += 1 }
            if nameEnd > nameStart {
                s.single(.punctuation)
                take(&s, nameStart - s.position, .text)
                take(&s, nameEnd - nameStart, .nameTag)
                stack.append(.tag)
                return true
            }
            if let t = closingTag(s, at: i, name: nil) { emitClosingTag(&s, t); return true }
            return false
        case .tag:
            if s.whitespace() { return true }
            if isAttributeByte(b) {
                var j = i
                while j < s.count && isAttributeByte(s.bytes[j]) { j += 1 }
                let eq = j + s.spaceCount(at: j)
                if eq < s.count && s.bytes[eq] == 0x3D {
                    take(&s, eq - i, .nameAttribute)
                    s.single(.operator)
                    take(&s, s.spaceCount(at: s.position), .text)
                    stack.append(.attribute)
                    return true
                }
                take(&s, j - i, .nameAttribute)
                return true
            }
            let slash = b == 0x2F ? 1 : 0
            let close = i + slash + s.spaceCount(at: i + slash)
            if close < s.count && s.bytes[close] == 0x3E {
                take(&s, slash, .punctuation)
                take(&s, close - s.position, .text)
                s.single(.punctuation)
                stack.removeLast()
                return true
            }
            return false
        case .attribute:
            if b == 0x22 || b == 0x27 {
                var j = i + 1
                while j < s.count && s.bytes[j] != b { j += 1 }
                if j < s.count { take(&s, j + 1 - i, .string); stack.removeLast(); return true }
            }
            var j = i
            while j < s.count && !SourceScanner.isSpace(s.bytes[j]) && s.bytes[j] != 0x3E { j += 1 }
            if j > i { take(&s, j - i, .string); stack.removeLast(); return true }
            return false
        case .script, .style:
            let name = stack.last == .script ? "script" : "style"
            if let t = closingTag(s, at: i, name: name) { emitClosingTag(&s, t); stack.removeLast(); return true }
            // The content up to the closing tag, or (without one) to the end of the line.
            let knownUnclosed = name == "script" ? unclosed.script : unclosed.style
            var end = i + 1
            var pops = false
            while end < s.count && end < knownUnclosed && closingTag(s, at: end, name: name) == nil { end += 1 }
            if end >= s.count || end >= knownUnclosed {
                if name == "script" { unclosed.script = min(unclosed.script, i) } else { unclosed.style = min(unclosed.style, i) }
                end = i + 1
                while end < s.count && s.bytes[end] != 0x0A { end += 1 }
                end = min(end + 1, s.count)
                pops = true
            }
            let content = String(decoding: s.bytes[i..<end], as: UTF8.self)
            let inner = name == "script" ? JavaScriptLexer.tokens(content, typeScript: false) : CSSLexer.tokens(content)
            s.embed(inner, at: i)
            if pops { stack.removeLast() }
            return true
        }
    }
}

extension SourceScanner {
    /// Adds another lexer's tokens for the bytes from `offset` and moves past them.
    mutating func embed(_ inner: [CodeToken], at offset: Int) {
        for t in inner {
            position = offset + t.range.upperBound
            emit(t.kind, from: offset + t.range.lowerBound)
        }
    }
}
