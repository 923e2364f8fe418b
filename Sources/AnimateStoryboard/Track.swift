import AnimateTimeline
import Foundation

/// One animated property of one thing: its value before any beat, then each change a beat made,
/// in start order. A change's starting value is what the property held when it began (fixed when
/// the storyboard is built), so the value at any time is read from the last change begun by then,
/// found by binary search: no replay, the same cost at any time.
struct Track<Value: Interpolatable & Sendable>: Sendable {
    struct Change: Sendable {
        let start: Double
        let end: Double
        let from: Value
        let to: Value
        let easing: Easing
        /// A way from `from` to `to` other than straight (along a path, around a point), by progress.
        var route: (@Sendable (Double) -> Value)? = nil
    }
    private(set) var initial: Value
    private(set) var changes: [Change] = []

    init(_ initial: Value) { self.initial = initial }

    /// The number of changes begun by `time` (changes are in start order).
    private func begun(by time: Double) -> Int {
        var low = 0, high = changes.count
        while low < high {
            let mid = (low + high) / 2
            if changes[mid].start <= time { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// When the last change begun by `time` began; nil when none has.
    func lastStart(by time: Double) -> Double? {
        let n = begun(by: time)
        return n > 0 ? changes[n - 1].start : nil
    }

    /// The value at `time`.
    func value(at time: Double) -> Value {
        let low = begun(by: time)
        guard low > 0 else { return initial }
        let c = changes[low - 1]
        // Past its end, where its easing ends: the target, or back where it began for curves
        // that go out and return (Manim's there_and_back, wiggle).
        let p = time >= c.end || c.end <= c.start ? c.easing(1) : c.easing((time - c.start) / (c.end - c.start))
        if p == 1 { return c.to }
        return c.route?(p) ?? Value.interpolate(c.from, c.to, p)
    }

    /// Adds a change from the value at `start` to `to`; changes are added in start order.
    mutating func change(to value: Value, start: Double, end: Double, easing: Easing, route: (@Sendable (Double) -> Value)? = nil) {
        let from = self.value(at: start)
        var index = changes.count
        while index > 0 && changes[index - 1].start > start { index -= 1 }
        changes.insert(Change(start: start, end: max(start, end), from: from, to: value, easing: easing, route: route), at: index)
    }

    /// The value after every change.
    var final: Value { changes.last?.to ?? initial }
}
