import AnimateMath
public import AnimateDrawing
public import Foundation

/// The arc that marks the angle at `vertex` between the rays towards `from` and `to` (Manim's
/// Angle): the smaller of the two angles, or the other one; an outline to stroke, with a point for
/// its label on the bisector.
public struct AngleMark: Sendable, Hashable {
    public var vertex: CGPoint
    public var from: CGPoint
    public var to: CGPoint
    public var radius: CGFloat
    /// Mark the reflex angle (the other way round) instead of the smaller one.
    public var isReflex: Bool

    public init(vertex: CGPoint, from: CGPoint, to: CGPoint, radius: CGFloat = 40, isReflex: Bool = false) {
        self.vertex = vertex
        self.from = from
        self.to = to
        self.radius = radius
        self.isReflex = isReflex
    }

    /// The rays' angles on the canvas and the signed sweep from the first to the second.
    var sweep: (start: Double, delta: Double)? {
        let a = from - vertex, b = to - vertex
        guard a.length > 0, b.length > 0, radius.isFinite, radius > 0 else { return nil }
        let start = Double(atan2(a.y, a.x))
        var delta = Double(atan2(b.y, b.x)) - start
        while delta > .pi { delta -= 2 * .pi }
        while delta <= -.pi { delta += 2 * .pi }
        if isReflex { delta += delta > 0 ? -2 * .pi : 2 * .pi }
        return (start, delta)
    }

    /// The angle marked, in radians, between 0 and 2π.
    public var angle: Double { abs(sweep?.delta ?? 0) }

    /// The arc, to stroke.
    public var path: Path {
        guard let (start, delta) = sweep else { return Path() }
        return Path { p in
            p.addArc(center: vertex, radius: radius, startAngle: .radians(start), endAngle: .radians(start + delta), clockwise: delta < 0)
        }
    }

    /// On the bisector, `gap` points beyond the arc: where the label's centre goes.
    public func labelPoint(gap: CGFloat = 24) -> CGPoint {
        guard let (start, delta) = sweep else { return vertex }
        let a = start + delta / 2
        return vertex + CGPoint(x: CGFloat(Foundation.cos(a)), y: CGFloat(Foundation.sin(a))) * (radius + gap)
    }
}
