import AnimateMath
public import AnimateDrawing
public import Foundation

/// The small square that marks a right angle at `vertex` between the rays towards `from` and
/// `to` (Manim's RightAngle): an outline to stroke.
public struct RightAngleMark: Sendable, Hashable {
    public var vertex: CGPoint
    public var from: CGPoint
    public var to: CGPoint
    public var size: CGFloat

    public init(vertex: CGPoint, from: CGPoint, to: CGPoint, size: CGFloat = 24) {
        self.vertex = vertex
        self.from = from
        self.to = to
        self.size = size
    }

    public var path: Path {
        let a = (from - vertex).normalized, b = (to - vertex).normalized
        guard a != .zero, b != .zero, size.isFinite, size > 0 else { return Path() }
        return Path { p in
            p.move(to: vertex + a * size)
            p.addLine(to: vertex + (a + b) * size)
            p.addLine(to: vertex + b * size)
        }
    }
}
