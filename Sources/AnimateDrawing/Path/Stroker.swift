import AnimateMath
import Foundation

/// Turns flattened contours into the outline of their stroke, to be filled with the non-zero rule.
///
/// Each side of a contour is offset by half the line width; at corners the outer side gets the
/// join (miter, round or bevel). The inner side meets where its two offsets cross, when that point
/// lies on both; past that (short segments, sharp turns) it pivots through the corner point,
/// which the non-zero rule fills correctly. Open contours get caps; closed ones become two loops.
/// Outlines are built in user space and mapped by `transform`, so a non-uniform scale
/// transforms the pen as CoreGraphics does.
///
/// One stroker belongs to a canvas's scratch space and keeps its buffers between strokes. A value
/// type with mutating methods: as a class, every append to its buffers paid a dynamic exclusivity
/// check.
struct Stroker {
    private var halfWidth: CGFloat = 0.5
    private var cap: CGLineCap = .butt
    private var join: CGLineJoin = .miter
    private var miterLimit: CGFloat = 10
    private var transform: CGAffineTransform = .identity
    /// Largest chord error allowed for round joins and caps, in user units.
    private var tolerance: CGFloat = 0.2

    /// The outline polygons of the last `stroke`, in device space.
    private(set) var out = Polylines()
    private var pts: [CGPoint] = []
    private var segs: [Segment] = []

    /// Strokes `input` (user space) with `style`, leaving device-space outlines in `out`.
    mutating func stroke(_ input: Polylines, style: StrokeStyle, transform: CGAffineTransform, tolerance: CGFloat) {
        halfWidth = abs(style.lineWidth) / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = style.miterLimit
        self.transform = transform
        self.tolerance = tolerance
        out.removeAll()
        stroke(input)
    }

    /// Set when the next point emitted starts a contour.
    private var beginning = false
    /// Whether the last outline is two nested convex loops (a convex closed contour whose inner
    /// corners all met where the offsets cross): no pixel then holds two boundaries that could
    /// cross, so the rasterizer need not look for them.
    private(set) var outlineIsSimple = false
    private var pivoted = false

    @inline(__always) private mutating func emit(_ p: CGPoint) {
        if beginning {
            beginning = false
            out.begin(p.applying(transform))
        } else {
            out.append(p.applying(transform))
        }
    }

    private mutating func stroke(_ input: Polylines) {
        outlineIsSimple = false
        pivoted = false
        guard halfWidth > 0, halfWidth.isFinite else { return }
        var convexLoop = false
        for c in input.contours.indices {
            let range = input.range(ofContour: c)
            pts.removeAll(keepingCapacity: true)
            pts.append(contentsOf: input.points[range])
            var closed = input.contours[c].closed
            // A closed contour often ends a rounding error away from its start (a flattened ellipse):
            // that is the same point, not a segment whose direction is noise.
            if closed, pts.count > 1, let a = pts.first, let b = pts.last,
               abs(a.x - b.x) + abs(a.y - b.y) <= 1e-9 * max(1, abs(a.x) + abs(a.y)) { pts.removeLast() }
            if pts.count < 2 { continue }
            if pts.count == 2 { closed = false }
            computeSegments(closed: closed)
            convexLoop = closed && input.contours.count == 1 && turnsOnceOneWay()
            if closed { strokeClosed() } else { strokeOpen() }
        }
        outlineIsSimple = convexLoop && !pivoted
    }

    private struct Segment { var dir: CGPoint; var normal: CGPoint; var length: CGFloat }

    private mutating func computeSegments(closed: Bool) {
        let n = closed ? pts.count : pts.count - 1
        segs.removeAll(keepingCapacity: true)
        for i in 0..<n {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            let len = PortableMath.hypot(b.x - a.x, b.y - a.y)
            let d = len > 0 ? CGPoint(x: (b.x - a.x) / len, y: (b.y - a.y) / len) : CGPoint(x: 1, y: 0)
            segs.append(Segment(dir: d, normal: CGPoint(x: -d.y, y: d.x), length: len))
        }
    }

    private mutating func strokeOpen() {
        let hw = halfWidth
        let first = pts[0], last = pts[pts.count - 1]
        // Left side, forward.
        out.begin(offset(first, segs[0].normal, hw).applying(transform))
        for i in 1..<pts.count - 1 {
            joinAt(pts[i], from: segs[i - 1], to: segs[i])
        }
        emit(offset(last, segs[segs.count - 1].normal, hw))
        capAt(last, segment: segs[segs.count - 1])
        // Right side, backward.
        for i in stride(from: pts.count - 2, through: 1, by: -1) {
            let a = segs[i], b = segs[i - 1]
            joinAt(pts[i], from: reversed(a), to: reversed(b))
        }
        emit(offset(first, -segs[0].normal, hw))
        capAt(first, segment: reversed(segs[0]))
        out.finish(closed: true)
    }

    private mutating func strokeClosed() {
        let n = pts.count
        for side in [CGFloat(1), -1] {
            // The left loop runs forward, the right loop backward: opposite windings, so the
            // ring between them is inside and the hole is not.
            beginning = true
            for k in 0..<n {
                let i = side > 0 ? k : (n - k) % n
                let incoming = side > 0 ? segs[(i + n - 1) % n] : reversed(segs[i])
                let outgoing = side > 0 ? segs[i] : reversed(segs[(i + n - 1) % n])
                joinAt(pts[i], from: incoming, to: outgoing)
            }
            out.finish(closed: true)
        }
    }

