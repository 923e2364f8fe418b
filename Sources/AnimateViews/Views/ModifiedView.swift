public import AnimateDrawing
public import Foundation
import AnimateTimeline

/// A view with a modifier applied: an environment change for what it holds, and a node wrapped
/// round its node.
package struct ModifiedView<Content: View>: View, PrimitiveView {
    let content: Content
    let environment: ((inout EnvironmentValues) -> Void)?
    let wrap: ((any ViewNode, EnvironmentValues) -> any ViewNode)?

    init(_ content: Content, environment: ((inout EnvironmentValues) -> Void)? = nil,
         wrap: ((any ViewNode, EnvironmentValues) -> any ViewNode)? = nil) {
        self.content = content
        self.environment = environment
        self.wrap = wrap
    }

    package var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        let nodes = makeNodes(environment)
        return nodes.count == 1 ? nodes[0] : StackNode(axis: .vertical, alignment: 0.5, spacing: nil, children: nodes)
    }

    /// A modifier on a `Group` or a `ForEach` modifies each of its views, as in SwiftUI: the
    /// modified views join the container, each with its own place for the modifier's state.
    package func makeNodes(_ environment: EnvironmentValues) -> [any ViewNode] {
        var inner = environment.descending("m")
        self.environment?(&inner)
        guard (content as? any ModifiedOneByOne)?.modifiesEachView == true else {
            let child = AnimateViews.makeNode(content, inner)
            return [wrap?(child, inner) ?? child]
        }
        let children = AnimateViews.makeNodes(content, inner)
        guard let wrap, children.count > 1 else { return children.map { wrap?($0, inner) ?? $0 } }
        return children.enumerated().map { wrap($1, inner.descending("each\($0)")) }
    }
}

/// Views whose modifiers may apply to each of their children: a `Group` and a `ForEach` do,
/// and so does a modified one of them (`ForEach(...).padding().background(...)`).
package protocol ModifiedOneByOne: MultiView {
    var modifiesEachView: Bool { get }
}

extension ModifiedOneByOne {
    package var modifiesEachView: Bool { true }
}

extension ModifiedView: ModifiedOneByOne {
    package var modifiesEachView: Bool { (content as? any ModifiedOneByOne)?.modifiesEachView ?? false }
}

extension View {
    /// The view with a node wrapped round it (a modifier of this library's or another module's).
    package func modified(environment: ((inout EnvironmentValues) -> Void)? = nil,
                          wrap: ((any ViewNode, EnvironmentValues) -> any ViewNode)? = nil) -> ModifiedView<Self> {
        ModifiedView(self, environment: environment, wrap: wrap)
    }

    /// The view drawn with `change` made to the context, its layout unchanged.
    func effect(layered: Bool = false, _ change: @escaping (inout GraphicsContext, CGRect) -> Void) -> ModifiedView<Self> {
        modified { child, _ in EffectNode(child: child, layered: layered, effect: change) }
    }

    /// The view drawn with `change` made to the context for `value`, which animates between the
    /// view tree's states (see `ViewStateStore.animated`); `kind` names the modifier at the view's place.
    func animatedEffect<V: Interpolatable & Equatable>(_ kind: String, _ value: V, layered: Bool = false,
                                                       _ change: @escaping (inout GraphicsContext, CGRect, V) -> Void) -> ModifiedView<Self> {
        // Two modifiers of one kind on a view are told apart by the type they modify.
        let key = "#\(kind).\(UInt(bitPattern: ObjectIdentifier(Self.self).hashValue))"
        return modified { child, environment in
            guard let store = environment.stateStore else { return EffectNode(child: child, layered: layered) { c, rect in change(&c, rect, value) } }
            let place = environment.viewPath + key
            store.make(value, at: place)
            // Read when drawn: an `.animation` modifier around this one may animate the change first.
            return EffectNode(child: child, layered: layered) { c, rect in change(&c, rect, store.shown(V.self, at: place) ?? value) }
        }
    }

    // MARK: Layout

