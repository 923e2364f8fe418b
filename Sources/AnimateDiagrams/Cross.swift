import AnimateMath
public import AnimateDrawing
public import Foundation

/// Two strokes corner to corner across a rectangle, crossing a thing out (Manim's Cross): an
/// outline to stroke.
public struct Cross: Sendable, Hashable {
    public var bounds: CGRect
    public var padding: CGFloat

    public init(_ bounds: CGRect, padding: CGFloat = 0) {
        self.bounds = bounds
        self.padding = padding
    }

    public var path: Path {
        guard !bounds.isNull else { return Path() }
        let r = bounds.insetBy(dx: -padding, dy: -padding)
        return Path { p in
            p.move(to: CGPoint(x: r.minX, y: r.minY)); p.addLine(to: CGPoint(x: r.maxX, y: r.maxY))
            p.move(to: CGPoint(x: r.maxX, y: r.minY)); p.addLine(to: CGPoint(x: r.minX, y: r.maxY))
        }
    }
}
