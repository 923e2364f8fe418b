import AnimateMath
public import AnimateDrawing
public import Foundation

/// A filled dot at a point (Manim's Dot), with a place for its label beside it.
public struct Dot: Sendable, Hashable {
    public var center: CGPoint
    public var radius: CGFloat

    public init(at center: CGPoint, radius: CGFloat = 8) {
        self.center = center
        self.radius = radius
    }

    public var path: Path {
        guard radius.isFinite, radius > 0 else { return Path() }
        return Path(ellipseIn: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// Where a label goes on `edge`'s side, `gap` points clear of the dot; draw it with `labelAnchor(edge)`.
    public func labelPoint(_ edge: Edge = .top, gap: CGFloat = 6) -> CGPoint { center + edge.outward * (radius + gap) }

    /// The anchor of a label on `edge`'s side: its side facing the dot.
    public func labelAnchor(_ edge: Edge = .top) -> UnitPoint {
        let d = edge.outward
        return UnitPoint(x: 0.5 - d.x / 2, y: 0.5 - d.y / 2)
    }
}
