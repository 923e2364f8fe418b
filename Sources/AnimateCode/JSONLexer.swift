/// JSON as Pygments reads it: object keys as Name.Tag, string values as String.Double, numbers,
/// `true`/`false`/`null` as Keyword.Constant, the brackets, colons and commas as Punctuation.
enum JSONLexer {
    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        while !s.isAtEnd {
            let b = s.peek()
            if s.whitespace() { continue }
            if b == 0x22 {
                let start = s.position
                s.position += 1
                while !s.isAtEnd && s.peek() != 0x22 && s.peek() != 0x0A {
                    s.position += s.peek() == 0x5C && s.position + 1 < s.count ? 2 : 1
                }
                if s.peek() == 0x22 { s.position += 1 }
                // A key: the next thing after the string is a colon.
                var j = s.position
                while j < s.count && SourceScanner.isSpace(s.bytes[j]) { j += 1 }
                s.emit(j < s.count && s.bytes[j] == 0x3A ? .nameTag : .stringDouble, from: start)
                continue
            }
            if SourceScanner.isDigit(b) || b == 0x2D {
                let start = s.position
                s.position += 1
                var float = false
                while !s.isAtEnd {
                    let c = s.peek()
                    if SourceScanner.isDigit(c) { s.position += 1 } else if c == 0x2E || c | 0x20 == 0x65 || ((c == 0x2B || c == 0x2D) && s.previous | 0x20 == 0x65) {
                        float = true; s.position += 1
                    } else { break }
                }
                s.emit(float ? .numberFloat : .numberInteger, from: start)
                continue
            }
            if SourceScanner.isLetter(b) {
                let w = s.word()
                let start = s.position
                s.position += w.count
                let constant = w.elementsEqual("true".utf8) || w.elementsEqual("false".utf8) || w.elementsEqual("null".utf8)
                s.emit(constant ? .keywordConstant : .error, from: start)
                continue
            }
            if b == 0x7B || b == 0x7D || b == 0x5B || b == 0x5D || b == 0x3A || b == 0x2C { s.single(.punctuation); continue }
            s.single(.error)
        }
        return s.tokens
    }
}
