import AnimateMath
public import AnimateDrawing
public import Foundation

/// A rectangle round a thing's bounds, `padding` points out, its corners rounded or not
/// (Manim's SurroundingRectangle): an outline to stroke, or to fill behind the thing.
public struct SurroundingRectangle: Sendable, Hashable {
    public var bounds: CGRect
    public var padding: CGFloat
    public var cornerRadius: CGFloat

    public init(_ bounds: CGRect, padding: CGFloat = 10, cornerRadius: CGFloat = 0) {
        self.bounds = bounds
        self.padding = padding
        self.cornerRadius = cornerRadius
    }

    /// The rectangle drawn.
    public var rect: CGRect { bounds.isNull ? .null : bounds.insetBy(dx: -padding, dy: -padding) }

    public var path: Path {
        let r = rect
        guard !r.isNull, r.width >= 0, r.height >= 0, r.width.isFinite, r.height.isFinite else { return Path() }
        let radius = min(max(cornerRadius, 0), min(r.width, r.height) / 2)
        return radius > 0 ? Path(roundedRect: r, cornerRadius: radius) : Path(r)
    }
}