    /// A frame of a fixed width, height or both; the view is placed in it by `alignment`.
    /// A fixed length that changes in `withAnimation` (or under `.animation`) moves to its new
    /// value, and the layout with it, as SwiftUI animates a frame.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        modified { child, environment in
            guard let store = environment.stateStore else { return FrameNode(child: child, width: width, height: height, alignment: alignment) }
            let place = environment.viewPath + "#frame"
            if let width, width.isFinite { store.make(width, at: place + ".width") }
            if let height, height.isFinite { store.make(height, at: place + ".height") }
            return DeferredNode {
                FrameNode(child: child, width: width.map { store.shown(CGFloat.self, at: place + ".width") ?? $0 },
                          height: height.map { store.shown(CGFloat.self, at: place + ".height") ?? $0 }, alignment: alignment)
            }
        }
    }

    /// A frame between bounds: `maxWidth: .infinity` takes all the width offered.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        modified { child, _ in
            FlexibleFrameNode(child: child, minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                              minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment)
        }
    }

    /// Space round the view (16 points where no length is given).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let l = length ?? 16
        return padding(EdgeInsets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                                  bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0))
    }

    public func padding(_ length: CGFloat) -> some View { padding(.all, length) }

    public func padding(_ insets: EdgeInsets) -> some View {
        modified { child, _ in PaddingNode(child: child, insets: insets) }
    }

    /// The view drawn moved, its place in the layout unchanged.
    public func offset(_ offset: CGSize) -> some View {
        animatedEffect("offset", offset) { c, _, offset in c.translateBy(x: finite(offset.width), y: finite(offset.height)) }
    }

    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { offset(CGSize(width: x, height: y)) }

    /// The view's centre at `position` in the space its parent offers, all of which it takes.
    public func position(_ position: CGPoint) -> some View {
        modified { child, _ in PositionNode(child: child, position: position) }
    }

    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { position(CGPoint(x: x, y: y)) }

    /// Another view behind this one, offered this one's size.
    public func background<Background: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Background) -> some View {
        layered(content(), behind: true, alignment: alignment)
    }

    /// `other`, offered this view's size, behind or in front of it.
    private func layered<Other: View>(_ other: Other, behind: Bool, alignment: Alignment) -> ModifiedView<Self> {
        modified { child, environment in LayeredNode(child: child, other: makeNode(other, environment), behind: behind, alignment: alignment) }
    }

    @_disfavoredOverload
    public func background<Background: View>(_ view: Background, alignment: Alignment = .center) -> some View {
        background(alignment: alignment) { view }
    }

    /// This view's frame filled with `style` behind it.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(alignment: .center) { Rectangle().fill(style) }
    }

    /// `shape` filled with `style` behind the view.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background(alignment: .center) { shape.fill(style, style: fillStyle) }
    }

    /// Another view in front of this one, offered this one's size.
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> some View {
        layered(content(), behind: false, alignment: alignment)
    }

    @_disfavoredOverload
    public func overlay<Overlay: View>(_ view: Overlay, alignment: Alignment = .center) -> some View {
        overlay(alignment: alignment) { view }
    }

    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        overlay(alignment: .center) { shape.fill(style) }
    }

    /// A border of `style` inside the view's frame.
    public func border<S: ShapeStyle>(_ style: S, width: CGFloat = 1) -> some View {
        overlay(alignment: .center) { Rectangle().strokeBorder(style, lineWidth: width) }
    }

    /// The view offered its ideal size in the dimensions fixed (both by default), whatever its
    /// parent offers.
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View {
        modified { child, _ in FixedSizeNode(child: child, horizontal: horizontal, vertical: vertical) }
    }

    public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }

    /// Stacks offer space to children of higher priority first.
    public func layoutPriority(_ value: Double) -> some View {
        modified { child, _ in OrderNode(child: child, layoutPriority: value, zIndex: child.zIndex) }
    }

    /// A ZStack draws children of higher z-index in front.
    public func zIndex(_ value: Double) -> some View {
        modified { child, _ in OrderNode(child: child, layoutPriority: child.layoutPriority, zIndex: value) }
    }

    // MARK: Drawing effects

    /// The view turned by `angle` about `anchor` of its frame.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        animatedEffect("rotation", angle) { c, rect, angle in
            let a = anchor.point(in: rect)
            c.translateBy(x: a.x, y: a.y)
            c.rotate(by: angle)
            c.translateBy(x: -a.x, y: -a.y)
        }
    }

    /// The view scaled about `anchor` of its frame.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        animatedEffect("scale", CGSize(width: x, height: y)) { c, rect, scale in
            let a = anchor.point(in: rect)
            c.translateBy(x: a.x, y: a.y)
            c.scaleBy(x: scale.width, y: scale.height)
            c.translateBy(x: -a.x, y: -a.y)
        }
    }

    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { scaleEffect(x: s, y: s, anchor: anchor) }

    public func scaleEffect(_ s: CGSize, anchor: UnitPoint = .center) -> some View { scaleEffect(x: s.width, y: s.height, anchor: anchor) }

    /// The view turned in 3D about `axis` through `anchor` (and `anchorZ` in depth), seen in
    /// perspective as SwiftUI shows it: a viewer `max(width, height) / perspective` points in front
    /// (0: a parallel view), so the side turned away is smaller. The angle animates.
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
                                 anchorZ: CGFloat = 0, perspective: CGFloat = 1) -> some View {
        let key = "#rotation3D.\(UInt(bitPattern: ObjectIdentifier(Self.self).hashValue))"
        return modified { child, environment in
            var read: () -> Angle = { angle }
            if let store = environment.stateStore {
                let place = environment.viewPath + key
                store.make(angle, at: place)
                read = { store.shown(Angle.self, at: place) ?? angle }
            }
            return Rotation3DNode(child: child, angle: read, axis: axis, anchor: anchor, anchorZ: anchorZ, perspective: perspective)
        }
    }

    /// The view drawn at `opacity`.
    public func opacity(_ opacity: Double) -> some View {
        animatedEffect("opacity", opacity) { c, _, opacity in c.opacity *= opacity }
    }

    /// The view clipped to `shape` in its frame.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        effect { c, rect in c.clip(to: shape.path(in: CGRect(origin: .zero, size: rect.size)).placed(at: rect.origin), style: style) }
    }

    /// The view kept where `mask` (offered the view's size) is opaque, as much as it is.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
        let m = mask()
        return modified { child, environment in MaskNode(child: child, mask: makeNode(m, environment), alignment: alignment) }
    }

    @_disfavoredOverload
    public func mask<Mask: View>(_ mask: Mask) -> some View { self.mask(alignment: .center) { mask } }

    /// The view clipped to its frame.
    public func clipped(antialiased: Bool = false) -> some View {
        effect { c, rect in c.clip(to: Path(rect)) }
    }

    /// The view clipped to its frame with rounded corners.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }

    /// A shadow under the view.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        effect(layered: true) { c, _ in c.addFilter(.shadow(color: color, radius: radius, x: x, y: y)) }
    }

    /// The view blurred by a Gaussian of `radius`.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        effect(layered: true) { c, _ in c.addFilter(.blur(radius: radius)) }
    }

    /// The view drawn into a layer of its own, then composited (its opacity applies to the whole).
    public func compositingGroup() -> some View { effect(layered: true) { _, _ in } }

    /// As `compositingGroup()`: the view is drawn by this library's rasterizer either way.
    public func drawingGroup(opaque: Bool = false) -> some View { compositingGroup() }

    /// The view kept in the layout, not drawn.
    public func hidden() -> some View { effect { c, _ in c.opacity = 0 } }

    // MARK: Environment

    /// What shapes and text in the view are filled with when they say nothing themselves.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        modified(environment: { $0.foregroundStyle = style })
    }

    public func foregroundColor(_ color: Color?) -> some View {
        modified(environment: { $0.foregroundStyle = color })
    }

    /// Nothing to do without a device's safe area.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }

    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { self }
}

/// The regions of a safe area (accepted; there is none).
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}
