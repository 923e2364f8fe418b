import AnimateMath
public import Foundation

/// The outline of a 2D shape, as SwiftUI's `Path`: subpaths of lines and Bézier curves.
///
/// Paths are values. Built-in shapes (rectangles, ellipses, arcs) are added with the same
/// element order and direction as CoreGraphics, so dashes start where they would on Apple platforms.
public struct Path: Equatable, Sendable {
    /// One element of a path.
    public enum Element: Equatable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// The elements, in order.
    public private(set) var elements: [Element] = []
    /// Start of the current subpath, where `closeSubpath` returns to.
    private var subpathStart: CGPoint?
    /// The point the next segment starts from, or nil for an empty path.
    public private(set) var currentPoint: CGPoint?

    /// An empty path.
    public init() {}

    /// A path built by a closure, as `Path { p in p.move(to: ...) }`.
    public init(_ build: (inout Path) -> Void) { build(&self) }

    /// A rectangle.
    public init(_ rect: CGRect) { addRect(rect) }

    /// An ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

    /// A rounded rectangle with circular corners of `cornerRadius`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rounded rectangle with elliptical corners of `cornerSize`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize) {
        addRoundedRect(in: rect, cornerSize: cornerSize)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    // MARK: Building

    /// Begins a new subpath at `p`.
    public mutating func move(to p: CGPoint) {
        elements.append(.move(to: p))
        subpathStart = p
        currentPoint = p
    }

    /// Adds a straight segment to `p` (a move if the path is empty).
    public mutating func addLine(to p: CGPoint) {
        guard currentPoint != nil else { return move(to: p) }
        elements.append(.line(to: p))
        currentPoint = p
    }

    /// Adds a polyline: a move to the first point, then lines through the rest.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// Adds a quadratic Bézier curve to `p` with one control point.
    public mutating func addQuadCurve(to p: CGPoint, control: CGPoint) {
        guard currentPoint != nil else { return move(to: p) }
        elements.append(.quadCurve(to: p, control: control))
        currentPoint = p
    }

