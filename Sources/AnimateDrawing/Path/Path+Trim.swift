public import Foundation

extension Path {
    /// The part of the path between fractions `from` and `to` of its length (SwiftUI's
    /// `trimmedPath(from:to:)`), for draw-on animations: `path.trimmedPath(from: 0, to: progress)`.
    ///
    /// Length runs over all subpaths in order, a closed subpath counting its closing line. Curves
    /// stay curves (cut where their arc length reaches the ends). Empty when `from >= to`.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let from = min(max(from.isFinite ? from : 0, 0), 1), to = min(max(to.isFinite ? to : 0, 0), 1)
        guard from < to else { return Path() }
        let pieces = PathPieces(self)
        guard pieces.total > 0 else { return from == 0 && to == 1 ? self : Path() }
        if from == 0 && to == 1 { return self }
        let start = from * pieces.total, end = to * pieces.total
        var out = Path()
        var lastEnd: CGPoint?
        for (k, piece) in pieces.pieces.enumerated() {
            let s0 = pieces.starts[k], s1 = s0 + piece.length
            guard s1 > start, s0 < end else { continue }
            let a = max(start, s0) - s0, b = min(end, s1) - s0
            let part = piece.segment.between(piece.parameter(atLength: a), piece.parameter(atLength: b))
            // A subpath taken whole keeps its close (so its last corner is joined).
            if piece.isClosing, a == 0, b == piece.length, let first = pieces.subpathStart(of: k), pieces.starts[first] >= start {
                out.closeSubpath()
                lastEnd = nil
                continue
            }
            if piece.startsSubpath || lastEnd != part.start { out.move(to: part.start) }
            part.append(to: &out)
            lastEnd = part.end
        }
        return out
    }
}

/// A path cut into measured segments, for trimming.
struct PathPieces {
    struct Piece {
        var segment: Segment
        var length: CGFloat
        /// Cumulative length at evenly spaced parameters (curves only).
        var table: [CGFloat]
        var startsSubpath: Bool
        var isClosing: Bool

