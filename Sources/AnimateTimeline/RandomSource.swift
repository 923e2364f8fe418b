import AnimateMath
public import Foundation

/// A seeded random number generator of our own (SplitMix64): the same seed gives the same
/// numbers on every platform, build and run (integer arithmetic only). Use it instead of
/// `SystemRandomNumberGenerator`, and derive independent streams with `fork`.
public struct RandomSource: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator seeded with `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent stream for `key` (e.g. an object's index), unaffected by how many numbers
    /// this generator has produced.
    public func fork(_ key: UInt64) -> RandomSource {
        var mixer = RandomSource(seed: state ^ (key &* 0xD6E8_FEB8_6659_FD93))
        return RandomSource(seed: mixer.next())
    }

    /// A uniform double in `0..<1` (53 random bits).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A uniform double in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A uniform integer in `range`, without modulo bias.
    public mutating func integer(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A normally distributed double (Box–Muller).
    public mutating func normal(mean: Double = 0, deviation: Double = 1) -> Double {
        var u = unit()
        while u <= 0 { u = unit() }
        let v = unit()
        return mean + deviation * (-2 * PortableMath.log(u)).squareRoot() * PortableMath.cos(2 * .pi * v)
    }

    /// A uniform point in `rect`.
    public mutating func point(in rect: CGRect) -> CGPoint {
        CGPoint(x: rect.minX + rect.width * unit(), y: rect.minY + rect.height * unit())
    }

    /// A uniform point in the disc of `radius` around `center`.
    public mutating func point(inCircleOf radius: Double, around center: CGPoint = .zero) -> CGPoint {
        let r = radius * unit().squareRoot(), a = 2 * Double.pi * unit()
        return CGPoint(x: center.x + r * PortableMath.cos(a), y: center.y + r * PortableMath.sin(a))
    }

    /// A random element of `items`, or nil when it is empty.
    public mutating func element<C: Collection>(of items: C) -> C.Element? where C.Index == Int {
        items.isEmpty ? nil : items[items.startIndex + integer(in: 0...(items.count - 1))]
    }
}
