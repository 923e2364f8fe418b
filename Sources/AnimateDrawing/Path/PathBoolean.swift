import AnimateMath
import Foundation

/// Boolean operations on paths: both outlines flattened finely (each flat edge remembering the
/// element and the stretch of its parameter it came from), every edge split where any other
/// crosses or touches it, coincident points merged and coincident edges made one, then each edge
/// kept or dropped by the winding numbers of both shapes on its two sides. The kept edges are
/// linked into contours, inside on the same side of every edge, and runs of edges from one curve
/// become that curve again (its stretch between the run's ends), so curves survive as curves.
struct PathBoolean {
    /// What a region's membership of the two shapes makes of it.
    enum Operation {
        case union, intersection, subtraction, symmetricDifference
        /// The first shape alone, by its fill rule (normalizing).
        case normalize

        func inside(_ a: Bool, _ b: Bool) -> Bool {
            switch self {
            case .union: a || b
            case .intersection: a && b
            case .subtraction: a && !b
            case .symmetricDifference: a != b
            case .normalize: a
            }
        }
    }

    /// The flat edges' maximum distance from the curves they follow.
    static let tolerance: CGFloat = 0.005

    /// Where a flat edge came from: shape, element, and the parameter at its two ends.
    struct Origin: Equatable {
        var shape: Int
        var element: Int
        var t0: CGFloat
        var t1: CGFloat
    }

    /// A source element as a line or cubic from its start point.
    struct Piece {
        var p0: CGPoint, c1: CGPoint, c2: CGPoint, p3: CGPoint
        var isLine: Bool

        func point(_ t: CGFloat) -> CGPoint {
            if isLine { return p0 + (p3 - p0) * t }
            let u = 1 - t
            return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p3 * (t * t * t)
        }

        /// The stretch of the cubic from t0 to t1 (t0 > t1 runs it backwards).
        func controls(from t0: CGFloat, to t1: CGFloat) -> (CGPoint, CGPoint) {
            // The derivative scaled to the stretch's length gives its control points.
            func derivative(_ t: CGFloat) -> CGPoint {
                let u = 1 - t
                return (c1 - p0) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (p3 - c2) * (3 * t * t)
            }
            let h = t1 - t0
            return (point(t0) + derivative(t0) * (h / 3), point(t1) - derivative(t1) * (h / 3))
        }
    }

    struct Edge {
        var a: CGPoint
        var b: CGPoint
        var origin: Origin
    }

    /// Every closed contour of `path` as pieces, each subpath closed by a line when it is not.
    static func pieces(of path: Path, closing: Bool) -> [[Piece]] {
        var contours: [[Piece]] = []
        var current: [Piece] = []
        var start = CGPoint.zero, point = CGPoint.zero
        func finish() {
            if closing, !current.isEmpty, point != start { current.append(Piece(p0: point, c1: point, c2: start, p3: start, isLine: true)) }
            if !current.isEmpty { contours.append(current) }
            current = []
        }
        for e in path.elements {
            switch e {
            case .move(let p):
                finish()
                start = p; point = p
            case .line(let p):
                current.append(Piece(p0: point, c1: point, c2: p, p3: p, isLine: true)); point = p
            case .quadCurve(let p, let c):
                current.append(Piece(p0: point, c1: point + (c - point) * (2.0 / 3), c2: p + (c - p) * (2.0 / 3), p3: p, isLine: false)); point = p
            case .curve(let p, let c1, let c2):
                current.append(Piece(p0: point, c1: c1, c2: c2, p3: p, isLine: false)); point = p
            case .closeSubpath:
                if point != start { current.append(Piece(p0: point, c1: point, c2: start, p3: start, isLine: true)) }
                point = start
                // Outlines (not fills) end their contour here; fills close it at the next move.
                if !closing, !current.isEmpty { contours.append(current); current = [] }
            }
        }
        finish()
        return contours.map { $0.filter { p in
            [p.p0, p.c1, p.c2, p.p3].allSatisfy { $0.x.isFinite && $0.y.isFinite }
        } }.filter { !$0.isEmpty }
    }

