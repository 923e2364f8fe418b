/// A few bytes (one to eight) held in place, for the literals of a grammar: matching one reads
/// no array.
struct ByteString: Sendable, ExpressibleByStringLiteral {
    private let packed: UInt64
    let count: Int

    init(_ bytes: [UInt8]) {
        precondition((1...8).contains(bytes.count), "a grammar's literal is one to eight bytes")
        var packed: UInt64 = 0
        for (k, b) in bytes.enumerated() { packed |= UInt64(b) << (8 * k) }
        self.packed = packed
        count = bytes.count
    }

    init(stringLiteral text: String) { self.init(Array(text.utf8)) }

    @inline(__always) subscript(k: Int) -> UInt8 { UInt8(truncatingIfNeeded: packed >> (8 * k)) }
}

