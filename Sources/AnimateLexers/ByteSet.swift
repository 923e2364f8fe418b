/// A set of bytes, for character classes; a non-ASCII byte stands for the character it starts
/// or continues.
struct ByteSet: Sendable, Equatable {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The bytes of `characters` (ASCII), with every non-ASCII byte when `nonASCII`.
    init(_ characters: String = "", nonASCII: Bool = false) {
        for b in characters.utf8 { insert(b) }
        if nonASCII { for b in UInt8(0x80)...UInt8(0xFF) { insert(b) } }
    }

    /// These bytes.
    init(bytes: some Sequence<UInt8>) {
        for b in bytes { insert(b) }
    }

    /// The bytes from `low` to `high`.
    init(_ range: ClosedRange<Character>) {
        for b in range.lowerBound.asciiValue!...range.upperBound.asciiValue! { insert(b) }
    }

    static func == (a: ByteSet, b: ByteSet) -> Bool {
        a.bits.0 == b.bits.0 && a.bits.1 == b.bits.1 && a.bits.2 == b.bits.2 && a.bits.3 == b.bits.3
    }

    mutating func insert(_ b: UInt8) {
        let bit = UInt64(1) << (b & 63)
        switch b >> 6 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }

    @inline(__always) func contains(_ b: UInt8) -> Bool {
        let word: UInt64
        switch b >> 6 {
        case 0: word = bits.0
        case 1: word = bits.1
        case 2: word = bits.2
        default: word = bits.3
        }
        return word & (UInt64(1) << (b & 63)) != 0
    }

    /// The bytes of both sets.
    static func + (a: ByteSet, b: ByteSet) -> ByteSet {
        var c = a
        c.bits = (a.bits.0 | b.bits.0, a.bits.1 | b.bits.1, a.bits.2 | b.bits.2, a.bits.3 | b.bits.3)
        return c
    }

    /// The bytes in both sets.
    static func & (a: ByteSet, b: ByteSet) -> ByteSet {
        var c = a
        c.bits = (a.bits.0 & b.bits.0, a.bits.1 & b.bits.1, a.bits.2 & b.bits.2, a.bits.3 & b.bits.3)
        return c
    }

    /// Every byte not in the set.
    static prefix func ~ (a: ByteSet) -> ByteSet {
        var c = a
        c.bits = (~a.bits.0, ~a.bits.1, ~a.bits.2, ~a.bits.3)
        return c
    }

    static let all = ~ByteSet()
    static let digits = ByteSet("0"..."9")
    static let letters = ByteSet("a"..."z") + ByteSet("A"..."Z")
    /// Letters, digits, underscore and any non-ASCII byte (identifiers in any script).
    static let wordBytes = letters + digits + ByteSet("_", nonASCII: true)
    /// What starts a word: a letter, underscore or non-ASCII byte.
    static let wordStart = letters + ByteSet("_", nonASCII: true)
    static let spaces = ByteSet(" \t\n\r\u{0C}\u{0B}")
}