    /// The flat edges of `contours`, tagged with `shape` and their element's index in `all`.
    static func flatten(_ contours: [[Piece]], shape: Int, into edges: inout [Edge], pieces all: inout [Piece]) {
        for contour in contours {
            for piece in contour {
                let index = all.count
                all.append(piece)
                var n = 1
                if !piece.isLine {
                    let d1 = piece.p0 - piece.c1 * 2 + piece.c2, d2 = piece.c1 - piece.c2 * 2 + piece.p3
                    let m = max(d1.length, d2.length)
                    n = max(1, min(Int((0.75 * m / tolerance).squareRoot().rounded(.up)), 4096))
                }
                var previous = piece.p0
                for k in 1...n {
                    let t = CGFloat(k) / CGFloat(n)
                    let p = k == n ? piece.p3 : piece.point(t)
                    if p != previous {
                        edges.append(Edge(a: previous, b: p, origin: Origin(shape: shape, element: index, t0: CGFloat(k - 1) / CGFloat(n), t1: t)))
                    }
                    previous = p
                }
            }
        }
    }

    // MARK: Splitting

    /// The edges split wherever another crosses, touches or runs along them.
    static func split(_ edges: [Edge]) -> [Edge] {
        var cuts = [[CGFloat]](repeating: [], count: edges.count)
        // Sweep in order of top: only edges whose vertical spans overlap are compared.
        let order = edges.indices.sorted { min(edges[$0].a.y, edges[$0].b.y) < min(edges[$1].a.y, edges[$1].b.y) }
        var active: [Int] = []
        for i in order {
            let e = edges[i]
            let top = min(e.a.y, e.b.y), bottom = max(e.a.y, e.b.y)
            let left = min(e.a.x, e.b.x), right = max(e.a.x, e.b.x)
            active.removeAll { max(edges[$0].a.y, edges[$0].b.y) < top }
            for j in active {
                let f = edges[j]
                guard max(f.a.x, f.b.x) >= left, min(f.a.x, f.b.x) <= right, min(f.a.y, f.b.y) <= bottom else { continue }
                intersect(e, f, i, j, &cuts)
            }
            active.append(i)
        }
        var out: [Edge] = []
        out.reserveCapacity(edges.count * 2)
        for (i, e) in edges.enumerated() {
            let ts = cuts[i].filter { $0 > 0 && $0 < 1 }.sorted()
            var start = e.a, s0: CGFloat = 0
            for s in ts where s - s0 > 1e-12 {
                let p = e.a + (e.b - e.a) * s
                out.append(Edge(a: start, b: p, origin: sub(e.origin, s0, s)))
                start = p; s0 = s
            }
            out.append(Edge(a: start, b: e.b, origin: sub(e.origin, s0, 1)))
        }
        return out
    }

    /// The origin of the stretch from s0 to s1 of an edge.
    static func sub(_ o: Origin, _ s0: CGFloat, _ s1: CGFloat) -> Origin {
        Origin(shape: o.shape, element: o.element, t0: o.t0 + (o.t1 - o.t0) * s0, t1: o.t0 + (o.t1 - o.t0) * s1)
    }

    /// Records where edges e and f cut each other (as fractions along each).
    static func intersect(_ e: Edge, _ f: Edge, _ i: Int, _ j: Int, _ cuts: inout [[CGFloat]]) {
        let r = e.b - e.a, s = f.b - f.a
        let scale = max(r.length, s.length)
        let eps = scale * 1e-9
        let denominator = r.x * s.y - r.y * s.x
        let qp = f.a - e.a
        // An end of one lying on the other (touching, and overlaps of parallel edges).
        func along(_ p: CGPoint, _ a: CGPoint, _ d: CGPoint) -> CGFloat? {
            let l = d.dot(d)
            guard l > 0 else { return nil }
            let t = (p - a).dot(d) / l
            guard t > 0, t < 1 else { return nil }
            let q = a + d * t
            return q.distance(to: p) <= max(eps, 1e-9) ? t : nil
        }
        if let t = along(f.a, e.a, r) { cuts[i].append(t) }
        if let t = along(f.b, e.a, r) { cuts[i].append(t) }
        if let t = along(e.a, f.a, s) { cuts[j].append(t) }
        if let t = along(e.b, f.a, s) { cuts[j].append(t) }
        guard abs(denominator) > 1e-12 * scale * scale else { return }
        let t = (qp.x * s.y - qp.y * s.x) / denominator
        let u = (qp.x * r.y - qp.y * r.x) / denominator
        guard t > 1e-12, t < 1 - 1e-12, u > 1e-12, u < 1 - 1e-12 else { return }
        cuts[i].append(t)
        cuts[j].append(u)
    }

