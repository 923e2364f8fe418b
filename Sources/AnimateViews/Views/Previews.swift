import AnimateDrawing
public import Foundation

/// Xcode's previews, as SwiftUI's `PreviewProvider`: pasted code that declares them compiles;
/// `previews` is a view like any other (a scene can show it).
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// How a preview is laid out (accepted: a scene lays its view out in its own size).
public enum PreviewLayout: Sendable {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device a preview imitates (accepted).
public struct PreviewDevice: Sendable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

/// A stack of views the user goes back and forth in, as SwiftUI's `NavigationStack`: a render
/// shows its root view.
public struct NavigationStack<Content: View>: View {
    let content: Content
    public init(@ViewBuilder root: () -> Content) { content = root() }
    public var body: some View { content }
}

/// The older name of a navigation container, as SwiftUI's `NavigationView`: its content.
public struct NavigationView<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { content }
}

extension View {
    public func previewLayout(_ layout: PreviewLayout) -> Self { self }
    public func previewDisplayName(_ name: String?) -> Self { self }
    public func previewDevice(_ device: PreviewDevice?) -> Self { self }
    /// A title a navigation bar would show (no bar is drawn: a lesson's view is the frame).
    public func navigationTitle(_ title: String) -> Self { self }
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItemTitleDisplayMode) -> Self { self }
    /// A sheet over the view while `isPresented` is true, as an iPhone shows one: the view
    /// dimmed, the sheet's content on a white card rising to near the top.
    public func sheet<Sheet: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                   @ViewBuilder content: @escaping () -> Sheet) -> some View {
        modified { child, environment in
            guard isPresented.wrappedValue else { return child }
            let card = makeNode(content().frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top).padding(.top, 24)
                .background(Color.white).cornerRadius(12), environment.presenting(in: isPresented, onDismiss: onDismiss))
            return SheetNode(child: child, card: card)
        }
    }
    /// A status bar's visibility (there is none).
    public func statusBarHidden(_ hidden: Bool = true) -> Self { self }
}

/// How a navigation title is shown (accepted).
public enum NavigationBarItemTitleDisplayMode: Sendable { case automatic, inline, large }

/// A view with a sheet over it: dimmed, the card from 6% of the height down.
final class SheetNode: ViewNode {
    let child: any ViewNode
    let card: any ViewNode

    init(child: any ViewNode, card: any ViewNode) {
        self.child = child
        self.card = card
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    private func cardRect(_ rect: CGRect) -> CGRect {
        CGRect(x: rect.minX, y: rect.minY + rect.height * 0.06, width: rect.width, height: rect.height * 0.94 + 12)
    }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(child, rect), (card, cardRect(rect))] }

    func draw(in rect: CGRect, context: GraphicsContext) {
        child.draw(in: rect, context: context)
        context.fill(Path(rect), with: .color(Color(white: 0, opacity: 0.4)))
        var c = context
        c.clip(to: Path(rect))
        card.draw(in: cardRect(rect), context: c)
    }
}
