import AnimateMath
import Foundation

/// One path turned into another: `path(at: 0)` is the first, `path(at: 1)` the second, and in
/// between every point moves straight to its partner. Made once, then evaluated per frame.
///
/// Contours (subpaths) are paired by size and place; a contour without a partner grows from (or
/// shrinks to) a point at its partner's centre. Each pair is cut into the same number of cubic
/// segments (curves stay curves: longer segments are split in half until the counts agree), given
/// the same direction, and the closed ones turned so their points travel least: a square becomes
/// a circle by rounding, not by turning through a diamond.
public struct PathMorph: Sendable {
    /// Contour pairs: each a start point and cubic segments (control, control, end), both sides
    /// the same count.
    struct Contour: Sendable {
        var points: [CGPoint]   // start, then three points per segment
        var closed: Bool
    }
    private var pairs: [(from: Contour, to: Contour)] = []
    private let source: Path
    private let target: Path

    public init(from source: Path, to target: Path) {
        self.source = source
        self.target = target
        var a = Self.contours(of: source), b = Self.contours(of: target)
        // The larger contours first, so outlines pair with outlines and holes with holes.
        a.sort { Self.size($0) > Self.size($1) }
        b.sort { Self.size($0) > Self.size($1) }
        var used = Set<Int>()
        var matched: [(Contour?, Contour?)] = []
        for ca in a {
            // The unused partner nearest in place and size.
            let ac = Self.center(ca)
            var best: Int?, bestCost = CGFloat.infinity
            for (j, cb) in b.enumerated() where !used.contains(j) {
                let bc = Self.center(cb)
                let cost = hypot(ac.x - bc.x, ac.y - bc.y) + abs(sqrt(Self.size(ca)) - sqrt(Self.size(cb)))
                if cost < bestCost { bestCost = cost; best = j }
            }
            if let best {
                used.insert(best)
                matched.append((ca, b[best]))
            } else {
                matched.append((ca, nil))
            }
        }
        for (j, cb) in b.enumerated() where !used.contains(j) { matched.append((nil, cb)) }
        for (ca, cb) in matched {
            switch (ca, cb) {
            case let (x?, y?): pairs.append(Self.aligned(x, y))
            case let (x?, nil): pairs.append((x, Self.point(Self.center(x), like: x)))
            case let (nil, y?): pairs.append((Self.point(Self.center(y), like: y), y))
            default: break
            }
        }
    }

    /// The shape a fraction `progress` of the way (0: the first path exactly, 1: the second).
    public func path(at progress: Double) -> Path {
        if progress <= 0 { return source }
        if progress >= 1 { return target }
        let t = CGFloat(progress)
        var path = Path()
        for (a, b) in pairs {
            func p(_ i: Int) -> CGPoint { Self.mix(a.points[i], b.points[i], t) }
            path.move(to: p(0))
            var i = 1
            while i + 2 < a.points.count {
                path.addCurve(to: p(i + 2), control1: p(i), control2: p(i + 1))
                i += 3
            }
            if a.closed || b.closed { path.closeSubpath() }
        }
        return path
    }

    // MARK: Contours