    // MARK: Classifying

    /// Points merged within a millionth of a point, in the order met.
    struct Vertices {
        var points: [CGPoint] = []
        var grid: [SIMD2<Int64>: [Int]] = [:]
        let cell: CGFloat = 1e-6

        /// A grid coordinate, held within Int64 however far out the point is.
        func cellIndex(_ v: CGFloat) -> Int64 {
            let k = (v / cell).rounded(.down)
            return k.magnitude < 4e18 ? Int64(k) : (k > 0 ? Int64(4e18) : Int64(-4e18))
        }

        mutating func index(of p: CGPoint) -> Int {
            let key = SIMD2(cellIndex(p.x), cellIndex(p.y))
            for dx in -1...1 {
                for dy in -1...1 {
                    for k in grid[key &+ SIMD2(Int64(dx), Int64(dy))] ?? [] where points[k].distance(to: p) <= cell { return k }
                }
            }
            points.append(p)
            grid[key, default: []].append(points.count - 1)
            return points.count - 1
        }
    }

    /// One edge between two merged points, standing for every flat edge along it.
    struct Group {
        var from: Int
        var to: Int
        /// The windings the edges along it add, per shape, counted in the from -> to direction.
        var turns: SIMD2<Int32> = .zero
        /// Where it came from (a first shape's edge when both shapes run along it).
        var origin: Origin
        var reversedOrigin: Bool
    }

    /// Horizontal and vertical bands of edges, so a ray only meets the edges of its band.
    struct Bands {
        let low: CGFloat
        let size: CGFloat
        var bands: [[Int]]

        init(_ spans: [(CGFloat, CGFloat)], count: Int) {
            let lo = spans.map(\.0).min() ?? 0, hi = spans.map(\.1).max() ?? 1
            low = lo
            size = max((hi - lo) / CGFloat(max(count, 1)), 1e-9)
            bands = Array(repeating: [], count: max(count, 1))
            for (k, s) in spans.enumerated() {
                for b in band(s.0)...band(s.1) { bands[b].append(k) }
            }
        }

        func band(_ v: CGFloat) -> Int { min(max(Int(((v - low) / size).rounded(.down)), 0), bands.count - 1) }
    }

