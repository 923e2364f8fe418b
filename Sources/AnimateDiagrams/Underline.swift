import AnimateMath
public import AnimateDrawing
public import Foundation

/// A line under a thing's bounds, `gap` points below, as wide as it with `overhang` past each end
/// (Manim's Underline): an outline to stroke.
public struct Underline: Sendable, Hashable {
    public var bounds: CGRect
    public var gap: CGFloat
    public var overhang: CGFloat

    public init(_ bounds: CGRect, gap: CGFloat = 8, overhang: CGFloat = 4) {
        self.bounds = bounds
        self.gap = gap
        self.overhang = overhang
    }

    public var path: Path {
        guard !bounds.isNull, bounds.width.isFinite else { return Path() }
        let y = bounds.maxY + gap
        return Path { $0.move(to: CGPoint(x: bounds.minX - overhang, y: y)); $0.addLine(to: CGPoint(x: bounds.maxX + overhang, y: y)) }
    }
}
