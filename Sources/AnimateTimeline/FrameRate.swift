import AnimateMath
import Foundation

/// A frame rate as an exact fraction of frames per second (60/1, 30000/1001).
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    /// Frames per `denominator` seconds.
    public let numerator: Int
    /// Seconds per `numerator` frames.
    public let denominator: Int

    /// A rate of `numerator / denominator` frames per second, reduced; nil unless both are positive.
    public init?(numerator: Int, denominator: Int = 1) {
        guard numerator > 0, denominator > 0 else { return nil }
        var a = numerator, b = denominator
        while b != 0 { (a, b) = (b, a % b) }
        self.numerator = numerator / a
        self.denominator = denominator / a
    }

    /// Parses `60`, `29.97` (as 30000/1001), `23.976` (24000/1001), `12.5` or `30000/1001`.
    public init?(parsing text: String) {
        let s = text.trimmingCharacters(in: .whitespaces)
        if let slash = s.firstIndex(of: "/") {
            guard let n = Int(s[..<slash]), let d = Int(s[s.index(after: slash)...]) else { return nil }
            self.init(numerator: n, denominator: d)
            return
        }
        guard let value = Double(s), value.isFinite, value > 0 else { return nil }
        // NTSC rates are written with two or three decimals; take them as their exact fractions.
        for base in [24, 30, 60, 120] {
            let ntsc = Double(base) * 1000 / 1001
            if abs(value - ntsc) < 0.006 { self.init(numerator: base * 1000, denominator: 1001); return }
        }
        let scaled = (value * 1000).rounded()
        guard abs(scaled / 1000 - value) < 1e-9, scaled < 1e9 else { return nil }
        self.init(numerator: Int(scaled), denominator: 1000)
    }

    /// Frames per second as a floating-point number.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The exact time of frame `index` in seconds, rounded once (no drift at any frame number).
    public func time(ofFrame index: Int) -> Double {
        Double(index) * Double(denominator) / Double(numerator)
    }

    /// The number of whole frames in `seconds`, rounded to the nearest frame (at least 1; at most
    /// `Int.max` for durations past any count).
    public func frameCount(forDuration seconds: Double) -> Int {
        max(1, Int(saturating: (seconds * Double(numerator) / Double(denominator)).rounded()))
    }

    /// The frame showing at `seconds` (0 before the start; `Int.max` for times past any frame).
    public func frameIndex(at seconds: Double) -> Int {
        Int(saturating: (seconds * Double(numerator) / Double(denominator) + 1e-9).rounded(.down))
    }


    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