    /// The boolean of `a` and `b` (b is ignored when normalizing).
    static func combine(_ a: Path, _ b: Path, _ operation: Operation, evenOdd: Bool) -> Path {
        var pieces: [Piece] = []
        var flat: [Edge] = []
        flatten(Self.pieces(of: a, closing: true), shape: 0, into: &flat, pieces: &pieces)
        if operation != .normalize { flatten(Self.pieces(of: b, closing: true), shape: 1, into: &flat, pieces: &pieces) }
        guard !flat.isEmpty else { return Path() }
        let edges = split(flat)
        var vertices = Vertices()
        var groups: [Group] = []
        var lookup: [SIMD2<Int>: Int] = [:]
        for e in edges {
            let u = vertices.index(of: e.a), v = vertices.index(of: e.b)
            guard u != v else { continue }
            let key = SIMD2(min(u, v), max(u, v))
            let k: Int
            if let found = lookup[key] {
                k = found
            } else {
                k = groups.count
                lookup[key] = k
                groups.append(Group(from: key.x, to: key.y, origin: e.origin, reversedOrigin: u != key.x))
            }
            let sign: Int32 = u == groups[k].from ? 1 : -1
            groups[k].turns[e.origin.shape] += sign
            // Prefer the first shape's curve when both run along an edge.
            if e.origin.shape == 0 && groups[k].origin.shape == 1 {
                groups[k].origin = e.origin
                groups[k].reversedOrigin = u != groups[k].from
            }
        }
        let points = vertices.points
        // Rays: +x rays meet edges in their horizontal band, +y rays in their vertical one.
        let bandCount = max(1, min(Int(Double(groups.count).squareRoot()), 512))
        let rows = Bands(groups.map { g in let a = points[g.from].y, b = points[g.to].y; return (min(a, b), max(a, b)) }, count: bandCount)
        let columns = Bands(groups.map { g in let a = points[g.from].x, b = points[g.to].x; return (min(a, b), max(a, b)) }, count: bandCount)
        func filled(_ w: Int32) -> Bool { evenOdd ? w & 1 != 0 : w != 0 }
        // The windings at the middle of group k, by every other group.
        func windings(at m: CGPoint, excluding k: Int, vertical: Bool) -> SIMD2<Int32> {
            var w = SIMD2<Int32>.zero
            let candidates = vertical ? columns.bands[columns.band(m.x)] : rows.bands[rows.band(m.y)]
            for g in candidates where g != k {
                let group = groups[g]
                let p = points[group.from], q = points[group.to]
                if vertical {
                    // A ray towards +y: crosses edges whose x span holds m.x (half open), below m.
                    guard (p.x <= m.x) != (q.x <= m.x) else { continue }
                    let y = p.y + (q.y - p.y) * (m.x - p.x) / (q.x - p.x)
                    guard y > m.y else { continue }
                    let s: Int32 = q.x < p.x ? 1 : -1
                    w &+= group.turns &* s
                } else {
                    guard (p.y <= m.y) != (q.y <= m.y) else { continue }
                    let x = p.x + (q.x - p.x) * (m.y - p.y) / (q.y - p.y)
                    guard x > m.x else { continue }
                    let s: Int32 = q.y > p.y ? 1 : -1
                    w &+= group.turns &* s
                }
            }
            return w
        }
        // Kept edges, oriented with the inside on the side of (-dy, dx).
        var kept: [(from: Int, to: Int, group: Int)] = []
        for (k, g) in groups.enumerated() {
            let p = points[g.from], q = points[g.to], d = q - p
            let m = (p + q) * 0.5
            let vertical = abs(d.x) > abs(d.y)
            let w = windings(at: m, excluding: k, vertical: vertical)
            // The side the ray starts on crosses this edge too: west of it for +x rays, north for +y.
            let own: SIMD2<Int32> = vertical ? g.turns &* (d.x < 0 ? 1 : -1) : g.turns &* (d.y > 0 ? 1 : -1)
            let crossing = w &+ own
            let insideCrossing = operation.inside(filled(crossing.x), filled(crossing.y))
            let insideOther = operation.inside(filled(w.x), filled(w.y))
            guard insideCrossing != insideOther else { continue }
            // n = (-dy, dx) points west when dy > 0, north when dx < 0.
            let nTowardsCrossingSide = vertical ? d.x < 0 : d.y > 0
            let insideOnN = nTowardsCrossingSide == insideCrossing
            kept.append(insideOnN ? (g.from, g.to, k) : (g.to, g.from, k))
        }
        return link(kept, groups: groups, points: points, pieces: pieces)
    }

    /// Links kept edges into closed contours and writes them out, runs along one curve as curves.
    static func link(_ kept: [(from: Int, to: Int, group: Int)], groups: [Group], points: [CGPoint], pieces: [Piece]) -> Path {
        var outgoing: [Int: [Int]] = [:]
        for (k, e) in kept.enumerated() { outgoing[e.from, default: []].append(k) }
        var used = [Bool](repeating: false, count: kept.count)
        var path = Path()
        for start in kept.indices where !used[start] {
            var contour: [Int] = [start]
            used[start] = true
            var current = start
            while true {
                let here = kept[current].to
                guard let options = outgoing[here]?.filter({ !used[$0] }), !options.isEmpty else { break }
                // Several ways on (shapes touching at a point): the one turning most towards the
                // outside, so each loop stays a simple loop.
                let incoming = points[kept[current].to] - points[kept[current].from]
                let next = options.min { a, b in
                    turn(incoming, points[kept[a].to] - points[here]) < turn(incoming, points[kept[b].to] - points[here])
                }!
                used[next] = true
                contour.append(next)
                current = next
                if kept[next].to == kept[start].from { break }
            }
            write(contour.map { kept[$0] }, groups: groups, points: points, pieces: pieces, into: &path)
        }
        return path
    }

