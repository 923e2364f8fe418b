import AnimateMath
public import AnimateDrawing
public import Foundation

/// An arrow from one point to another, straight or bent along a circular arc, with a head at its
/// end (and its start, double-ended): one closed outline to fill, so it can also be created,
/// morphed and placed as any shape. The head is sized by the shaft's width unless given.
///
/// ```swift
/// context.fill(Arrow(from: a, to: b).path, with: .color(.red))
/// context.fill(Arrow(from: a, to: b, bend: .degrees(60), lineWidth: 3).path, with: .color(.blue))
/// ```
public struct Arrow: Sendable, Hashable {
    /// The shape of the heads.
    public enum Tip: Sendable, Hashable {
        /// A plain triangle.
        case triangle
        /// A triangle with its back swept in, the shaft meeting it part way to the point.
        case stealth
    }

    public var from: CGPoint
    public var to: CGPoint
    /// The angle the shaft turns through along its arc (positive: bowing to the left of the way
    /// from `from` to `to` on a y-down screen, as a counter-clockwise turn); zero: straight.
    public var bend: Angle
    public var lineWidth: CGFloat
    /// The head's length along the shaft; nil: four and a half times the width, at least 12 points.
    public var headLength: CGFloat?
    /// The head's width across; nil: nine tenths of its length.
    public var headWidth: CGFloat?
    /// A head at the start as well (Manim's DoubleArrow).
    public var isDoubleEnded: Bool
    public var tip = Tip.triangle

    public init(from: CGPoint, to: CGPoint, bend: Angle = .zero, lineWidth: CGFloat = 4,
                headLength: CGFloat? = nil, headWidth: CGFloat? = nil, isDoubleEnded: Bool = false) {
        self.from = from
        self.to = to
        self.bend = bend
        self.lineWidth = lineWidth
        self.headLength = headLength
        self.headWidth = headWidth
        self.isDoubleEnded = isDoubleEnded
    }

    /// The head's length and width, shortened so the heads take at most the whole arrow.
    var head: (length: CGFloat, width: CGFloat) {
        let w = max(lineWidth, 0)
        var length = headLength ?? max(4.5 * w, 12)
        let span = from.distance(to: to)
        length = min(length, span / (isDoubleEnded ? 2 : 1))
        let width = headWidth ?? max(length * 0.9, w)
        return (max(length, 0), max(width, w))
    }

    /// The filled outline: shaft and heads in one contour.
    public var path: Path {
        guard from.x.isFinite, from.y.isFinite, to.x.isFinite, to.y.isFinite, lineWidth.isFinite, lineWidth >= 0,
              from != to else { return Path() }
        let turn = bend.radians
        if !turn.isFinite || abs(turn) < 1e-6 { return straight }
        return curved(turn: min(max(turn, -1.99 * .pi), 1.99 * .pi))
    }

    /// How far into the head the shaft reaches, as a fraction of its length.
    var notch: CGFloat { tip == .stealth ? 0.35 : 0 }

    private var straight: Path {
        let (length, width) = head
        let u = (to - from).normalized, n = CGPoint(x: -u.y, y: u.x), h = lineWidth / 2
        let tail = isDoubleEnded ? from + u * length : from, base = to - u * length
        let join = base + u * (length * notch), tailJoin = tail - u * (length * notch)
        let start = isDoubleEnded ? tailJoin : tail
        var points = [start + n * h, join + n * h, base + n * (width / 2), to, base - n * (width / 2), join - n * h, start - n * h]
        if isDoubleEnded { points += [tail - n * (width / 2), from, tail + n * (width / 2)] }
        return Path { $0.addLines(points); $0.closeSubpath() }
    }

    /// The shaft along the circle through both points that turns through `turn` radians.
    private func curved(turn: Double) -> Path {
        let (length, width) = head
        let c = from.distance(to: to), sweep = abs(turn)
        let radius = c / (2 * CGFloat(Foundation.sin(sweep / 2)))
        // Left of the way on a y-down screen; the arc bows that way for a positive turn, so its
        // centre lies the other way (or the same way, past a half turn, where the cosine is negative).
        let u = (to - from).normalized, left = CGPoint(x: u.y, y: -u.x)
        let side: CGFloat = turn > 0 ? 1 : -1
        let centre = (from + to) * 0.5 - left * (side * radius * CGFloat(Foundation.cos(sweep / 2)))
        func angle(_ p: CGPoint) -> Double { Double(atan2(p.y - centre.y, p.x - centre.x)) }
        func at(_ a: Double, _ r: CGFloat) -> CGPoint { centre + CGPoint(x: r * CGFloat(Foundation.cos(a)), y: r * CGFloat(Foundation.sin(a))) }
        // The way round (increasing or decreasing angle) that reaches `to` after the sweep.
        let a0 = angle(from)
        let up = at(a0 + sweep, radius).distance(to: to) <= at(a0 - sweep, radius).distance(to: to)
        let direction: Double = up ? 1 : -1
        let a1 = a0 + direction * sweep
        // The heads' bases, a head's length back along the arc.
        let back = Double(length / radius) * direction, reach = back * Double(1 - notch)
        // The wings stand at a head's length back; the shaft runs on into a swept-in head.
        let start = isDoubleEnded ? a0 + reach : a0, end = a1 - reach
        let wingsEnd = a1 - back, wingsStart = a0 + back
        let h = lineWidth / 2
        var path = Path()
        func arc(_ r: CGFloat, from s: Double, to e: Double) {
            path.addArc(center: centre, radius: r, startAngle: .radians(s), endAngle: .radians(e), clockwise: e < s)
        }
        func addHead(base a: Double, tip: CGPoint, outerFirst: Bool) {
            let b = at(a, radius), across = (b - centre).normalized * (outerFirst ? 1 : -1)
            path.addLine(to: b + across * (width / 2)); path.addLine(to: tip); path.addLine(to: b - across * (width / 2))
        }
        path.move(to: at(start, radius + h))
        arc(radius + h, from: start, to: end)
        addHead(base: wingsEnd, tip: to, outerFirst: true)
        path.addLine(to: at(end, radius - h))
        arc(radius - h, from: end, to: start)
        if isDoubleEnded { addHead(base: wingsStart, tip: from, outerFirst: false) }
        path.closeSubpath()
        return path
    }
}
