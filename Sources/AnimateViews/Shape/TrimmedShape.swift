public import AnimateDrawing
public import Foundation

/// A shape drawn only between fractions `from` and `to` of its outline's length (SwiftUI's
/// `trim(from:to:)`): stroke `Circle().trim(from: 0, to: progress)` for a draw-on animation.
public struct TrimmedShape<Content: Shape>: Shape {
    public var shape: Content
    public var from: CGFloat
    public var to: CGFloat

    public func path(in rect: CGRect) -> Path { shape.path(in: rect).trimmedPath(from: from, to: to) }
}

extension Shape {
    /// The part of the shape's outline between fractions `from` and `to` of its length.
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> TrimmedShape<Self> { TrimmedShape(shape: self, from: from, to: to) }
}
