import AnimateMath
import Foundation

/// How far one of `count` items has grown when a chart is `progress` of the way revealed: they
/// start one after another over the first half, each taking half the reveal, eased.
enum ChartReveal {
    static func growth(_ index: Int, of count: Int, progress: Double) -> Double {
        guard progress.isFinite else { return 1 }
        if progress >= 1 { return 1 }
        if progress <= 0 { return 0 }
        let start = count > 1 ? 0.5 * Double(index) / Double(count - 1) : 0
        let g = min(max((progress - start) / 0.5, 0), 1)
        return g * g * (3 - 2 * g)
    }

    /// A range with round ends covering `values` (and zero, for bars).
    static func niceRange(_ values: [Double], includingZero: Bool) -> ClosedRange<Double> {
        var lo = values.filter(\.isFinite).min() ?? 0, hi = values.filter(\.isFinite).max() ?? 1
        if includingZero { lo = min(lo, 0); hi = max(hi, 0) }
        if hi <= lo { hi = lo + 1 }
        let step = Axes.niceStep(lo...hi)
        return (lo / step).rounded(.down) * step...(hi / step).rounded(.up) * step
    }
}
