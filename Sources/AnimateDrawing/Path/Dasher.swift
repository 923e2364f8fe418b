import AnimateMath
import Foundation

/// Splits flattened contours into dashes, as CoreGraphics does: the pattern restarts at each
/// subpath and runs on across corners; odd-length patterns repeat twice; invalid patterns
/// (negative, non-finite, or summing to zero) draw a solid line.
struct Dasher {
    /// Returns the dashes of `input` as open contours. A zero-length dash becomes a tiny segment
    /// in the direction of the line, so round and square caps still draw a dot.
    static func dash(_ input: Polylines, pattern rawPattern: [CGFloat], phase: CGFloat, into out: inout Polylines) -> Bool {
        var pattern = rawPattern
        if pattern.count % 2 == 1 { pattern += pattern }
        let total = pattern.reduce(0, +)
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), total > 0, total.isFinite,
              phase.isFinite else { return false }
        // Bound the work: a pattern far finer than the path (1e-9 dashes along 1e9 units) would
        // mean billions of dashes; past a million per stroke, draw it solid as if undashed.
        var length: CGFloat = 0
        for c in input.contours.indices {
            let r = input.range(ofContour: c)
            for i in r.dropFirst() { length += PortableMath.hypot(input.points[i].x - input.points[i - 1].x, input.points[i].y - input.points[i - 1].y) }
        }
        guard length.isFinite, length / total < 1_000_000 else { return false }
        var start = phase.truncatingRemainder(dividingBy: total)
        if start < 0 { start += total }
        let epsilon: CGFloat = 1e-7 * max(1, total)
        for c in input.contours.indices {
            let range = input.range(ofContour: c)
            var pts = Array(input.points[range])
            if input.contours[c].closed, let first = pts.first { pts.append(first) }
            guard pts.count >= 2 else { continue }
            // Position in the pattern.
            var index = 0
            var remaining = pattern[0]
            var skip = start
            while skip > 0 {
                if skip >= remaining { skip -= remaining; index = (index + 1) % pattern.count; remaining = pattern[index] }
                else { remaining -= skip; skip = 0 }
            }
            var on = index % 2 == 0
            var dashStart = -1   // index in `out.points` where the current dash began, or -1
            func endDash(at p: CGPoint, ux: CGFloat, uy: CGFloat) {
                if out.points.count - dashStart == 1 {
                    // A zero-length dash: give it a direction for its caps.
                    out.append(CGPoint(x: p.x + ux * epsilon, y: p.y + uy * epsilon))
                }
                out.finish(closed: false)
                dashStart = -1
            }
            for i in 1..<pts.count {
                let a = pts[i - 1], b = pts[i]
                let len = PortableMath.hypot(b.x - a.x, b.y - a.y)
                guard len > 0 else { continue }
                let ux = (b.x - a.x) / len, uy = (b.y - a.y) / len
                var pos: CGFloat = 0
                if on && dashStart < 0 { dashStart = out.points.count; out.begin(a) }
                while pos < len {
                    let step = min(remaining, len - pos)
                    pos += step
                    remaining -= step
                    let p = CGPoint(x: a.x + ux * pos, y: a.y + uy * pos)
                    if on { out.append(p) }
                    if remaining <= epsilon {
                        if on { endDash(at: p, ux: ux, uy: uy) }
                        index = (index + 1) % pattern.count
                        remaining = pattern[index]
                        on = index % 2 == 0
                        if on { dashStart = out.points.count; out.begin(p) }
                    }
                }
            }
            if dashStart >= 0 { out.finish(closed: false) }
        }
        return true
    }
}
