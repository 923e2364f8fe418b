import AnimateMath
public import AnimateDrawing
public import Foundation

/// A circle round a thing's bounds, through its corners pushed `padding` points further out
/// (Manim's Circle.surround): an outline to stroke.
public struct SurroundingCircle: Sendable, Hashable {
    public var bounds: CGRect
    public var padding: CGFloat

    public init(_ bounds: CGRect, padding: CGFloat = 10) {
        self.bounds = bounds
        self.padding = padding
    }

    public var radius: CGFloat { (bounds.width * bounds.width + bounds.height * bounds.height).squareRoot() / 2 + padding }

    public var path: Path {
        guard !bounds.isNull, bounds.width.isFinite, bounds.height.isFinite, radius > 0 else { return Path() }
        let r = radius
        return Path(ellipseIn: CGRect(x: bounds.midX - r, y: bounds.midY - r, width: 2 * r, height: 2 * r))
    }
}
