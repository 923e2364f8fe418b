public import AnimateDrawing
public import Foundation

/// A shape that can be drawn inset from its frame, as SwiftUI's: `Circle().inset(by: 4)` strokes
/// a line of width 8 that stays inside the frame.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// The shape drawn `amount` points inside its frame on every side.
    func inset(by amount: CGFloat) -> InsetShape
}

/// A shape drawn in its frame inset by `amount` on every side.
public struct InsetShape<Content: Shape>: InsettableShape {
    public var shape: Content
    public var amount: CGFloat

    public init(_ shape: Content, amount: CGFloat) { self.shape = shape; self.amount = amount }

    public func path(in rect: CGRect) -> Path { shape.path(in: rect.insetBy(dx: amount, dy: amount)) }

    public func inset(by amount: CGFloat) -> InsetShape<Content> { InsetShape(shape, amount: self.amount + amount) }
}

extension Rectangle: InsettableShape {
    public func inset(by amount: CGFloat) -> InsetShape<Rectangle> { InsetShape(self, amount: amount) }
}

extension Circle: InsettableShape {
    public func inset(by amount: CGFloat) -> InsetShape<Circle> { InsetShape(self, amount: amount) }
}

extension Ellipse: InsettableShape {
    public func inset(by amount: CGFloat) -> InsetShape<Ellipse> { InsetShape(self, amount: amount) }
}

extension Capsule: InsettableShape {
    public func inset(by amount: CGFloat) -> InsetShape<Capsule> { InsetShape(self, amount: amount) }
}

extension RoundedRectangle: InsettableShape {
    /// The corners shrink with the inset, so the inset outline stays parallel to the original.
    public func inset(by amount: CGFloat) -> InsetShape<RoundedRectangle> {
        let corners = CGSize(width: max(0, cornerSize.width - amount), height: max(0, cornerSize.height - amount))
        return InsetShape(RoundedRectangle(cornerSize: corners, style: style), amount: amount)
    }
}
