package import AnimateDrawing
package import Foundation

/// A view that takes touches, where it was laid out in the last update: what a touch that lands
/// in its rectangle does.
package struct TouchTarget {
    let place: String
    var rect: CGRect
    /// What a touch track may name it by: its label (a button's title, an accessibility label) and identifier.
    let names: [String]
    /// Whether it covers what is under it (a pushed view, a sheet) though it takes no touch itself.
    var blocks = false
    /// A tap, with where it landed: in the view, or in the window when `tapsInWindow`.
    var tap: ((CGPoint) -> Void)?
    var tapsInWindow = false
    var longPress: (() -> Void)?
    var drag: DragHandlers?
}

/// A drag gesture's actions (`DragGesture().onChanged(...).onEnded(...)`, `updating`).
package struct DragHandlers {
    var minimumDistance: CGFloat = 10
    /// Locations in the view's own space (`.local`), else in the window's.
    var local = true
    var changed: [(DragGesture.Value) -> Void] = []
    var ended: [(DragGesture.Value) -> Void] = []
    /// `updating` bodies: each gives its gesture state a value, reset when the drag ends.
    var updating: [(DragGesture.Value) -> Void] = []
    var reset: [() -> Void] = []
}

/// A node that notes its view's touch target when it is laid out.
final class TouchTargetNode: WrapperNode {
    let child: any ViewNode
    let target: TouchTarget
    weak var store: ViewStateStore?

    init(child: any ViewNode, target: TouchTarget, store: ViewStateStore?) {
        self.child = child; self.target = target; self.store = store
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(child, rect)] }

    func prepare(in rect: CGRect) {
        // Targets matter only to a scripted user: a scene without one notes none.
        guard let store, store.touches != nil else { return child.prepare(in: rect) }
        var placed = target
        // Where the view is drawn: moved by the effects inside this modifier too (an offset
        // before the gesture moves what the gesture takes, as in SwiftUI), then by those around it.
        var inner = CGAffineTransform.identity
        var node: any ViewNode = child
        while true {
            if let effect = node as? EffectNode {
                let change = effect.effect
                inner = GraphicsContext.transform { change(&$0, rect) }.concatenating(inner)
                node = effect.child
            } else if let wrapper = node as? any WrapperNode {
                node = wrapper.child
            } else if let memo = node as? MemoNode {
                node = memo.node
            } else if let ordered = node as? OrderNode {
                node = ordered.child
            } else {
                break
            }
        }
        placed.rect = rect.applying(inner.concatenating(store.touchTransform))
        store.touchTargets.append(placed)
        child.prepare(in: rect)
    }
}

extension View {
    /// The view as a touch target with `target`'s actions (its rectangle noted when laid out).
    func touchTarget(label: String? = nil, _ configure: @escaping (inout TouchTarget) -> Void) -> ModifiedView<Self> {
        modified(wrap: { child, environment in
            guard let store = environment.stateStore, store.scheduler != nil else { return child }
            let info = environment.accessibility
            let names = [label, info.label, info.identifier].compactMap { $0 }
            var target = TouchTarget(place: environment.viewPath, rect: .zero, names: names)
            configure(&target)
            return TouchTargetNode(child: child, target: target, store: store)
        })
    }
}
