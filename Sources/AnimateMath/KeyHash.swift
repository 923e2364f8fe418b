import Foundation

/// A 128-bit FNV-1a hash (two 64-bit lanes) of strings, for the names of cached files (compiled
/// lessons, synthesized speech): the same on every run and machine, unlike `Hasher`.
package struct KeyHash: Sendable {
    private var a: UInt64 = 0xCBF2_9CE4_8422_2325, b: UInt64 = 0x6C62_272E_07BB_0142

    package init() {}

    /// Adds `text`, ended by a byte no UTF-8 text holds, so "ab" + "c" and "a" + "bc" differ.
    package mutating func add(_ text: String) {
        for byte in text.utf8 {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x100_0000_01B3 &+ 0x9E37_79B9
        }
        a = (a ^ 0xFF) &* 0x100_0000_01B3
        b = (b ^ 0xFF) &* 0x100_0000_01B3
    }

    /// 32 hexadecimal digits.
    package var hex: String { String(format: "%016llx%016llx", a, b) }
}
