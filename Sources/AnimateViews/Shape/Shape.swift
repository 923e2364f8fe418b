public import AnimateDrawing
public import Foundation

/// A 2D shape that describes itself as a path in a given rectangle, as SwiftUI's `Shape`. A
/// shape is a view too: it takes the space offered and is filled with the foreground style; its
/// `animatableData` animates between the view tree's states.
public protocol Shape: Sendable, Animatable, View {
    /// The outline of this shape fitted to `rect`.
    func path(in rect: CGRect) -> Path
}

extension Shape where Body == Never {
    public var body: Never { primitiveBody(Self.self) }
}

/// A rectangle filling its frame.
public struct Rectangle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    /// A rounded rectangle with corners of `cornerRadius`.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
    /// A rounded rectangle with elliptical corners.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) { self.cornerSize = cornerSize; self.style = style }
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize, style: style) }
}

/// The largest circle centred in its frame.
public struct Circle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
}

/// An ellipse filling its frame.
public struct Ellipse: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// A rounded rectangle whose corner radius is half its shorter side.
public struct Capsule: Shape {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .circular) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        let r = min(rect.width, rect.height) / 2
        return Path(roundedRect: rect, cornerRadius: r, style: style)
    }
}

/// A type-erased shape.
public struct AnyShape: Shape {
    private let make: @Sendable (CGRect) -> Path
    /// Wraps `shape`.
    public init<S: Shape>(_ shape: S) { make = { shape.path(in: $0) } }
    public func path(in rect: CGRect) -> Path { make(rect) }
}

/// A shape drawn through an affine transform of its frame's coordinates.
public struct TransformedShape<Content: Shape>: Shape {
    public var shape: Content
    /// Computes the transform from the frame.
    public var transform: @Sendable (CGRect) -> CGAffineTransform
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).applying(transform(rect)) }
}

extension Shape {
    /// This shape rotated by `angle` about `anchor` (a unit point of the frame).
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> TransformedShape<Self> {
        TransformedShape(shape: self) { rect in
            let a = anchor.point(in: rect)
            return CGAffineTransform(translationX: -a.x, y: -a.y)
                .concatenating(CGAffineTransform(rotationAngle: angle.radians))
                .concatenating(CGAffineTransform(translationX: a.x, y: a.y))
        }
    }

    /// This shape moved by `offset`.
    public func offset(_ offset: CGSize) -> TransformedShape<Self> {
        TransformedShape(shape: self) { _ in CGAffineTransform(translationX: offset.width, y: offset.height) }
    }

    /// This shape moved by `(x, y)`.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> TransformedShape<Self> { offset(CGSize(width: x, height: y)) }

    /// This shape scaled about `anchor`.
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> TransformedShape<Self> {
        TransformedShape(shape: self) { rect in
            let a = anchor.point(in: rect)
            return CGAffineTransform(translationX: -a.x, y: -a.y)
                .concatenating(CGAffineTransform(scaleX: x, y: y))
                .concatenating(CGAffineTransform(translationX: a.x, y: a.y))
        }
    }

    /// This shape scaled uniformly about `anchor`.
    public func scale(_ s: CGFloat, anchor: UnitPoint = .center) -> TransformedShape<Self> { scale(x: s, y: s, anchor: anchor) }
}

/// A path is a shape, as in SwiftUI: drawn where its points are, whatever its frame
/// (`Path { p in ... }.stroke(.blue, lineWidth: 2)`).
extension Path: Shape {
    public func path(in rect: CGRect) -> Path { self }
}
