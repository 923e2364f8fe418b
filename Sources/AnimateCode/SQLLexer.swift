/// SQL, with Pygments' SQL token kinds: the key words of PostgreSQL and the SQL standards as
/// Keyword and the data types as Name.Builtin (in any case), `--` and nested `/* */`
/// comments, strings in single quotes (Literal.String.Single, `''` inside) and quoted names
/// (Literal.String.Symbol).
enum SQLLexer {
    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var upper: [UInt8] = []
        while !s.isAtEnd { step(&s, &upper) }
        return s.tokens
    }

    static func step(_ s: inout SourceScanner, _ upper: inout [UInt8]) {
        let start = s.position
        let b = s.peek()
        if s.whitespace() { return }
        if s.starts(with: "--") { s.rest(ofLineAs: .commentSingle, includingNewline: true); return }
        if s.starts(with: "/*") {
            var depth = 0
            while !s.isAtEnd {
                if s.starts(with: "/*") { depth += 1; s.position += 2 } else if s.starts(with: "*/") {
                    depth -= 1; s.position += 2
                    if depth == 0 { break }
                } else { s.position += 1 }
            }
            s.emit(.commentMultiline, from: start)
            return
        }
        if SourceScanner.isWordByte(b) && !SourceScanner.isDigit(b) {
            let w = s.word()
            upper.removeAll(keepingCapacity: true)
            for c in w { upper.append(c >= 0x61 && c <= 0x7A ? c - 0x20 : c) }
            let end = start + w.count
            if SQLWords.keywords.contains(upper[...]) { s.position = end; s.emit(.keyword, from: start); return }
            if SQLWords.types.contains(upper[...]) { s.position = end; s.emit(.nameBuiltin, from: start); return }
        }
        if Array("+*/<>=~!@#%^&|`?-".utf8).contains(b) { s.single(.operator); return }
        if SourceScanner.isDigit(b) { s.skip(while: SourceScanner.isDigit); s.emit(.numberInteger, from: start); return }
        if b == 0x27 || b == 0x22 {
            // A quote closes the string unless doubled; an unclosed one is an error, as in Pygments.
            var j = start + 1
            while j < s.count {
                if s.bytes[j] == b { if j + 1 < s.count && s.bytes[j + 1] == b { j += 2; continue }; break }
                j += 1
            }
            if j < s.count { s.position = j + 1; s.emit(b == 0x27 ? .stringSingle : .stringSymbol, from: start); return }
        }
        if SourceScanner.isLetter(b) || b == 0x5F || b >= 0x80 {
            s.skip { SourceScanner.isWordByte($0) || $0 == 0x24 }
            s.emit(.name, from: start)
            return
        }
        if Array(";:()[],.".utf8).contains(b) { s.single(.punctuation); return }
        s.single(.error)
    }
}
