public import AnimateDrawing
public import Foundation

/// SwiftUI's drawing view: its closure draws with a `GraphicsContext` into the view's frame (the
/// origin at its top-left corner, drawing outside it clipped). It takes all the space offered.
///
/// ```swift
/// Canvas { context, size in
///     context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.orange))
/// }
/// .frame(width: 300, height: 200)
/// ```
public struct Canvas<Symbols: View>: View, PrimitiveView {
    let opaque: Bool
    let renderer: (inout GraphicsContext, CGSize) -> Void
    let symbols: Symbols

    /// `opaque`, `colorMode` and `rendersAsynchronously` are accepted as SwiftUI takes them; the
    /// drawing is the same either way.
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols) {
        self.opaque = opaque
        self.renderer = renderer
        self.symbols = symbols()
    }

    public var body: Never { primitiveBody(Self.self) }

    final class Node: ViewNode {
        let drawing: CanvasDrawing

        init(drawing: CanvasDrawing) { self.drawing = drawing }

        func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }

        func draw(in rect: CGRect, context: GraphicsContext) { drawing.run(in: context, at: rect.origin, size: rect.size) }
    }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        var table: [AnyHashable: any CanvasSymbol] = [:]
        for node in AnimateViews.makeNodes(symbols, environment) {
            if let tagged = ((node as? MemoNode)?.node ?? node) as? TaggedNode { table[tagged.tag] = MaskedSymbol(node: tagged.child) }
        }
        let drawing = CanvasDrawing(renderer: renderer, symbols: table, dark: environment.colorScheme == .dark)
        if let entry = environment.timelineEntry, let store = environment.stateStore, let ticks = store.canvasTicks {
            return TickedCanvasNode(drawing: drawing, place: environment.viewPath, entry: entry, store: store, ticks: ticks)
        }
        return Node(drawing: drawing)
    }
}

extension Canvas where Symbols == EmptyView {
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.init(opaque: opaque, colorMode: colorMode, rendersAsynchronously: rendersAsynchronously, renderer: renderer, symbols: { EmptyView() })
    }
}

/// A canvas's drawing: its closure, the symbols it finds by tag, and whether its scheme is dark
/// (`.foreground` and the system colours it names are then the dark ones).
struct CanvasDrawing {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    let symbols: [AnyHashable: any CanvasSymbol]
    let dark: Bool

    /// Runs the closure in `context` with the canvas's corner at `origin`, clipped to its `size`.
    func run(in context: GraphicsContext, at origin: CGPoint, size: CGSize) {
        var c = context
        c.translateBy(x: origin.x, y: origin.y)
        c.clip(to: Path(CGRect(origin: .zero, size: size)))
        c.symbols = symbols
        ColorAppearance.with(dark: dark) { renderer(&c, size) }
    }
}

/// How a canvas's colours are blended (accepted; drawing is in sRGB values as SwiftUI's default).
public enum ColorRenderingMode: Sendable, Hashable {
    case nonLinear, linear, extendedLinear
}

/// A view marked with a tag, for a canvas to find among its symbols.
final class TaggedNode: WrapperNode {
    let tag: AnyHashable
    let child: any ViewNode
    init(tag: AnyHashable, child: any ViewNode) { self.tag = tag; self.child = child }
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(child, rect)] }
}

extension View {
    /// The view marked with `tag` (a canvas's symbols are found by their tags).
    public func tag<V: Hashable>(_ tag: V) -> some View {
        modified { child, _ in TaggedNode(tag: AnyHashable(tag), child: child) }
    }
}

/// A canvas symbol, resolved for drawing: its ideal size, drawn with `context.draw(symbol, at:)`.
public struct ResolvedSymbol {
    let node: any CanvasSymbol
    /// The symbol's ideal size.
    public var size: CGSize { node.idealSize }
}

extension GraphicsContext {
    /// The symbol tagged `id` among the canvas's symbols, or nil.
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
        symbols[AnyHashable(id)].map { ResolvedSymbol(node: $0) }
    }

    /// Draws a symbol with `anchor` of its frame at `point`.
    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = symbol.size
        symbol.node.draw(in: CGRect(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height,
                                    width: size.width, height: size.height), context: self)
    }

    /// Draws a symbol in `rect`.
    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {
        symbol.node.draw(in: rect, context: self)
    }
}