        /// The parameter at arc length `s` from the segment's start.
        func parameter(atLength s: CGFloat) -> CGFloat {
            guard length > 0 else { return 0 }
            if case .line = segment { return s / length }
            if s <= 0 { return 0 }
            if s >= length { return 1 }
            // Binary search the table, then interpolate linearly between samples.
            var lo = 0, hi = table.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if table[mid] < s { lo = mid } else { hi = mid }
            }
            let span = table[hi] - table[lo]
            let f = span > 0 ? (s - table[lo]) / span : 0
            return (CGFloat(lo) + f) / CGFloat(table.count - 1)
        }
    }

    enum Segment {
        case line(CGPoint, CGPoint)
        case quad(CGPoint, CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

        var start: CGPoint {
            switch self { case let .line(p, _), let .quad(p, _, _), let .cubic(p, _, _, _): return p }
        }
        var end: CGPoint {
            switch self { case let .line(_, p), let .quad(_, _, p), let .cubic(_, _, _, p): return p }
        }

        func point(at t: CGFloat) -> CGPoint {
            switch self {
            case let .line(a, b): return a + (b - a) * t
            case let .quad(a, c, b):
                let u = 1 - t
                return a * (u * u) + c * (2 * u * t) + b * (t * t)
            case let .cubic(a, c1, c2, b):
                let u = 1 - t
                return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t)
            }
        }

        /// The segment's part from parameter `t0` to `t1` (de Casteljau).
        func between(_ t0: CGFloat, _ t1: CGFloat) -> Segment {
            switch self {
            case .line: return .line(point(at: t0), point(at: t1))
            case let .quad(a, c, b):
                // Cut at t1, keep the first part; cut that at t0 / t1, keep the second.
                let (l0, l1, l2) = Self.splitQuad(a, c, b, t1).left
                guard t1 > 0 else { return .quad(l0, l0, l0) }
                let right = Self.splitQuad(l0, l1, l2, t0 / t1).right
                return .quad(right.0, right.1, right.2)
            case let .cubic(a, c1, c2, b):
                let left = Self.splitCubic(a, c1, c2, b, t1).left
                guard t1 > 0 else { return .cubic(a, a, a, a) }
                let right = Self.splitCubic(left.0, left.1, left.2, left.3, t0 / t1).right
                return .cubic(right.0, right.1, right.2, right.3)
            }
        }

        func append(to path: inout Path) {
            switch self {
            case let .line(_, b): path.addLine(to: b)
            case let .quad(_, c, b): path.addQuadCurve(to: b, control: c)
            case let .cubic(_, c1, c2, b): path.addCurve(to: b, control1: c1, control2: c2)
            }
        }

        static func splitQuad(_ a: CGPoint, _ c: CGPoint, _ b: CGPoint, _ t: CGFloat)
            -> (left: (CGPoint, CGPoint, CGPoint), right: (CGPoint, CGPoint, CGPoint)) {
            let ac = a + (c - a) * t, cb = c + (b - c) * t, m = ac + (cb - ac) * t
            return ((a, ac, m), (m, cb, b))
        }

        static func splitCubic(_ a: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ b: CGPoint, _ t: CGFloat)
            -> (left: (CGPoint, CGPoint, CGPoint, CGPoint), right: (CGPoint, CGPoint, CGPoint, CGPoint)) {
            let p01 = a + (c1 - a) * t, p12 = c1 + (c2 - c1) * t, p23 = c2 + (b - c2) * t
            let p012 = p01 + (p12 - p01) * t, p123 = p12 + (p23 - p12) * t
            let m = p012 + (p123 - p012) * t
            return ((a, p01, p012, m), (m, p123, p23, b))
        }
    }

    private(set) var pieces: [Piece] = []
    /// Where each piece starts along the whole path.
    private(set) var starts: [CGFloat] = []
    private(set) var total: CGFloat = 0

    init(_ path: Path) {
        var current: CGPoint?, subpathStart: CGPoint?
        var fresh = true
        func add(_ segment: Segment, closing: Bool = false) {
            let table = Self.lengths(of: segment)
            pieces.append(Piece(segment: segment, length: table.last ?? 0, table: table, startsSubpath: fresh, isClosing: closing))
            fresh = false
        }
        for element in path.elements {
            switch element {
            case let .move(to: p):
                current = p; subpathStart = p; fresh = true
            case let .line(to: p):
                if let c = current { add(.line(c, p)) }
                current = p
            case let .quadCurve(to: p, control: q):
                if let c = current { add(.quad(c, q, p)) }
                current = p
            case let .curve(to: p, control1: q1, control2: q2):
                if let c = current { add(.cubic(c, q1, q2, p)) }
                current = p
            case .closeSubpath:
                if let c = current, let s = subpathStart, !fresh { add(.line(c, s), closing: true) }
                current = subpathStart; fresh = true
            }
        }
        for piece in pieces {
            starts.append(total)
            total += piece.length.isFinite ? piece.length : 0
        }
    }

    /// The first piece of the subpath that piece `k` belongs to.
    func subpathStart(of k: Int) -> Int? {
        var i = k
        while i >= 0 {
            if pieces[i].startsSubpath { return i }
            i -= 1
        }
        return nil
    }

    /// Cumulative arc length at evenly spaced parameters (a line: just its length).
    static func lengths(of segment: Segment) -> [CGFloat] {
        if case let .line(a, b) = segment { return [0, (b - a).length] }
        let steps = 64
        var table: [CGFloat] = [0]
        table.reserveCapacity(steps + 1)
        var previous = segment.start, sum: CGFloat = 0
        for i in 1...steps {
            let p = segment.point(at: CGFloat(i) / CGFloat(steps))
            sum += (p - previous).length
            table.append(sum)
            previous = p
        }
        return table
    }
}
