import AnimateMath
import AnimateDrawing
import Foundation

/// Samples a curve given by a parameter (y = f(x) with x as the parameter, or a parametric curve)
/// into polylines on the canvas, adaptively: an interval is split until its curve lies within a
/// quarter pixel of the chord (checked at its middle and quarters), so bends get points and
/// straight stretches none; where it cannot settle (a pole, a jump) the line breaks. Values that
/// are not finite break it too.
struct CurveSampler {
    /// The canvas point at a parameter value, or nil where the curve is not defined.
    let point: (Double) -> CGPoint?
    /// The furthest the polyline may be from the curve, in canvas points.
    let tolerance: CGFloat
    /// Whether the curve is a graph y = f(x) (the parameter runs along the canvas's x), which
    /// tells a jump from a steep stretch by its height alone; otherwise a parametric curve.
    let isGraph: Bool
    /// Whether an interval is too narrow to split further.
    let isNarrow: (Double, Double) -> Bool
    let maxDepth = 40

    /// y = f(x) through `map` (coordinates to canvas); intervals narrower than `finest` canvas
    /// points across are not split.
    init(graph f: @escaping (Double) -> Double, map: @escaping (Double, Double) -> CGPoint, tolerance: CGFloat, finest: CGFloat) {
        point = { x in
            let y = f(x)
            guard y.isFinite, x.isFinite else { return nil }
            let p = map(x, y)
            return p.x.isFinite && p.y.isFinite ? p : nil
        }
        self.tolerance = tolerance
        isGraph = true
        isNarrow = { a, b in abs(map(b, 0).x - map(a, 0).x) < finest }
    }

    /// A parametric curve over `domain`, already on the canvas.
    init(curve: @escaping (Double) -> CGPoint?, domain: ClosedRange<Double>, tolerance: CGFloat) {
        point = { t in curve(t).flatMap { $0.x.isFinite && $0.y.isFinite ? $0 : nil } }
        self.tolerance = tolerance
        isGraph = false
        let finest = (domain.upperBound - domain.lowerBound) * 0x1p-30
        isNarrow = { a, b in b - a < finest }
    }

    /// Polylines being built: those finished and the one under way.
    private struct Lines {
        var done: [[CGPoint]] = []
        var current: [CGPoint] = []

        mutating func finish() {
            if current.count >= 2 { done.append(current) }
            current = []
        }
    }

    /// The curve over `domain` as polylines, each at least two points.
    func polylines(over domain: ClosedRange<Double>) -> [[CGPoint]] {
        // Start from an even grid so nothing narrower than a sixty-fourth of the domain is missed.
        let pieces = 64
        let width = domain.upperBound - domain.lowerBound
        guard width > 0, width.isFinite else { return [] }
        var lines = Lines()
        var x0 = domain.lowerBound, p0 = point(x0)
        if let p0 { lines.current = [p0] }
        for k in 1...pieces {
            let x1 = k == pieces ? domain.upperBound : domain.lowerBound + width * Double(k) / Double(pieces)
            let p1 = point(x1)
            refine(x0, p0, x1, p1, depth: 0, into: &lines)
            x0 = x1
            p0 = p1
        }
        lines.finish()
        return lines.done
    }

    /// How far the middle sample may stray from the chord's middle before the interval is split
    /// whatever its distance to the chord: a jump at an end leaves every sample on one end of a
    /// steep chord, close to it but not along it.
    private func isAlong(_ pm: CGPoint, _ p0: CGPoint, _ p1: CGPoint) -> Bool {
        if isGraph { return abs(pm.y - (p0.y + p1.y) / 2) <= max(tolerance, abs(p1.y - p0.y) / 4) }
        return pm.distance(to: (p0 + p1) * 0.5) <= max(tolerance, p0.distance(to: p1) / 4)
    }

    /// Whether two samples too close in the parameter to split are one stretch of curve (else a
    /// jump or a pole lies between them).
    private func joins(_ p0: CGPoint, _ p1: CGPoint) -> Bool {
        if isGraph { return abs(p1.y - p0.y) <= max(4 * tolerance, 2 * abs(p1.x - p0.x)) }
        return p0.distance(to: p1) <= 4 * tolerance
    }

    /// Adds the curve from (x0, p0) to (x1, p1) to the current line (which ends at p0 when p0 exists).
    private func refine(_ x0: Double, _ p0: CGPoint?, _ x1: Double, _ p1: CGPoint?, depth: Int, into lines: inout Lines) {
        let xm = (x0 + x1) / 2
        let pm = point(xm)
        // Nothing defined here (sqrt left of 0): a gap, not worth splitting.
        if p0 == nil && p1 == nil && pm == nil && depth > 2 {
            lines.finish()
            return
        }
        if let p0, let p1, let pm {
            let q1 = point((x0 + xm) / 2), q3 = point((xm + x1) / 2)
            let close = isAlong(pm, p0, p1) && (q1.map { $0.distance(toSegment: p0, p1) <= tolerance } ?? false)
                && (q3.map { $0.distance(toSegment: p0, p1) <= tolerance } ?? false) && pm.distance(toSegment: p0, p1) <= tolerance
            if close {
                lines.current.append(p1)
                return
            }
        }
        if depth >= maxDepth || isNarrow(x0, x1) || x1 - x0 <= abs(x0) * 1e-14 {
            // Too fine to settle: joined when both ends exist and are near, broken otherwise (a jump or pole).
            if let p0, let p1, joins(p0, p1) {
                lines.current.append(p1)
            } else {
                lines.finish()
                if let p1 { lines.current = [p1] }
            }
            return
        }
        refine(x0, p0, xm, pm, depth: depth + 1, into: &lines)
        refine(xm, pm, x1, p1, depth: depth + 1, into: &lines)
    }
}
