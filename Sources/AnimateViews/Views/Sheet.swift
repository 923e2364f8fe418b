import AnimateDrawing
import Foundation

extension View {
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
}

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