    /// The path's subpaths as cubic segments, closed ones ending where they start.
    static func contours(of path: Path) -> [Contour] {
        var result: [Contour] = []
        var current: Contour?
        var start = CGPoint.zero, last = CGPoint.zero
        func finish() {
            if let c = current, c.points.count > 1 { result.append(c) }
            current = nil
        }
        func cubic(_ c1: CGPoint, _ c2: CGPoint, _ end: CGPoint) {
            if current == nil { current = Contour(points: [last], closed: false) }
            current!.points += [c1, c2, end]
            last = end
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                start = p; last = p
                current = Contour(points: [p], closed: false)
            case .line(let p):
                cubic(mix(last, p, 1.0 / 3), mix(last, p, 2.0 / 3), p)
            case .quadCurve(let p, let c):
                cubic(mix(last, c, 2.0 / 3), mix(p, c, 2.0 / 3), p)
            case .curve(let p, let c1, let c2):
                cubic(c1, c2, p)
            case .closeSubpath:
                if current != nil {
                    if last != start { cubic(mix(last, start, 1.0 / 3), mix(last, start, 2.0 / 3), start) }
                    current!.closed = true
                }
                finish()
                last = start
            }
        }
        finish()
        return result
    }

    private static func mix(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint { a + (b - a) * t }

    private static func center(_ c: Contour) -> CGPoint {
        var x: CGFloat = 0, y: CGFloat = 0
        for p in c.points { x += p.x; y += p.y }
        return CGPoint(x: x / CGFloat(c.points.count), y: y / CGFloat(c.points.count))
    }

    /// The area of the contour's box: a measure of size that works for open contours too.
    private static func size(_ c: Contour) -> CGFloat {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for p in c.points { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        return (maxX - minX) * (maxY - minY)
    }

    /// Twice the signed area of the polygon of the contour's points (its direction).
    private static func signedArea(_ c: Contour) -> CGFloat {
        var sum: CGFloat = 0
        for i in c.points.indices {
            let p = c.points[i], q = c.points[(i + 1) % c.points.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum
    }

    /// A contour shrunk to a point with the segment count of `other`.
    private static func point(_ p: CGPoint, like other: Contour) -> Contour {
        Contour(points: Array(repeating: p, count: other.points.count), closed: other.closed)
    }

    private static func segmentCount(_ c: Contour) -> Int { (c.points.count - 1) / 3 }

    /// The contour cut into `count` segments: each segment into pieces in proportion to its
    /// length (at least one each, the rest by largest remainder), each piece an equal step of its
    /// curve's parameter. Two rectangles of any proportions are cut alike, so corners meet corners.
    private static func subdivided(_ c: Contour, to count: Int) -> Contour {
        var segments: [(CGPoint, CGPoint, CGPoint, CGPoint)] = []
        var i = 1
        while i + 2 < c.points.count {
            segments.append((c.points[i - 1], c.points[i], c.points[i + 1], c.points[i + 2]))
            i += 3
        }
        guard !segments.isEmpty, count > segments.count else { return c }
        func length(_ s: (CGPoint, CGPoint, CGPoint, CGPoint)) -> CGFloat {
            hypot(s.1.x - s.0.x, s.1.y - s.0.y) + hypot(s.2.x - s.1.x, s.2.y - s.1.y) + hypot(s.3.x - s.2.x, s.3.y - s.2.y)
        }
        let lengths = segments.map(length)
        let total = lengths.reduce(0, +)
        let spare = count - segments.count
        var pieces = [Int](repeating: 1, count: segments.count)
        if total > 0 && total.isFinite {
            let shares = lengths.map { CGFloat(spare) * $0 / total }
            for k in segments.indices { pieces[k] += Int(shares[k].rounded(.down)) }
            // The rest to the largest remainders, earlier segments first on ties.
            let order = segments.indices.sorted { a, b in
                let ra = shares[a] - shares[a].rounded(.down), rb = shares[b] - shares[b].rounded(.down)
                return ra != rb ? ra > rb : a < b
            }
            var left = count - pieces.reduce(0, +)
            for k in order where left > 0 { pieces[k] += 1; left -= 1 }
        } else {
            for k in 0..<spare { pieces[k % segments.count] += 1 }
        }
        var points = [segments[0].0]
        for (k, s) in segments.enumerated() {
            var rest = s
            for n in stride(from: pieces[k], to: 1, by: -1) {
                // de Casteljau at 1/n of what is left.
                let t = 1 / CGFloat(n)
                let (p0, p1, p2, p3) = rest
                let a = mix(p0, p1, t), b = mix(p1, p2, t), c2 = mix(p2, p3, t)
                let d = mix(a, b, t), e = mix(b, c2, t), m = mix(d, e, t)
                points += [a, d, m]
                rest = (m, e, c2, p3)
            }
            points += [rest.1, rest.2, rest.3]
        }
        return Contour(points: points, closed: c.closed)
    }

    /// Reversed: the same curve run the other way.
    private static func reversed(_ c: Contour) -> Contour {
        Contour(points: c.points.reversed(), closed: c.closed)
    }

    /// A closed contour started at another of its segment ends (`shift` segments on).
    private static func rotated(_ c: Contour, by shift: Int) -> Contour {
        let n = segmentCount(c)
        guard c.closed, n > 0, shift % n != 0 else { return c }
        var points = [c.points[3 * (shift % n)]]
        for k in 0..<n {
            let s = (shift + k) % n
            points += [c.points[3 * s + 1], c.points[3 * s + 2], c.points[3 * s + 3]]
        }
        return Contour(points: points, closed: true)
    }

    /// A pair given the same segment count (at least eight for closed contours, so corners find
    /// partners on curves), the same direction, and the start that moves points least.
    private static func aligned(_ a: Contour, _ b: Contour) -> (Contour, Contour) {
        var count = max(segmentCount(a), segmentCount(b))
        if a.closed && b.closed { count = max(count, 8) }
        var x = subdivided(a, to: count), y = subdivided(b, to: count)
        guard x.closed && y.closed else { return (x, y) }
        if (signedArea(x) < 0) != (signedArea(y) < 0) { y = reversed(y) }
        var best = 0, bestCost = CGFloat.infinity
        for shift in 0..<count {
            var cost: CGFloat = 0
            for k in 0..<count {
                let d = x.points[3 * k] - y.points[3 * ((shift + k) % count)]
                cost += d.dot(d)
            }
            if cost < bestCost { bestCost = cost; best = shift }
        }
        y = rotated(y, by: best)
        x.closed = true
        return (x, y)
    }
}
