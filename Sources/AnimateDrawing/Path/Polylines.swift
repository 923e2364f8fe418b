import AnimateMath
package import Foundation

/// A path flattened to straight segments: contours of points, each open or closed.
///
/// This is what strokers and the rasterizer consume. Buffers are kept between uses
/// (`removeAll(keepingCapacity:)`), so flattening allocates nothing once warmed up.
package struct Polylines {
    /// All points, contour after contour.
    package var points: [CGPoint] = []
    /// For each contour: the index one past its last point, and whether it was closed.
    package var contours: [(end: Int, closed: Bool)] = []
    private var contourStart = 0

    /// Empty polylines.
    package init() {}

    /// Removes every contour, keeping the buffers.
    package mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
        contourStart = 0
    }

    /// The rows of a `height`-row frame that the finite points reach (edges to a non-finite
    /// point are not drawn).
    func rows(height: Int) -> Range<Int> {
        var top = CGFloat.infinity, bottom = -CGFloat.infinity
        for p in points where p.y.isFinite && p.x.isFinite {
            top = min(top, p.y)
            bottom = max(bottom, p.y)
        }
        guard top <= bottom else { return 0..<0 }
        let h = CGFloat(height)
        let first = Int(min(max(top.rounded(.down), 0), h)), end = Int(min(max(bottom.rounded(.up), 0), h))
        // Points all on one row still reach it.
        return first..<max(end, min(first + 1, height))
    }

    /// The range of `points` that contour `i` occupies (`i` may be one past the last: empty).
    package func range(ofContour i: Int) -> Range<Int> {
        let start = i == 0 ? 0 : contours[i - 1].end
        return start..<(i < contours.count ? contours[i].end : start)
    }

    /// Appends every contour of `other`; returns the indices of the contours appended.
    mutating func append(contentsOf other: Polylines) -> Range<Int> {
        finish(closed: false)
        let offset = points.count, first = contours.count
        points.append(contentsOf: other.points[..<(other.contours.last?.end ?? 0)])
        contours.append(contentsOf: other.contours.lazy.map { ($0.end + offset, $0.closed) })
        contourStart = points.count
        return first..<contours.count
    }

    /// Starts a contour at `p`, ending any open one.
    mutating func begin(_ p: CGPoint) {
        finish(closed: false)
        points.append(p)
    }

    /// Appends a point to the current contour, dropping exact repeats.
    @inline(__always) mutating func append(_ p: CGPoint) {
        if let last = points.last, points.count > contourStart, last == p { return }
        points.append(p)
    }

    /// Ends the current contour, if any.
    mutating func finish(closed: Bool) {
        guard points.count > contourStart else { return }
        contours.append((points.count, closed))
        contourStart = points.count
    }

    /// Appends `path`, mapped by `transform`, flattened so no point of a curve is further than
    /// `tolerance` (in the transformed space) from its chord. Non-finite points end the contour
    /// they are in: a shape with NaN or infinite coordinates is dropped, never drawn wrongly.
    package mutating func append(_ path: Path, transform: CGAffineTransform, tolerance: CGFloat) {
        var current = CGPoint.zero
        var valid = false
        let mark = (points.count, contours.count)
        var poisoned = false
        @inline(__always) func map(_ p: CGPoint) -> CGPoint {
            let q = p.applying(transform)
            if !(q.x.isFinite && q.y.isFinite) { poisoned = true }
            return q
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                current = map(p); begin(current); valid = true
            case .line(let p):
                guard valid else { continue }
                current = map(p); append(current)
            case .quadCurve(let p, let c):
                guard valid else { continue }
                let c1 = map(c), p1 = map(p)
                flattenQuad(current, c1, p1, tolerance: tolerance)
                current = p1
            case .curve(let p, let c1, let c2):
                guard valid else { continue }
                let q1 = map(c1), q2 = map(c2), p1 = map(p)
                flattenCubic(current, q1, q2, p1, tolerance: tolerance)
                current = p1
            case .closeSubpath:
                guard valid else { continue }
                finish(closed: true)
                valid = false
                if let lastContour = contours.last { current = points[lastContour.end - 1] }
            }
            if poisoned { break }
        }
        finish(closed: false)
        if poisoned {
            // Drop everything this path added: non-finite geometry is skipped, like HTML canvas does.
            points.removeSubrange(mark.0...)
            contours.removeSubrange(mark.1...)
            contourStart = points.count
        }
    }

    private mutating func flattenQuad(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, tolerance: CGFloat) {
        // Wang's bound: n segments keep the error under deg*(deg-1)/8 * |second difference| / n^2.
        let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
        let n = segmentCount(secondDifference: PortableMath.hypot(ddx, ddy), scale: 0.25, tolerance: tolerance)
        let step = 1 / CGFloat(n)
        for i in 1..<n {
            let t = CGFloat(i) * step, u = 1 - t
            append(CGPoint(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                           y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
        }
        append(p2)
    }

    private mutating func flattenCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: CGFloat) {
        let d1 = PortableMath.hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        let d2 = PortableMath.hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
        let n = segmentCount(secondDifference: max(d1, d2), scale: 0.75, tolerance: tolerance)
        let step = 1 / CGFloat(n)
        for i in 1..<n {
            let t = CGFloat(i) * step, u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            append(CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                           y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
        append(p3)
    }

    @inline(__always) private func segmentCount(secondDifference m: CGFloat, scale: CGFloat, tolerance: CGFloat) -> Int {
        let n = (scale * m / tolerance).squareRoot().rounded(.up)
        // Curves that span millions of pixels are clipped later; cap the work per curve.
        guard n.isFinite else { return 1 }
        return Int(min(max(n, 1), 4096))
    }

    /// The rectangle these trace when they are one contour through the four corners of an
    /// axis-aligned rectangle of non-zero size, with horizontal and vertical edges: filled with
    /// either rule, exactly that rectangle. Nil otherwise.
    var axisAlignedRectangle: CGRect? {
        guard contours.count == 1 else { return nil }
        var n = points.count
        if n == 5 && points[4] == points[0] { n = 4 }
        guard n == 4 else { return nil }
        var minX = points[0].x, maxX = minX, minY = points[0].y, maxY = minY
        for p in points[1..<4] {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX < maxX, minY < maxY else { return nil }
        // Four different corners of the bounding box, each edge horizontal or vertical: going
        // out and back along one side (two corners visited twice) covers nothing.
        for i in 0..<4 {
            let p = points[i], q = points[(i + 1) % 4]
            guard (p.x == minX || p.x == maxX) && (p.y == minY || p.y == maxY), p.x == q.x || p.y == q.y else { return nil }
            for j in (i + 1)..<4 where points[j] == p { return nil }
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether these are one axis-aligned rectangle that contains `0...width x 0...height`: filled,
    /// it covers every pixel of such a frame completely.
    func isRectangle(containingWidth width: Int, height: Int) -> Bool {
        guard let r = axisAlignedRectangle else { return false }
        return r.minX <= 0 && r.minY <= 0 && r.maxX >= CGFloat(width) && r.maxY >= CGFloat(height)
    }
}