    /// Adds a cubic Bézier curve to `p` with two control points.
    public mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard currentPoint != nil else { return move(to: p) }
        elements.append(.curve(to: p, control1: control1, control2: control2))
        currentPoint = p
    }

    /// Closes the current subpath with a straight segment back to its start.
    public mutating func closeSubpath() {
        guard currentPoint != nil, let start = subpathStart else { return }
        if case .closeSubpath? = elements.last { return }
        elements.append(.closeSubpath)
        currentPoint = start
    }

    /// Adds a closed rectangle: its corners in the order min-min, max-min, max-max, min-max.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY).applying(transform))
        addLine(to: CGPoint(x: r.minX, y: r.maxY).applying(transform))
        closeSubpath()
    }

    /// Adds each rectangle as its own closed subpath.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Adds a closed ellipse inscribed in `rect`, starting at its right-middle point, angle increasing.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let center = CGPoint(x: r.midX, y: r.midY)
        let ellipse = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: center.x, ty: center.y)
            .concatenating(transform)
        move(to: CGPoint(x: 1, y: 0).applying(ellipse))
        appendUnitArc(from: 0, sweep: 2 * .pi, transform: ellipse)
        closeSubpath()
    }

    /// Adds a closed rounded rectangle with elliptical corners, starting on the top edge after the top-left corner.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let rx = min(max(cornerSize.width, 0), r.width / 2)
        let ry = min(max(cornerSize.height, 0), r.height / 2)
        guard rx > 0, ry > 0 else { return addRect(r, transform: transform) }
        func corner(_ cx: CGFloat, _ cy: CGFloat, from angle: CGFloat) {
            let t = CGAffineTransform(a: rx, b: 0, c: 0, d: ry, tx: cx, ty: cy).concatenating(transform)
            appendUnitArc(from: angle, sweep: .pi / 2, transform: t)
        }
        move(to: CGPoint(x: r.minX + rx, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX - rx, y: r.minY).applying(transform))
        corner(r.maxX - rx, r.minY + ry, from: -.pi / 2)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry).applying(transform))
        corner(r.maxX - rx, r.maxY - ry, from: 0)
        addLine(to: CGPoint(x: r.minX + rx, y: r.maxY).applying(transform))
        corner(r.minX + rx, r.maxY - ry, from: .pi / 2)
        addLine(to: CGPoint(x: r.minX, y: r.minY + ry).applying(transform))
        corner(r.minX + rx, r.minY + ry, from: .pi)
        closeSubpath()
    }

    /// Adds a circular arc, as CoreGraphics: `clockwise == false` sweeps with increasing angle
    /// (clockwise on a y-down screen), `true` with decreasing angle. A line joins the current
    /// point to the arc's start; a sweep of a whole turn (e.g. 360° to 0°) draws a full circle.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle,
                                clockwise: Bool, transform: CGAffineTransform = .identity) {
        let start = startAngle.radians, end = endAngle.radians
        guard start.isFinite, end.isFinite, radius.isFinite, center.x.isFinite, center.y.isFinite else { return }
        let fullTurn = 2 * Double.pi
        var sweep = clockwise ? start - end : end - start
        if sweep < 0 {
            sweep = fmod(sweep, fullTurn)
            if sweep <= 0 { sweep += fullTurn }
        } else if sweep > fullTurn {
            sweep = fullTurn
        }
        if clockwise { sweep = -sweep }
        let r = abs(radius)
        let t = CGAffineTransform(a: r, b: 0, c: 0, d: r, tx: center.x, ty: center.y).concatenating(transform)
        let first = CGPoint(x: PortableMath.cos(start), y: PortableMath.sin(start)).applying(t)
        if currentPoint == nil { move(to: first) } else { addLine(to: first) }
        appendUnitArc(from: start, sweep: sweep, transform: t)
    }

    /// Adds an arc of `radius` tangent to the lines current-point→`tangent1End` and
    /// `tangent1End`→`tangent2End`, preceded by a line to the first tangent point (CoreGraphics' `addArc(tangent1End:...)`).
    public mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
                                transform: CGAffineTransform = .identity) {
        guard let p0Device = currentPoint else { return move(to: p1.applying(transform)) }
        // Work in user space: the current point is in device (already transformed) coordinates.
        let inverse = transform.inverted()
        let p0 = transform.isIdentity ? p0Device : p0Device.applying(inverse)
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = PortableMath.hypot(v1.x, v1.y), l2 = PortableMath.hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
            return addLine(to: p1.applying(transform))
        }
        let cosTheta = max(-1, min(1, (v1.x * v2.x + v1.y * v2.y) / (l1 * l2)))
        let theta = PortableMath.acos(cosTheta)               // angle at p1 between the two tangents
        let d = radius / PortableMath.tan(theta / 2)          // distance from p1 to each tangent point
        let t1 = CGPoint(x: p1.x + v1.x / l1 * d, y: p1.y + v1.y / l1 * d)
        let bisector = CGPoint(x: v1.x / l1 + v2.x / l2, y: v1.y / l1 + v2.y / l2)
        let bl = PortableMath.hypot(bisector.x, bisector.y)
        let h = radius / PortableMath.sin(theta / 2)
        let c = CGPoint(x: p1.x + bisector.x / bl * h, y: p1.y + bisector.y / bl * h)
        let a0 = PortableMath.atan2(t1.y - c.y, t1.x - c.x)
        let t2 = CGPoint(x: p1.x + v2.x / l2 * d, y: p1.y + v2.y / l2 * d)
        let a1 = PortableMath.atan2(t2.y - c.y, t2.x - c.x)
        var sweep = a1 - a0
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        addLine(to: t1.applying(transform))
        let unit = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: c.x, ty: c.y).concatenating(transform)
        appendUnitArc(from: a0, sweep: sweep, transform: unit)
    }

    /// Adds another path's elements, mapped by `transform`.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        for e in path.elements {
            switch e {
            case .move(let p): move(to: p.applying(transform))
            case .line(let p): addLine(to: p.applying(transform))
            case .quadCurve(let p, let c): addQuadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2):
                addCurve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: closeSubpath()
            }
        }
    }

    /// This path mapped by `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        var p = Path()
        p.addPath(self, transform: transform)
        return p
    }

    /// This path moved by `(dx, dy)`.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        applying(CGAffineTransform(translationX: dx, y: dy))
    }

    /// Calls `body` with each element in order.
    public func forEach(_ body: (Element) -> Void) { elements.forEach(body) }

    /// Appends cubic segments (at most a quarter turn each) of the unit circle from angle `a0`
    /// through `sweep` radians, mapped by `t`; the current point must already be the arc's start.
    private mutating func appendUnitArc(from a0: Double, sweep: Double, transform t: CGAffineTransform) {
        guard sweep != 0, sweep.isFinite else { return }
        @inline(__always) func add(_ arc: UnitArc) {
            let cp1 = CGPoint(x: arc.c0 - arc.k * arc.s0, y: arc.s0 + arc.k * arc.c0).applying(t)
            let cp2 = CGPoint(x: arc.c1 + arc.k * arc.s1, y: arc.s1 - arc.k * arc.c1).applying(t)
            addCurve(to: CGPoint(x: arc.c1, y: arc.s1).applying(t), control1: cp1, control2: cp2)
        }
        // A whole ellipse (every circle drawn) reuses its four quarters, computed once the same way.
        if a0 == 0 && sweep == 2 * .pi {
            for arc in Self.wholeTurn { add(arc) }
            return
        }
        Self.forEachUnitArc(from: a0, sweep: sweep, add)
    }

    /// A piece of the unit circle of at most a quarter turn: cosines and sines of its ends, and
    /// the control-point length `k` of its cubic.
    private struct UnitArc { let c0, s0, c1, s1, k: Double }

    /// The pieces of the unit-circle arc from `a0` turning `sweep` radians, in order.
    @inline(__always)
    private static func forEachUnitArc(from a0: Double, sweep requested: Double, _ body: (UnitArc) -> Void) {
        // Past 256 turns, turns that change nothing are dropped: the same end angle and the same
        // parity of whole turns (what an even-odd fill sees), in a bounded number of pieces.
        let turns2 = 4 * Double.pi
        var sweep = requested
        if abs(sweep) > 256 * 2 * .pi, sweep.isFinite {
            sweep = (sweep < 0 ? -1 : 1) * (256 * 2 * .pi + abs(sweep).truncatingRemainder(dividingBy: turns2))
        } else if !sweep.isFinite {
            sweep = 0
        }
        let count = max(1, Int(saturating: (abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * PortableMath.tan(step / 4)
        var angle = a0
        for _ in 0..<count {
            let next = angle + step
            body(UnitArc(c0: PortableMath.cos(angle), s0: PortableMath.sin(angle),
                         c1: PortableMath.cos(next), s1: PortableMath.sin(next), k: k))
            angle = next
        }
    }

    private static let wholeTurn: [UnitArc] = {
        var arcs: [UnitArc] = []
        forEachUnitArc(from: 0, sweep: 2 * .pi) { arcs.append($0) }
        return arcs
    }()
}
