
/// Walks a source's UTF-8 bytes for a lexer, collecting tokens. Every token starts and ends on an
/// ASCII byte or the end of a run of non-ASCII bytes, so no character is ever split and the
/// tokens' texts rebuild the source exactly. Each step consumes at least one byte, so lexing is
/// linear in the source's length.
struct SourceScanner {
    let bytes: [UInt8]
    var position = 0
    var tokens: [CodeToken] = []

    init(_ source: String) {
        bytes = Array(source.utf8)
        tokens.reserveCapacity(bytes.count / 3)
    }

    var isAtEnd: Bool { position >= bytes.count }
    var count: Int { bytes.count }

    /// The byte `offset` past the position, or 0 past the end.
    @inline(__always) func peek(_ offset: Int = 0) -> UInt8 {
        let i = position + offset
        return i < bytes.count && i >= 0 ? bytes[i] : 0
    }

    /// The byte before the position, or 0 at the start.
    @inline(__always) var previous: UInt8 { position > 0 ? bytes[position - 1] : 0 }

    /// Adds a token from `start` to the position (nothing when empty); a token of the same kind
    /// right before it grows instead.
    mutating func emit(_ kind: TokenKind, from start: Int) {
        guard position > start else { return }
        if let last = tokens.last, last.kind == kind, last.range.upperBound == start {
            tokens[tokens.count - 1].range = last.range.lowerBound..<position
        } else {
            tokens.append(CodeToken(range: start..<position, kind: kind))
        }
    }

    /// Whether the bytes at the position spell `word`.
    func starts(with word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard position + n <= bytes.count else { return false }
        let p = word.utf8Start
        for k in 0..<n where bytes[position + k] != p[k] { return false }
        return true
    }

    func starts(with word: [UInt8]) -> Bool {
        guard position + word.count <= bytes.count else { return false }
        for k in word.indices where bytes[position + k] != word[k] { return false }
        return true
    }

    /// Consumes `word` and emits it as `kind` when it is there.
    mutating func take(_ word: StaticString, as kind: TokenKind) -> Bool {
        guard starts(with: word) else { return false }
        let start = position
        position += word.utf8CodeUnitCount
        emit(kind, from: start)
        return true
    }

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isHexDigit(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
    /// Letters, digits, underscore, and any non-ASCII byte (identifiers in any script).
    static func isWordByte(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) || b == 0x5F || b >= 0x80 }
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C || b == 0x0B }

    /// Consumes bytes while `test` holds; returns how many.
    @discardableResult
    mutating func skip(while test: (UInt8) -> Bool) -> Int {
        let start = position
        while position < bytes.count && test(bytes[position]) { position += 1 }
        return position - start
    }

    /// Consumes a run of whitespace as one token (newlines as Text, the rest as Whitespace, as
    /// Pygments splits them).
    mutating func whitespace() -> Bool {
        guard Self.isSpace(peek()) else { return false }
        let start = position
        skip(while: Self.isSpace)
        emit(.whitespace, from: start)
        return true
    }

    /// How many whitespace bytes (newlines too) start at byte `i`.
    func spaceCount(at i: Int) -> Int {
        var j = i
        while j < bytes.count && Self.isSpace(bytes[j]) { j += 1 }
        return j - i
    }

    /// The word (letters, digits, underscore, non-ASCII) at the position, without consuming it.
    func word(at offset: Int = 0) -> ArraySlice<UInt8> {
        var end = position + offset
        while end < bytes.count && Self.isWordByte(bytes[end]) { end += 1 }
        return bytes[(position + offset)..<end]
    }

    /// Consumes one character (all of a non-ASCII run's continuation bytes with it) as `kind`.
    mutating func single(_ kind: TokenKind) {
        let start = position
        position += characterLength(at: 0)
        emit(kind, from: start)
    }

    /// How many bytes the character `offset` past the position takes (1 for ASCII and past the end).
    func characterLength(at offset: Int) -> Int {
        guard peek(offset) >= 0x80 else { return 1 }
        var n = 1
        while peek(offset + n) & 0xC0 == 0x80 { n += 1 }
        return n
    }

    /// Lexes to the end with `step`, which says whether one of its rules matched. A match may only
    /// change the lexer's state, a few times in a row; when matches take nothing for longer (a
    /// bug's loop), or none matches, one character is taken as Pygments takes it: a newline as
    /// whitespace, after `atNewline` puts the lexer back in its first state, else as an error.
    mutating func lex(_ step: (inout SourceScanner) -> Bool, atNewline: () -> Void) -> [CodeToken] {
        var idle = 0
        while !isAtEnd {
            let before = position
            if idle < 16 && step(&self) {
                idle = position == before ? idle + 1 : 0
                continue
            }
            idle = 0
            if peek() == 0x0A { atNewline(); single(.whitespace) } else { single(.error) }
        }
        return tokens
    }

    /// Where the digits of an exponent (`e` or `E`, an optional sign) start, as an offset from the
    /// position, when one starts `offset` past it and `first` takes its first digit; else nil.
    func exponentDigits(at offset: Int, first: (UInt8) -> Bool = SourceScanner.isDigit) -> Int? {
        guard peek(offset) | 0x20 == 0x65 else { return nil }
        var j = offset + 1
        if peek(j) == 0x2B || peek(j) == 0x2D { j += 1 }
        return first(peek(j)) ? j : nil
    }

    /// Where an exponent whose digits are all `digit` ends, as an offset, or nil.
    func exponentEnd(at offset: Int, digit: (UInt8) -> Bool) -> Int? {
        guard var j = exponentDigits(at: offset, first: digit) else { return nil }
        while digit(peek(j)) { j += 1 }
        return j
    }

    /// Moves past a backslash and the whole character after it (not past the end).
    mutating func skipEscapedCharacter() {
        position = min(position + 1, bytes.count)
        if position < bytes.count { position += characterLength(at: 0) }
    }

    /// Consumes a `/* ... */` comment (to the end when it is not closed) as `kind`; `nested`
    /// counts inner `/*` as Swift and Rust do.
    mutating func blockComment(_ kind: TokenKind, nested: Bool = false) {
        let start = position
        position += 2
        var depth = 1
        while position < bytes.count && depth > 0 {
            if nested && starts(with: "/*") { depth += 1; position += 2 } else if starts(with: "*/") { depth -= 1; position += 2 } else { position += 1 }
        }
        emit(kind, from: start)
    }

    /// Adds another lexer's tokens for the bytes from `offset` and moves past them.
    mutating func embed(_ inner: [CodeToken], at offset: Int) {
        for t in inner {
            position = offset + t.range.upperBound
            emit(t.kind, from: offset + t.range.lowerBound)
        }
    }

    /// Consumes to the end of the line as `kind`, the newline too when `includingNewline` (as
    /// Pygments' comments in C and Rust take it).
    mutating func rest(ofLineAs kind: TokenKind, includingNewline: Bool = false) {
        let start = position
        while position < bytes.count && bytes[position] != 0x0A { position += 1 }
        if includingNewline && position < bytes.count { position += 1 }
        emit(kind, from: start)
    }
}
