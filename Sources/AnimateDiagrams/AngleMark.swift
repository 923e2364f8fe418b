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
    /// Mark the reflex angle (the other way round) instead of the one `turn` picks.
    public var isReflex: Bool
    /// Which way the mark turns from the ray towards `from` to the ray towards `to`.
    public var turn: Turn

    /// Which of the two angles between two rays is marked.
    public enum Turn: Sendable, Hashable {
        /// The smaller one (at exactly half a turn: the one below, clockwise on screen).
        case shorter
        /// Counterclockwise on screen from the first ray to the second, as Manim's `Angle`
        /// measures (half a turn from a ray to the right goes over the top).
        case counterclockwise
        /// Clockwise on screen from the first ray to the second.
        case clockwise
    }

    public init(vertex: CGPoint, from: CGPoint, to: CGPoint, radius: CGFloat = 40, turn: Turn = .shorter, isReflex: Bool = false) {
        self.vertex = vertex
        self.from = from
        self.to = to
        self.radius = radius
        self.turn = turn
        self.isReflex = isReflex
    }

    /// The rays' angles on the canvas and the signed sweep from the first to the second.
    var sweep: (start: Double, delta: Double)? {
        let a = from - vertex, b = to - vertex
        guard a.length > 0, b.length > 0, radius.isFinite, radius > 0 else { return nil }
        let start = Double(atan2(a.y, a.x))
        var delta = Double(atan2(b.y, b.x)) - start
        // On a y-down canvas a growing angle turns clockwise on screen.
        switch turn {
        case .shorter:
            while delta > .pi { delta -= 2 * .pi }
            while delta <= -.pi { delta += 2 * .pi }
        case .counterclockwise:
            while delta > 0 { delta -= 2 * .pi }
            while delta < -2 * .pi { delta += 2 * .pi }
        case .clockwise:
            while delta < 0 { delta += 2 * .pi }
            while delta > 2 * .pi { delta -= 2 * .pi }
        }
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
