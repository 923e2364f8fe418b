public import AnimateDrawing
public import Foundation

/// A shape drawn as a view: filled or stroked with a style (the foreground style when none is given).
package struct ShapeView<Content: Shape>: View, PrimitiveView {
    let shape: Content
    let style: (any ShapeStyle)?
    let paint: ShapePaint

    package var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        let shown = animatedData(shape, "shape", environment)
        var style = self.style ?? environment.defaultForeground
        // A colour that changes in an animation blends to its new one.
        if let color = style as? Color, let store = environment.stateStore {
            let place = environment.viewPath + "#paint"
            store.make(color, at: place)
            style = AnimatedColor { store.shown(Color.self, at: place) ?? color }
        }
        return ShapeNode(path: { shown().path(in: $0) }, style: style, paint: paint)
    }
}

/// A colour read when drawn: on its way while the view tree's animation moves it.
struct AnimatedColor: ShapeStyle, @unchecked Sendable {
    let read: () -> Color
    func shading(in bounds: CGRect) -> GraphicsContext.Shading { .color(read()) }
}

/// How a shape view paints its path.
enum ShapePaint {
    case fill(FillStyle)
    case stroke(StrokeStyle)
}

/// A shape's node: as large as offered (10 points where nothing is offered), its path filled or
/// stroked. As in SwiftUI, the path is asked for in the view's own space (a rectangle at the
/// origin), then moved to where the view is.
final class ShapeNode: ViewNode {
    let path: (CGRect) -> Path
    let style: (any ShapeStyle)?
    let paint: ShapePaint

    init(path: @escaping (CGRect) -> Path, style: (any ShapeStyle)?, paint: ShapePaint) {
        self.path = path
        self.style = style
        self.paint = paint
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }

    /// The shape as one solid fill in its own space, when it is one: a colour, non-zero, anti-aliased.
    func solid(in rect: CGRect) -> SolidShape? {
        guard case .fill(let fill) = paint, !fill.isEOFilled, fill.isAntialiased else { return nil }
        let style = self.style ?? Color.black
        guard let color = (style as? Color) ?? (style as? AnimatedColor)?.read() else { return nil }
        return SolidShape(path: path(CGRect(origin: .zero, size: rect.size)), color: color)
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        let outline = path(CGRect(origin: .zero, size: rect.size)).placed(at: rect.origin)
        let shading = (style ?? Color.black).shading(in: rect)
        switch paint {
        case .fill(let fill): context.fill(outline, with: shading, style: fill)
        case .stroke(let stroke): context.stroke(outline, with: shading, style: stroke)
        }
    }
}

extension Shape {
    /// The shape filled with `content` (the foreground style when omitted).
    public func fill(_ content: some ShapeStyle, style: FillStyle = FillStyle()) -> some View {
        ShapeView(shape: self, style: content, paint: .fill(style))
    }

    /// The shape filled with the foreground style.
    public func fill(style: FillStyle = FillStyle()) -> some View {
        ShapeView(shape: self, style: nil, paint: .fill(style))
    }

    /// The shape's outline stroked with `content`.
    public func stroke(_ content: some ShapeStyle, lineWidth: CGFloat = 1) -> some View {
        ShapeView(shape: self, style: content, paint: .stroke(StrokeStyle(lineWidth: lineWidth)))
    }

    public func stroke(_ content: some ShapeStyle, style: StrokeStyle) -> some View {
        ShapeView(shape: self, style: content, paint: .stroke(style))
    }

    /// The outline stroked with the foreground style.
    public func stroke(lineWidth: CGFloat = 1) -> some View {
        ShapeView(shape: self, style: nil, paint: .stroke(StrokeStyle(lineWidth: lineWidth)))
    }

    public func stroke(style: StrokeStyle) -> some View {
        ShapeView(shape: self, style: nil, paint: .stroke(style))
    }
}

extension InsettableShape {
    /// The outline stroked inside the shape's frame (inset by half the line width).
    public func strokeBorder(_ content: some ShapeStyle, lineWidth: CGFloat = 1) -> some View {
        inset(by: lineWidth / 2).stroke(content, lineWidth: lineWidth)
    }

    public func strokeBorder(_ content: some ShapeStyle, style: StrokeStyle) -> some View {
        inset(by: style.lineWidth / 2).stroke(content, style: style)
    }

    public func strokeBorder(lineWidth: CGFloat = 1) -> some View {
        inset(by: lineWidth / 2).stroke(lineWidth: lineWidth)
    }
}

extension Color: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode { fillingNode(self) }
}

/// A style as a view: it fills all the space it is offered (a colour, a gradient).
func fillingNode(_ style: some ShapeStyle) -> any ViewNode { ShapeNode(path: { Path($0) }, style: style, paint: .fill(FillStyle())) }

/// Gradients are views too, as in SwiftUI: they fill the space offered (`ZStack { LinearGradient(...).ignoresSafeArea(); ... }`).
extension LinearGradient: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode { fillingNode(self) }
}

extension RadialGradient: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode { fillingNode(self) }
}

extension AngularGradient: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode { fillingNode(self) }
}

extension EllipticalGradient: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode { fillingNode(self) }
}

extension Path: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }

    /// A path as a view is drawn where it is, filled with the foreground style, taking the space offered.
    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        let path = self
        return ShapeNode(path: { _ in path }, style: environment.defaultForeground, paint: .fill(FillStyle()))
    }
}

extension Path {
    /// The path of a view's own space moved to the view's place.
    func placed(at origin: CGPoint) -> Path {
        origin == .zero ? self : applying(CGAffineTransform(translationX: origin.x, y: origin.y))
    }
}

/// How shapes that are views themselves (`Circle()` in a stack) are drawn: filled with the foreground style.
func shapeNode<S: Shape>(_ shape: S, _ environment: EnvironmentValues) -> any ViewNode {
    let shown = animatedData(shape, "shape", environment)
    return ShapeNode(path: { shown().path(in: $0) }, style: environment.defaultForeground, paint: .fill(FillStyle()))
}
