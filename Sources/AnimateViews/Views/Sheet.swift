import AnimateDrawing
import AnimateTimeline
import Foundation

extension View {
    /// A sheet over the view while `isPresented` is true, as an iPhone shows one: the view
    /// dimmed, the sheet's content on a white card that rises from the bottom to near the top when
    /// presented and falls away when dismissed (in a scene, at the moments `isPresented` changes).
    public func sheet<Sheet: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                   @ViewBuilder content: @escaping () -> Sheet) -> some View {
        modified { child, environment in
            let shown = isPresented.wrappedValue
            let progress = SheetMotion.progress(shown: shown, at: environment.viewPath + "#sheet", environment.stateStore)
            guard progress > 0 else { return child }
            let card = makeNode(content().frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top).padding(.top, 24)
                .background(Color.white).cornerRadius(12), environment.presenting(in: isPresented, onDismiss: onDismiss))
            return SheetNode(child: child, card: card, progress: progress, store: environment.stateStore)
        }
    }

    /// A sheet for `item` while it is not nil (SwiftUI's `sheet(item:)`): its content made from the item.
    public func sheet<Item: Identifiable, Sheet: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                      @ViewBuilder content: @escaping (Item) -> Sheet) -> some View {
        let last = item.wrappedValue
        return sheet(isPresented: Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } }), onDismiss: onDismiss) {
            if let shown = item.wrappedValue ?? last { content(shown) }
        }
    }

    /// A view over the whole window while `isPresented` is true (SwiftUI's `fullScreenCover`), rising as a sheet does.
    public func fullScreenCover<Cover: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                             @ViewBuilder content: @escaping () -> Cover) -> some View {
        sheet(isPresented: isPresented, onDismiss: onDismiss, content: content)
    }
}

/// How far a sheet has risen: 1 up, 0 gone; moving for a third of a second after each change,
/// kept with the views' state by the sheet's place.
enum SheetMotion {
    struct Change { var shown: Bool; var at: Double }
    static let duration = 0.35

    static func progress(shown: Bool, at key: String, _ store: ViewStateStore?) -> Double {
        guard let store else { return shown ? 1 : 0 }
        var change = store.seen[key] as? Change
        if change == nil {
            // Shown from the start: already up.
            change = Change(shown: shown, at: shown ? -duration : store.time)
        } else if change!.shown != shown {
            change = Change(shown: shown, at: store.time)
        }
        store.seen[key] = change
        let f = min(max((store.time - change!.at) / duration, 0), 1)
        let eased = Easing.cubicBezier(0.2, 0.9, 0.3, 1)(f)
        return change!.shown ? eased : 1 - eased
    }
}

/// A view with a sheet over it: dimmed, the card from 6% of the height down, risen by `progress`.
final class SheetNode: ViewNode {
    let child: any ViewNode
    let card: any ViewNode
    let progress: Double
    weak var store: ViewStateStore?

    init(child: any ViewNode, card: any ViewNode, progress: Double = 1, store: ViewStateStore? = nil) {
        self.child = child
        self.card = card
        self.progress = progress
        self.store = store
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    private func cardRect(_ rect: CGRect) -> CGRect {
        let up = CGRect(x: rect.minX, y: rect.minY + rect.height * 0.06, width: rect.width, height: rect.height * 0.94 + 12)
        return up.offsetBy(dx: 0, dy: (rect.maxY - up.minY) * (1 - progress))
    }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(child, rect), (card, cardRect(rect))] }

    func prepare(in rect: CGRect) {
        child.prepare(in: rect)
        // The sheet covers the view: touches go to the card, or nowhere.
        if let store { store.touchTargets.append(TouchTarget(place: "", rect: rect.applying(store.touchTransform), names: [], blocks: true)) }
        card.prepare(in: cardRect(rect))
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        child.draw(in: rect, context: context)
        context.fill(Path(rect), with: .color(Color(white: 0, opacity: 0.4 * progress)))
        var c = context
        c.clip(to: Path(rect))
        card.draw(in: cardRect(rect), context: c)
    }
}