    /// Whether the closed contour in `segs` turns always the same way, once around: it is convex.
    private func turnsOnceOneWay() -> Bool {
        var sign: CGFloat = 0, total: CGFloat = 0
        for i in segs.indices {
            let a = segs[i], b = segs[(i + 1) % segs.count]
            let cross = a.dir.x * b.dir.y - a.dir.y * b.dir.x, dot = a.dir.x * b.dir.x + a.dir.y * b.dir.y
            if abs(cross) > 1e-12 {
                if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0) != (sign > 0) { return false }
            } else if dot < 0 {
                return false   // a reversal
            }
            total += PortableMath.atan2(cross, dot)
        }
        return abs(abs(total) - 2 * .pi) < 1e-6
    }

    private func reversed(_ s: Segment) -> Segment { Segment(dir: -s.dir, normal: -s.normal, length: s.length) }

    @inline(__always) private func offset(_ p: CGPoint, _ n: CGPoint, _ d: CGFloat) -> CGPoint {
        CGPoint(x: p.x + n.x * d, y: p.y + n.y * d)
    }

    /// Emits the corner at `p` on the normal side of travel: the end of the incoming offset, the join,
    /// and the start of the outgoing offset.
    private mutating func joinAt(_ p: CGPoint, from a: Segment, to b: Segment) {
        let hw = halfWidth
        let start = offset(p, a.normal, hw), end = offset(p, b.normal, hw)
        let cross = a.dir.x * b.dir.y - a.dir.y * b.dir.x
        let dot = a.dir.x * b.dir.x + a.dir.y * b.dir.y
        // With normal = (-dy, dx), turning towards the normal (cross > 0) makes this the inner side.
        // The offsets cross hw * tan(turn / 2) before the corner; when that is within half of each
        // segment (so neighbouring corners cannot overlap), the crossing is the corner: no loop
        // for the rasterizer to resolve, and an exact edge.
        if cross > 0, dot > -0.999, hw * cross / (1 + dot) <= 0.5 * min(a.length, b.length) {
            emit(offset(p, CGPoint(x: a.normal.x + b.normal.x, y: a.normal.y + b.normal.y), hw / (1 + dot)))
            return
        }
        emit(start)
        if abs(cross) < 1e-9 && dot > 0 {
            emit(end)
            return
        }
        if cross > 0 {
            pivoted = true
            emit(p)
            emit(end)
            return
        }
        switch join {
        case .bevel:
            break
        case .miter:
            let sum = CGPoint(x: a.normal.x + b.normal.x, y: a.normal.y + b.normal.y)
            let len2 = sum.x * sum.x + sum.y * sum.y
            // Miter length / line width = 1 / cos(turn / 2) = 2 / |n0 + n1|.
            if len2 > 1e-12, 4 / len2 <= miterLimit * miterLimit {
                emit(offset(p, sum, 2 * hw / len2))
            }
        case .round:
            arc(around: p, from: a.normal, to: b.normal)
        }
        emit(end)
    }

    /// Emits the cap at `p` from the left offset to the right offset of travel direction `segment.dir`.
    private mutating func capAt(_ p: CGPoint, segment s: Segment) {
        let hw = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            emit(CGPoint(x: p.x + (s.normal.x + s.dir.x) * hw, y: p.y + (s.normal.y + s.dir.y) * hw))
            emit(CGPoint(x: p.x + (-s.normal.x + s.dir.x) * hw, y: p.y + (-s.normal.y + s.dir.y) * hw))
        case .round:
            arc(around: p, from: s.normal, to: CGPoint(x: -s.normal.x, y: -s.normal.y), via: s.dir)
        }
        emit(offset(p, CGPoint(x: -s.normal.x, y: -s.normal.y), hw))
    }

    /// Emits points strictly between unit vectors `u` and `v` on the circle of radius `halfWidth`
    /// around `c`, sweeping the short way (or through `via` when given, for half turns).
    private mutating func arc(around c: CGPoint, from u: CGPoint, to v: CGPoint, via: CGPoint? = nil) {
        let a0 = PortableMath.atan2(u.y, u.x)
        var sweep: CGFloat
        if let via {
            let am = PortableMath.atan2(via.y, via.x)
            var half = am - a0
            while half > .pi { half -= 2 * .pi }
            while half < -.pi { half += 2 * .pi }
            sweep = 2 * half
        } else {
            sweep = PortableMath.atan2(v.y, v.x) - a0
            while sweep > .pi { sweep -= 2 * .pi }
            while sweep < -.pi { sweep += 2 * .pi }
        }
        let r = halfWidth
        let maxStep = 2 * PortableMath.acos(max(-1, min(1, 1 - tolerance / r)))
        let steps = max(1, min(1024, Int(saturating: (abs(sweep) / max(maxStep, 1e-3)).rounded(.up))))
        if steps < 2 { return }
        for k in 1..<steps {
            let t = a0 + sweep * CGFloat(k) / CGFloat(steps)
            emit(CGPoint(x: c.x + PortableMath.cos(t) * r, y: c.y + PortableMath.sin(t) * r))
        }
    }
}
