import AnimateMath
import Foundation

/// A value that moves through keyframes: `value(at:)` holds the first value before the first
/// key, interpolates between neighbouring keys with the later key's easing, and holds the last
/// value after the last key.
///
/// ```swift
/// let x = Keyframes(0.0)
///     .key(at: 1, 300, easing: .easeOut)
///     .key(at: 2.5, 100, easing: .spring(Spring()))
/// x.value(at: frame.time)
/// ```
public struct Keyframes<Value: Interpolatable>: Sendable where Value: Sendable {
    /// One key: the value reached at `time`, and the easing of the segment that ends there.
    public struct Key: Sendable {
        public var time: Double
        public var value: Value
        public var easing: Easing
    }

    /// The keys, sorted by time.
    public private(set) var keys: [Key]

    /// A track starting at `initial` at time 0.
    public init(_ initial: Value) { keys = [Key(time: 0, value: initial, easing: .linear)] }

    /// This track with another key (keys are kept sorted; a key at an existing time comes after it).
    public func key(at time: Double, _ value: Value, easing: Easing = .linear) -> Keyframes {
        var copy = self
        let index = copy.keys.firstIndex { $0.time > time } ?? copy.keys.count
        copy.keys.insert(Key(time: time, value: value, easing: easing), at: index)
        return copy
    }

    /// Time of the last key.
    public var duration: Double { keys.last?.time ?? 0 }

    /// The value at `time` seconds.
    public func value(at time: Double) -> Value {
        let first = keys[0]   // there is always the initial key
        if time <= first.time { return first.value }
        guard let next = keys.firstIndex(where: { $0.time > time }) else { return keys[keys.count - 1].value }
        let a = keys[next - 1], b = keys[next]
        return Value.interpolate(a.value, b.value, b.easing(progress(of: time, in: a.time...b.time)))
    }
}

/// A motion: a value as a function of time over a duration, composable into sequences,
/// parallel groups, staggers, delays, repeats and loops.
///
/// ```swift
/// let spin = Motion.tween(from: 0.0, to: 360, duration: 2, easing: .easeInOut).autoreversed().repeated(3)
/// context.rotate(by: .degrees(spin.value(at: frame.time)))
/// ```
public struct Motion<Value>: Sendable {
    /// Length of one run, in seconds.
    public let duration: Double
    private let evaluate: @Sendable (Double) -> Value

    /// A motion from a function of local time (0...duration).
    public init(duration: Double, _ evaluate: @escaping @Sendable (Double) -> Value) {
        self.duration = max(duration, 0)
        self.evaluate = evaluate
    }

    /// The value at `time` seconds, with time clamped to the motion's span.
    public func value(at time: Double) -> Value {
        evaluate(time.isFinite ? min(max(time, 0), duration) : 0)
    }

    /// A value that never changes.
    public static func constant(_ value: Value, duration: Double = 0) -> Motion where Value: Sendable {
        Motion(duration: duration) { _ in value }
    }

    /// This motion started `delay` seconds later (holding its first value meanwhile).
    public func delayed(by delay: Double) -> Motion {
        let d = max(delay, 0)
        return Motion(duration: duration + d) { self.value(at: $0 - d) }
    }

    /// This motion played `count` times back to back.
    public func repeated(_ count: Int) -> Motion {
        let n = max(count, 1), span = duration
        return Motion(duration: span * Double(n)) { t in
            guard span > 0 else { return self.value(at: 0) }
            let lap = min(Int(t / span), n - 1)
            return self.value(at: t - Double(lap) * span)
        }
    }

    /// This motion forwards then backwards (ping-pong): twice as long, ending where it began.
    public func autoreversed() -> Motion {
        let span = duration
        return Motion(duration: 2 * span) { t in self.value(at: t <= span ? t : 2 * span - t) }
    }

    /// This motion looped forever: any time maps into one run, so it repeats seamlessly
    /// when its first and last values agree (use `autoreversed()` to make them agree).
    public func looped() -> Motion {
        let span = duration
        return Motion(duration: .infinity) { t in
            guard span > 0 else { return self.value(at: 0) }
            let local = t.truncatingRemainder(dividingBy: span)
            return self.value(at: local < 0 ? local + span : local)
        }
    }

    /// The same timing producing another value.
    public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Motion<T> {
        Motion<T>(duration: duration) { transform(self.value(at: $0)) }
    }

    /// This motion and `other` together: the value pairs, the duration is the longer one.
    public func with<T>(_ other: Motion<T>) -> Motion<(Value, T)> {
        Motion<(Value, T)>(duration: max(duration, other.duration)) { (self.value(at: $0), other.value(at: $0)) }
    }
}

extension Motion where Value: Interpolatable & Sendable {
    /// A tween from `a` to `b` over `duration` seconds.
    public static func tween(from a: Value, to b: Value, duration: Double, easing: Easing = .linear) -> Motion {
        Motion(duration: duration) { t in
            Value.interpolate(a, b, easing(duration > 0 ? t / duration : 1))
        }
    }

    /// Motions played one after another; each starts where the time of the previous one ends.
    public static func sequence(_ first: Motion, _ rest: Motion...) -> Motion {
        let motions = [first] + rest
        let total = motions.reduce(0) { $0 + $1.duration }
        return Motion(duration: total) { t in
            var start = 0.0
            for m in motions.dropLast() {
                if t < start + m.duration { return m.value(at: t - start) }
                start += m.duration
            }
            return motions[motions.count - 1].value(at: t - start)
        }
    }

    /// The motions of `items` started `interval` seconds apart: item `i` is delayed by `i * interval`.
    public static func stagger(_ motions: [Motion], interval: Double) -> [Motion] {
        motions.enumerated().map { i, m in m.delayed(by: Double(i) * interval) }
    }
}

/// Helpers for seamless loops.
public enum Loop {
    /// Phase 0..<1 of a loop of `period` seconds at `time`.
    public static func phase(_ time: Double, period: Double) -> Double {
        guard period > 0, time.isFinite else { return 0 }
        let p = (time / period).truncatingRemainder(dividingBy: 1)
        return p < 0 ? p + 1 : p
    }

    /// A value that goes 0 → 1 → 0 smoothly once per `period` (a cosine wave), so the loop joins.
    public static func pingPong(_ time: Double, period: Double) -> Double {
        (1 - PortableMath.cos(2 * .pi * phase(time, period: period))) / 2
    }
}