    /// How far `b` turns from `a` towards the outside side (the opposite of (-dy, dx)), in
    /// (-π, π]: the smallest is the outermost way on.
    static func turn(_ a: CGPoint, _ b: CGPoint) -> Double {
        let cross = Double(a.x * b.y - a.y * b.x), dot = Double(a.x * b.x + a.y * b.y)
        return atan2(cross, dot)
    }

    /// One contour: consecutive edges from one curve, running on along its parameter, become
    /// that curve's stretch.
    static func write(_ edges: [(from: Int, to: Int, group: Int)], groups: [Group], points: [CGPoint], pieces: [Piece], into path: inout Path) {
        guard let first = edges.first else { return }
        // The stretch an edge covers, as it runs (from -> to).
        func stretch(_ e: (from: Int, to: Int, group: Int)) -> Origin {
            let g = groups[e.group]
            var o = g.origin
            let forwards = (e.from == g.from) != g.reversedOrigin
            if !forwards { swap(&o.t0, &o.t1) }
            return o
        }
        path.move(to: points[first.from])
        var k = 0
        while k < edges.count {
            let o = stretch(edges[k])
            var end = k, t1 = o.t1
            while end + 1 < edges.count {
                let n = stretch(edges[end + 1])
                guard n.shape == o.shape, n.element == o.element, abs(n.t0 - t1) < 1e-9 else { break }
                t1 = n.t1
                end += 1
            }
            let target = points[edges[end].to]
            let piece = pieces[o.element]
            if piece.isLine || end == k && abs(t1 - o.t0) < 1e-12 {
                path.addLine(to: target)
            } else {
                let (c1, c2) = piece.controls(from: o.t0, to: t1)
                path.addCurve(to: target, control1: c1, control2: c2)
            }
            k = end + 1
        }
        path.closeSubpath()
    }

    // MARK: Lines

    /// The parts of `a`'s outline (as stroked, open subpaths staying open) inside `b`'s fill,
    /// or outside it; the parts along `b`'s edge count as inside.
    static func lines(_ a: Path, _ b: Path, inside: Bool, evenOdd: Bool) -> Path {
        var pieces: [Piece] = []
        var flat: [Edge] = []
        let contours = Self.pieces(of: a, closing: false)
        flatten(contours, shape: 0, into: &flat, pieces: &pieces)
        let count = flat.count
        flatten(Self.pieces(of: b, closing: true), shape: 1, into: &flat, pieces: &pieces)
        guard count > 0 else { return Path() }
        let edges = split(flat)
        let others = edges.filter { $0.origin.shape == 1 }
        var path = Path()
        var run: [Edge] = []
        func flush() {
            guard let first = run.first else { return }
            path.move(to: first.a)
            var k = 0
            while k < run.count {
                let o = run[k].origin
                var end = k
                while end + 1 < run.count, run[end + 1].origin.element == o.element, abs(run[end + 1].origin.t0 - run[end].origin.t1) < 1e-9 { end += 1 }
                let piece = pieces[o.element]
                if piece.isLine || end == k {
                    path.addLine(to: run[end].b)
                } else {
                    let (c1, c2) = piece.controls(from: o.t0, to: run[end].origin.t1)
                    path.addCurve(to: run[end].b, control1: c1, control2: c2)
                }
                k = end + 1
            }
            run = []
        }
        func onEdge(_ m: CGPoint) -> Bool {
            others.contains { e in m.distance(toSegment: e.a, e.b) <= 1e-7 * max(1, e.a.distance(to: e.b)) }
        }
        func winding(_ m: CGPoint) -> Int {
            var w = 0
            for e in others where (e.a.y <= m.y) != (e.b.y <= m.y) {
                let x = e.a.x + (e.b.x - e.a.x) * (m.y - e.a.y) / (e.b.y - e.a.y)
                if x > m.x { w += e.b.y > e.a.y ? 1 : -1 }
            }
            return w
        }
        var previousElementEnd: CGPoint?
        for e in edges where e.origin.shape == 0 {
            let m = (e.a + e.b) * 0.5
            let w = winding(m)
            let isInside = onEdge(m) || (evenOdd ? w & 1 != 0 : w != 0)
            if isInside == inside && (run.isEmpty || previousElementEnd == e.a) {
                run.append(e)
            } else {
                flush()
                if isInside == inside { run.append(e) }
            }
            previousElementEnd = e.b
        }
        flush()
        return path
    }
}
