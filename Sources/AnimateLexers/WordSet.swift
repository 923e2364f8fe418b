import Foundation

/// Word lists looked up by their bytes, without allocating: an open-addressing table of the
/// words' FNV-1a hashes over one buffer of their bytes.
struct WordSet: Sendable {
    private let bytes: [UInt8]
    private let ranges: [Range<Int>]
    /// Slots of `ranges` indices (-1 empty), a power of two at least twice the words.
    private let slots: [Int32]
    private let longest: Int

    init(_ list: [String]) {
        var bytes: [UInt8] = [], ranges: [Range<Int>] = []
        for word in Set(list).sorted() {
            let start = bytes.count
            bytes += word.utf8
            ranges.append(start..<bytes.count)
        }
        var size = 16
        while size < ranges.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for (k, range) in ranges.enumerated() {
            var slot = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[range])) } & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(k)
        }
        self.bytes = bytes; self.ranges = ranges; self.slots = slots
        longest = ranges.map(\.count).max() ?? 0
    }

    /// Words separated by spaces and newlines.
    init(spaced: String) { self.init(spaced.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)) }

    /// The hash every word set looks `word` up by: computed once, a word can be looked up in
    /// several sets.
    @inline(__always) static func hash(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in word { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    func contains(_ word: UnsafeBufferPointer<UInt8>) -> Bool { contains(word, hash: Self.hash(word)) }

    /// Whether `word`, whose `hash(_:)` is `hash`, is in the set.
    func contains(_ word: UnsafeBufferPointer<UInt8>, hash: Int) -> Bool { index(of: word, hash: hash) != nil }

    /// Where `word`, whose `hash(_:)` is `hash`, is in `list`, or nil.
    func index(of word: UnsafeBufferPointer<UInt8>, hash: Int) -> Int? {
        guard word.count <= longest, !word.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = hash & mask
        return bytes.withUnsafeBufferPointer { all in
            while true {
                let k = Int(slots[slot])
                if k < 0 { return nil }
                let range = ranges[k]
                if range.count == word.count && memcmp(all.baseAddress! + range.lowerBound, word.baseAddress!, word.count) == 0 { return k }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The words, sorted.
    var list: [String] { ranges.map { String(decoding: bytes[$0], as: UTF8.self) } }

    func contains(_ word: ArraySlice<UInt8>) -> Bool { word.withUnsafeBufferPointer { contains($0) } }
}
