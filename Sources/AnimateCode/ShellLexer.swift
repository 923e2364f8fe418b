/// Shell scripts (bash and sh), with Pygments' Bash token kinds: keywords, builtin commands,
/// assignments' names as Name.Variable, `$name` and `${...}` expansions, `$(...)` and `$((...))`
/// with their code, double-quoted strings with their expansions, here-documents as strings,
/// words as Text.
enum ShellLexer {
    static let keywords = WordSet(["if", "fi", "else", "while", "in", "do", "done", "for", "then", "return", "function", "case", "select",
                                   "break", "continue", "until", "esac", "elif"])
    static let builtins = WordSet(spaced: """
        alias bg bind builtin caller cd command compgen complete declare dirs disown echo enable eval exec exit export false fc \
        fg getopts hash help history jobs kill let local logout popd printf pushd pwd read readonly set shift shopt source \
        suspend test time times trap true type typeset ulimit umask unalias unset wait
        """)

    enum Mode { case root, string, curly, paren, math, backticks }

    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var stack: [Mode] = [.root]
        if s.starts(with: "#!") {
            let a = s.position
            while !s.isAtEnd && s.peek() != 0x0A { s.position += 1 }
            if !s.isAtEnd { s.position += 1 }
            s.emit(.commentHashbang, from: a)
        }
        while !s.isAtEnd { step(&s, &stack) }
        return s.tokens
    }

    static func isWord(_ b: UInt8) -> Bool { SourceScanner.isWordByte(b) }

    static func step(_ s: inout SourceScanner, _ stack: inout [Mode]) {
        let b = s.peek()
        switch stack.last ?? .root {
        case .string:
            if b == 0x22 { s.single(.stringDouble); stack.removeLast(); return }
            if b == 0x24 && interpolation(&s, &stack) { return }
            let a = s.position
            while !s.isAtEnd && s.peek() != 0x22 && s.peek() != 0x24 {
                if s.peek() == 0x5C { s.skipEscapedCharacter() } else { s.position += 1 }
            }
            if s.position == a { s.single(.stringDouble) } else { s.emit(.stringDouble, from: a) }
            return
        case .curly:
            if b == 0x7D { s.single(.stringInterpol); stack.removeLast(); return }
            if s.starts(with: ":-") { let a = s.position; s.position += 2; s.emit(.keyword, from: a); return }
            if isWord(b) { let a = s.position; s.skip(while: isWord); s.emit(.nameVariable, from: a); return }
            if b == 0x3A { s.single(.punctuation); return }
            if ![0x7D, 0x3A, 0x22, 0x27, 0x60, 0x24, 0x5C].contains(b) {
                let a = s.position
                s.skip { ![0x7D, 0x3A, 0x22, 0x27, 0x60, 0x24, 0x5C].contains($0) }
                if s.position > a { s.emit(.punctuation, from: a); return }
            }
        case .paren:
            if b == 0x29 { s.single(.keyword); stack.removeLast(); return }
        case .math:
            if s.starts(with: "))") { let a = s.position; s.position += 2; s.emit(.keyword, from: a); stack.removeLast(); return }
            for op: StaticString in ["**", "||", "<<", ">>"] where s.starts(with: op) { let a = s.position; s.position += 2; s.emit(.operator, from: a); return }
            if [0x2D, 0x2B, 0x2A, 0x2F, 0x25, 0x5E, 0x7C, 0x26, 0x3C, 0x3E].contains(b) { s.single(.operator); return }
            if SourceScanner.isDigit(b) {
                let a = s.position
                if b == 0x30 && s.peek(1) | 0x20 == 0x78 { s.position += 2; s.skip(while: SourceScanner.isHexDigit) } else {
                    s.skip(while: SourceScanner.isDigit)
                    if s.peek() == 0x23 { s.position += 1; s.skip { SourceScanner.isLetter($0) || SourceScanner.isDigit($0) } }
                }
                s.emit(.number, from: a)
                return
            }
            if SourceScanner.isLetter(b) || b == 0x5F { let a = s.position; s.skip(while: isWord); s.emit(.nameVariable, from: a); return }
        case .backticks:
            if b == 0x60 { s.single(.stringBacktick); stack.removeLast(); return }
        case .root:
            break
        }
        root(&s, &stack)
    }

    /// `$((`, `$(`, `${`, `$name`, `$1`: an expansion; false when the `$` is plain text.
    static func interpolation(_ s: inout SourceScanner, _ stack: inout [Mode]) -> Bool {
        let a = s.position
        if s.starts(with: "$((") { s.position += 3; s.emit(.keyword, from: a); stack.append(.math); return true }
        if s.starts(with: "$(") { s.position += 2; s.emit(.keyword, from: a); stack.append(.paren); return true }
        if s.starts(with: "${") { s.position += s.peek(2) == 0x23 ? 3 : 2; s.emit(.stringInterpol, from: a); stack.append(.curly); return true }
        let c = s.peek(1)
        if SourceScanner.isLetter(c) || c == 0x5F { s.position += 1; s.skip(while: isWord); s.emit(.nameVariable, from: a); return true }
        if SourceScanner.isDigit(c) { s.position += 1; s.skip(while: SourceScanner.isDigit); s.emit(.nameVariable, from: a); return true }
        if [0x23, 0x24, 0x3F, 0x21, 0x5F, 0x2A, 0x40, 0x2D].contains(c) { s.position += 2; s.emit(.nameVariable, from: a); return true }
        return false
    }

    static func root(_ s: inout SourceScanner, _ stack: inout [Mode]) {
        let b = s.peek()
        let start = s.position
        let wordBefore = start > 0 && isWord(s.bytes[start - 1])
        // Keywords and builtins: whole words.
        if SourceScanner.isLetter(b) && !wordBefore {
            var end = start
            while end < s.count && isWord(s.bytes[end]) { end += 1 }
            let w = s.bytes[start..<end]
            let after: UInt8 = end < s.count ? s.bytes[end] : 0x20
            if keywords.contains(w) && !(isWord(after) || [0x23, 0x24, 0x3F, 0x21, 0x2A, 0x40, 0x2D].contains(after)) {
                s.position = end
                s.emit(.keyword, from: start)
                return
            }
            if builtins.contains(w) && (SourceScanner.isSpace(after) || after == 0x29 || after == 0x60) && end < s.count {
                s.position = end
                s.emit(.nameBuiltin, from: start)
                return
            }
        }
        if b == 0x23 { // a comment runs through its newline
            while !s.isAtEnd && s.peek() != 0x0A { s.position += 1 }
            if !s.isAtEnd { s.position += 1 }
            s.emit(.commentSingle, from: start)
            return
        }
        if b == 0x5C && s.position + 1 < s.count {
            s.skipEscapedCharacter()
            s.emit(.stringEscape, from: start)
            return
        }
        // name= and name+=
        if isWord(b) && !wordBefore {
            var end = start
            while end < s.count && isWord(s.bytes[end]) { end += 1 }
            var k = end
            while k < s.count && SourceScanner.isSpace(s.bytes[k]) { k += 1 }
            if k < s.count && (s.bytes[k] == 0x3D || (s.bytes[k] == 0x2B && k + 1 < s.count && s.bytes[k + 1] == 0x3D)) {
                s.position = end
                s.emit(.nameVariable, from: start)
                let ws = s.position
                s.position = k
                s.emit(.whitespace, from: ws)
                let op = s.position
                s.position += s.bytes[k] == 0x2B ? 2 : 1
                s.emit(.operator, from: op)
                return
            }
        }
        if [0x5B, 0x5D, 0x7B, 0x7D, 0x28, 0x29, 0x3D].contains(b) { s.single(.operator); return }
        if s.starts(with: "<<<") { s.position += 3; s.emit(.operator, from: start); return }
        if s.starts(with: "<<"), let n = hereDocument(s) { s.position += n; s.emit(.string, from: start); return }
        if s.starts(with: "&&") || s.starts(with: "||") { s.position += 2; s.emit(.operator, from: start); return }
        if b == 0x60 { s.single(.stringBacktick); stack.append(.backticks); return }
        // Strings.
        if b == 0x22 || (b == 0x24 && s.peek(1) == 0x22) {
            // Without expansions, the whole string is one token.
            var j = s.position + (b == 0x24 ? 2 : 1)
            var plain = true
            while j < s.count && s.bytes[j] != 0x22 {
                if s.bytes[j] == 0x5C { j += 2; continue }
                if s.bytes[j] == 0x24 { plain = false; break }
                j += 1
            }
            if plain && j < s.count {
                s.position = j + 1
                s.emit(.stringDouble, from: start)
                return
            }
            if b == 0x22 { s.single(.stringDouble); stack.append(.string); return }
        }
        if b == 0x24 && s.peek(1) == 0x27 {
            var j = s.position + 2
            while j < s.count && s.bytes[j] != 0x27 { j += s.bytes[j] == 0x5C ? 2 : 1 }
            if j < s.count { s.position = j + 1; s.emit(.stringSingle, from: start); return }
        }
        if b == 0x27 {
            var j = s.position + 1
            while j < s.count && s.bytes[j] != 0x27 { j += 1 }
            if j < s.count { s.position = j + 1; s.emit(.stringSingle, from: start); return }
        }
        if b == 0x3B || b == 0x26 || b == 0x7C { s.single(.punctuation); return }
        if SourceScanner.isSpace(b) { s.skip(while: SourceScanner.isSpace); s.emit(.whitespace, from: start); return }
        if SourceScanner.isDigit(b) {
            var j = start
            while j < s.count && SourceScanner.isDigit(s.bytes[j]) { j += 1 }
            if j >= s.count || !isWord(s.bytes[j]) { s.position = j; s.emit(.number, from: start); return }
        }
        if b == 0x24 {
            if interpolation(&s, &stack) { return }
            s.single(.text)
            return
        }
        // A word: anything up to a special character.
        let stops: [UInt8] = [0x3D, 0x5B, 0x5D, 0x7B, 0x7D, 0x28, 0x29, 0x24, 0x22, 0x27, 0x60, 0x5C, 0x3C, 0x26, 0x7C, 0x3B]
        s.skip { !stops.contains($0) && !SourceScanner.isSpace($0) }
        if s.position == start { s.single(.text) } else { s.emit(.text, from: start) }
    }

    /// A here-document at `<<`: `<<-?`, spaces, an optionally quoted word, then everything up to
    /// that word's next appearance (as Pygments reads it); nil when there is none.
    static func hereDocument(_ s: SourceScanner) -> Int? {
        var j = s.position + 2
        if j < s.count && s.bytes[j] == 0x2D { j += 1 }
        while j < s.count && SourceScanner.isSpace(s.bytes[j]) { j += 1 }
        if j < s.count && s.bytes[j] == 0x27 { j += 1 }
        if j < s.count && s.bytes[j] == 0x5C { j += 1 }
        let wordStart = j
        while j < s.count && isWord(s.bytes[j]) { j += 1 }
        guard j > wordStart else { return nil }
        let word = Array(s.bytes[wordStart..<j])
        // At least one character, then the word again.
        var k = j + 1
        while k + word.count <= s.count {
            if s.bytes[k] == word[0] && Array(s.bytes[k..<(k + word.count)]) == word { return k + word.count - s.position }
            k += 1
        }
        return nil
    }
}
