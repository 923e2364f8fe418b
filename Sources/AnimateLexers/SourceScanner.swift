
/// A source's UTF-8 bytes and the tokens a grammar has taken from them; custom patterns read
/// the bytes from a position. Every token starts and ends on an ASCII byte or the end of a run
/// of non-ASCII bytes, so no character is ever split and the tokens' texts rebuild the source
/// exactly.
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

    /// Adds another lexer's tokens for the bytes from `offset` and moves past them.
    mutating func embed(_ inner: [CodeToken], at offset: Int) {
        for t in inner {
            position = offset + t.range.upperBound
            emit(t.kind, from: offset + t.range.lowerBound)
        }
    }
}
