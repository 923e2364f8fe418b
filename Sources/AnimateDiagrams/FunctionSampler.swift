import AnimateMath
import AnimateDrawing
import Foundation

/// Samples y = f(x) into polylines on the canvas, adaptively: an interval is split until its curve
/// lies within a quarter pixel of the chord (checked at its middle and quarters), so bends get
/// points and straight stretches none; where it cannot settle (a pole, a jump) the line breaks.
/// Values that are not finite break it too.
struct FunctionSampler {
    let map: (Double, Double) -> CGPoint
    let f: (Double) -> Double
    /// The furthest the polyline may be from the curve, in canvas points.
    let tolerance: CGFloat
    /// The narrowest interval split, in canvas points across.
    let finest: CGFloat
    let maxDepth = 40

    /// Polylines being built: those finished and the one under way.
    private struct Lines {
        var done: [[CGPoint]] = []
        var current: [CGPoint] = []

        mutating func finish() {
            if current.count >= 2 { done.append(current) }
            current = []
        }
    }

    private func point(_ x: Double) -> CGPoint? {
        let y = f(x)
        guard y.isFinite, x.isFinite else { return nil }
        let p = map(x, y)
        return p.x.isFinite && p.y.isFinite ? p : nil
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

    /// Adds the curve from (x0, p0) to (x1, p1) to the current line (which ends at p0 when p0 exists).
    private func refine(_ x0: Double, _ p0: CGPoint?, _ x1: Double, _ p1: CGPoint?, depth: Int, into lines: inout Lines) {
        let xm = (x0 + x1) / 2
        let pm = point(xm)
        // Nothing defined here (sqrt left of 0): a gap, not worth splitting.
        if p0 == nil && p1 == nil && pm == nil && depth > 2 {
            lines.finish()
            return
        }
        let narrow = abs(map(x1, 0).x - map(x0, 0).x) < finest
        if let p0, let p1, let pm {
            let q1 = point((x0 + xm) / 2), q3 = point((xm + x1) / 2)
            // Near the chord, and half way up it half way along: a jump at an end leaves every sample
            // on one end of a steep chord, close to it but not along it.
            let along = abs(pm.y - (p0.y + p1.y) / 2) <= max(tolerance, abs(p1.y - p0.y) / 4)
            let close = along && (q1.map { Self.distance($0, p0, p1) <= tolerance } ?? false)
                && (q3.map { Self.distance($0, p0, p1) <= tolerance } ?? false) && Self.distance(pm, p0, p1) <= tolerance
            if close {
                lines.current.append(p1)
                return
            }
        }
        if depth >= maxDepth || narrow || x1 - x0 <= abs(x0) * 1e-14 {
            // Too fine to settle: joined when both ends exist and are near, broken otherwise (a jump or pole).
            if let p0, let p1, abs(p1.y - p0.y) <= max(4 * tolerance, 2 * abs(p1.x - p0.x)) {
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

    /// The distance from `p` to the segment from `a` to `b`.
    static func distance(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let d = b - a
        let l = d.dot(d)
        guard l > 0 else { return p.distance(to: a) }
        let t = min(max((p - a).dot(d) / l, 0), 1)
        return p.distance(to: a + d * t)
    }
}
