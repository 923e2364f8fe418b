import AnimateDrawing
public import AnimateText
import Foundation

/// Views one at a time with a tab bar to choose between them, as SwiftUI's `TabView` on an iPhone:
/// each child's `tabItem` (a `Label`, or an image and text) in the bar along the bottom, the
/// chosen one in the accent colour. A scripted user's tap on an item (`Tap("Settings")`) chooses
/// it, through `selection` when there is one (the items' `tag`s), else by the tab's place.
public struct TabView<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let selection: Binding<SelectionValue>?
    let content: Content

    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        let key = environment.viewPath + "#tabs"
        let store = environment.stateStore
        let children = AnimateViews.makeNodes(content, environment.descending("tabs"))
        let tabs = children.map { TabViewNode.Tab(node: $0) }
        // The chosen tab: the selection's tag, else the one tapped last, else the first.
        var chosen = store?.seen[key] as? Int ?? 0
        if let selection, let index = tabs.firstIndex(where: { $0.tag == AnyHashable(selection.wrappedValue) }) { chosen = index }
        chosen = min(max(chosen, 0), max(tabs.count - 1, 0))
        let selection = self.selection
        let choose: (Int) -> Void = { index in
            guard tabs.indices.contains(index) else { return }
            ViewStateStore.current?.seen[key] = index
            if let selection, let tag = tabs[index].tag?.base as? SelectionValue { selection.wrappedValue = tag }
        }
        let accent = environment.tint ?? .accentColor
        // The bar's items: the chosen one in the accent colour, the others grey.
        let items = tabs.enumerated().map { k, tab in
            tab.item.map { AnimateViews.makeNode($0.label.foregroundColor(k == chosen ? accent : Color(white: 0.55)).font(.system(size: 12)), $0.environment) }
        }
        return TabViewNode(tabs: tabs, items: items, chosen: chosen, choose: choose, store: store)
    }
}

extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) { self.init(selection: nil, content: content) }
}

/// What a tab shows in the bar (`tabItem`): its label, made when the bar knows its colour.
final class TabItemNode: WrapperNode {
    let child: any ViewNode
    let label: AnyView
    let environment: EnvironmentValues
    let title: String?
    init(child: any ViewNode, label: AnyView, environment: EnvironmentValues, title: String?) {
        self.child = child; self.label = label; self.environment = environment; self.title = title
    }
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(child, rect)] }
}

extension View {
    /// What this view's tab shows in its `TabView`'s bar: a `Label`, or an image and a text.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        let label = label()
        return modified(wrap: { child, environment in
            TabItemNode(child: child, label: AnyView(label), environment: environment.descending("tabItem"), title: TabViewNode.title(of: label))
        })
    }
}

/// A tab view laid out: the chosen tab above the bar, the bar's items side by side.
final class TabViewNode: ViewNode {
    struct Tab {
        let node: any ViewNode
        let tag: AnyHashable?
        let item: TabItemNode?
        init(node: any ViewNode) {
            self.node = node
            var tag: AnyHashable?, item: TabItemNode?
            var walk: (any ViewNode)? = node
            while let n = walk {
                if tag == nil, let tagged = n as? TaggedNode { tag = tagged.tag }
                if item == nil, let found = n as? TabItemNode { item = found }
                // Through the nodes around it (modifiers, remembered sizes): each holds one child.
                let inside = n.placements(in: CGRect(x: 0, y: 0, width: 100, height: 100))
                walk = (n as? any WrapperNode)?.child ?? (inside.count == 1 ? inside[0].node : nil)
            }
            self.tag = tag; self.item = item
        }
    }
    let tabs: [Tab]
    let items: [(any ViewNode)?]
    let chosen: Int
    let choose: (Int) -> Void
    weak var store: ViewStateStore?
    /// The bar and the home indicator's strip under it, as an iPhone has them.
    static let barHeight: CGFloat = 49 + 34

    init(tabs: [Tab], items: [(any ViewNode)?], chosen: Int, choose: @escaping (Int) -> Void, store: ViewStateStore?) {
        self.tabs = tabs; self.items = items; self.chosen = chosen; self.choose = choose; self.store = store
    }

    /// The plain text of a tab item's label (for a touch track to name it).
    static func title<V: View>(of label: V) -> String? {
        if let text = label as? Text { return text.string }
        for child in Mirror(reflecting: label).children {
            if let text = child.value as? Text { return text.string }
            if let nested = child.value as? any View, let found = title(of: nested) { return found }
        }
        return nil
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.width ?? 390, height: proposal.height ?? 844)
    }

    private func contentRect(_ rect: CGRect) -> CGRect { CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: max(0, rect.height - Self.barHeight)) }
    private func itemRect(_ k: Int, _ rect: CGRect) -> CGRect {
        let width = rect.width / CGFloat(max(tabs.count, 1))
        return CGRect(x: rect.minX + CGFloat(k) * width, y: rect.maxY - Self.barHeight, width: width, height: 49)
    }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        tabs.isEmpty ? [] : [(tabs[chosen].node, contentRect(rect))]
    }

    func prepare(in rect: CGRect) {
        guard !tabs.isEmpty else { return }
        tabs[chosen].node.prepare(in: contentRect(rect))
        let transform = store?.touchTransform ?? .identity
        for k in tabs.indices {
            var target = TouchTarget(place: "#tab\(k)", rect: itemRect(k, rect).applying(transform), names: [tabs[k].item?.title].compactMap { $0 })
            let choose = self.choose
            target.tap = { _ in choose(k) }
            store?.touchTargets.append(target)
        }
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        guard !tabs.isEmpty else { return }
        var c = context
        c.clip(to: Path(contentRect(rect)))
        tabs[chosen].node.draw(in: contentRect(rect), context: c)
        let bar = CGRect(x: rect.minX, y: rect.maxY - Self.barHeight, width: rect.width, height: Self.barHeight)
        context.fill(Path(bar), with: .color(Color(white: 0.97)))
        context.fill(Path(CGRect(x: bar.minX, y: bar.minY, width: bar.width, height: 0.5)), with: .color(Color(white: 0, opacity: 0.2)))
        for (k, item) in items.enumerated() {
            guard let item else { continue }
            let cell = itemRect(k, rect)
            let size = item.sizeThatFits(ProposedViewSize(cell.size))
            item.draw(in: place(size, in: cell, alignment: .center), context: context)
        }
    }
}
