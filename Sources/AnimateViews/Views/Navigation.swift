import AnimateDrawing
public import AnimateText
import AnimateTimeline
import Foundation

/// A stack of views the user goes forward and back in, as SwiftUI's `NavigationStack` on an
/// iPhone: a navigation bar with the top view's title (large on the root, inline further in) and,
/// past the root, a back button; a `NavigationLink` tapped by a scripted user (`touches`) pushes
/// its destination, which slides in from the right over the view it covers as iOS slides it,
/// and the back button pops it the same way. In a scene the views pushed and when are kept with
/// the views' state, so a frame is a function of its time.
public struct NavigationStack<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder root: () -> Content) { content = root() }
    /// A stack whose path a lesson does not drive (`path` is accepted; links push as without it).
    public init<Path>(path: Binding<Path>, @ViewBuilder root: () -> Content) { content = root() }
    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        NavigationStackNode.make(content, environment)
    }
}

/// The older name of a navigation container, as SwiftUI's `NavigationView`: a stack.
public struct NavigationView<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody(Self.self) }
    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode { NavigationStackNode.make(content, environment) }
}

/// A view pushed on a stack: what it is, when it came and when it went.
struct NavigationEntry {
    let id: Int
    let view: AnyView
    let pushedAt: Double
    var poppedAt: Double?
}

/// What a navigation stack keeps with the views' state.
struct NavigationEntries {
    var entries: [NavigationEntry] = []
    var nextID = 0
}

/// Where a view is in a navigation stack: the stack's place, and the level (0 the root).
struct NavigationPlace: @unchecked Sendable {
    let key: String
    let level: Int

    /// Pushes `view` on the stack, in the update being made.
    func push(_ view: AnyView) {
        guard let store = ViewStateStore.current else { return }
        var stack = store.seen[key] as? NavigationEntries ?? NavigationEntries()
        // A link below the top pushes over what is there now (the views above it are popped at once).
        stack.entries.removeAll { $0.poppedAt != nil }
        stack.entries = Array(stack.entries.prefix(level))
        stack.entries.append(NavigationEntry(id: stack.nextID, view: view, pushedAt: store.time))
        stack.nextID += 1
        store.seen[key] = stack
    }

    /// Pops the view at this level (the back button).
    func pop() {
        guard let store = ViewStateStore.current, level > 0, var stack = store.seen[key] as? NavigationEntries,
              stack.entries.indices.contains(level - 1), stack.entries[level - 1].poppedAt == nil else { return }
        stack.entries[level - 1].poppedAt = store.time
        store.seen[key] = stack
    }

    /// The destination registered for values of `type` at this stack (`navigationDestination`).
    func destination(for value: Any) -> AnyView? {
        guard let store = ViewStateStore.current, let make = store.seen[key + "#destination:" + String(reflecting: type(of: value))] as? (Any) -> AnyView else { return nil }
        return make(value)
    }
}

struct NavigationPlaceKey: EnvironmentKey {
    static var defaultValue: NavigationPlace? { nil }
}

extension EnvironmentValues {
    var navigationPlace: NavigationPlace? {
        get { self[NavigationPlaceKey.self] }
        set { self[NavigationPlaceKey.self] = newValue }
    }
}

/// A navigation stack laid out: its bar, and each level of views at its place in the slide.
final class NavigationStackNode: ViewNode {
    struct Level {
        let node: any ViewNode
        /// How far across it has slid in (0 off to the right, 1 in place).
        let shown: Double
        let title: String?
        let large: Bool
        let place: NavigationPlace
    }
    let levels: [Level]
    let accent: Color
    weak var store: ViewStateStore?

    /// A slide's length, as iOS pushes a view.
    static let slide = 0.35
    static let barHeight: CGFloat = 44, largeTitleHeight: CGFloat = 52

    init(levels: [Level], accent: Color, store: ViewStateStore?) { self.levels = levels; self.accent = accent; self.store = store }

    static func make<Content: View>(_ content: Content, _ environment: EnvironmentValues) -> any ViewNode {
        let key = environment.viewPath + "#navigation"
        let store = environment.stateStore
        var stack = store?.seen[key] as? NavigationEntries ?? NavigationEntries()
        let now = store?.time ?? 0
        // Views popped longer ago than a slide are gone.
        stack.entries.removeAll { $0.poppedAt.map { now - $0 >= slide } ?? false }
        store?.seen[key] = stack
        func level(_ view: AnyView, _ index: Int, shown: Double) -> Level {
            var inner = environment.descending(index == 0 ? "root" : "push\(stack.entries[index - 1].id)")
            let place = NavigationPlace(key: key, level: index)
            inner.navigationPlace = place
            let node = AnimateViews.makeNode(view, inner)
            let title = store?.seen[key + "#title\(index)"] as? String
            let mode = store?.seen[key + "#mode\(index)"] as? NavigationBarItemTitleDisplayMode ?? .automatic
            return Level(node: node, shown: shown, title: title, large: mode == .large || (mode == .automatic && index == 0), place: place)
        }
        var levels = [level(AnyView(content), 0, shown: 1)]
        for (k, entry) in stack.entries.enumerated() {
            let since = now - entry.pushedAt
            var shown = Easing.cubicBezier(0.2, 0.9, 0.3, 1)(min(max(since / slide, 0), 1))
            if let popped = entry.poppedAt { shown = 1 - Easing.cubicBezier(0.2, 0.9, 0.3, 1)(min(max((now - popped) / slide, 0), 1)) }
            levels.append(level(entry.view, k + 1, shown: shown))
        }
        return NavigationStackNode(levels: levels, accent: environment.tint ?? .accentColor, store: store)
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.width ?? levels[0].node.idealSize.width, height: proposal.height ?? levels[0].node.idealSize.height)
    }

    /// The level's rectangle: below its bar, moved by the slide (a covered level drifts a third
    /// of the way left, as iOS moves it).
    private func rects(in rect: CGRect) -> [(content: CGRect, whole: CGRect)] {
        levels.enumerated().map { k, level in
            let above = k + 1 < levels.count ? levels[k + 1].shown : 0
            let dx = rect.width * (1 - level.shown) - rect.width * 0.3 * above
            let bar = Self.barHeight + (level.large ? Self.largeTitleHeight : 0)
            let whole = rect.offsetBy(dx: dx, dy: 0)
            return (CGRect(x: whole.minX, y: whole.minY + bar, width: whole.width, height: max(0, whole.height - bar)), whole)
        }
    }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        zip(levels, rects(in: rect)).map { ($0.node, $1.content) }
    }

    func prepare(in rect: CGRect) {
        for (k, (level, r)) in zip(levels, rects(in: rect)).enumerated() {
            // A level covers the ones below it: their views take no touches through it.
            if k > 0 { store?.touchTargets.append(TouchTarget(place: "", rect: r.whole.applying(store?.touchTransform ?? .identity), names: [], blocks: true)) }
            level.node.prepare(in: r.content)
            if k > 0 {
                let back = CGRect(x: r.whole.minX, y: r.whole.minY, width: 120, height: Self.barHeight)
                let place = level.place
                var target = TouchTarget(place: "#back\(k)", rect: back.applying(store?.touchTransform ?? .identity),
                                         names: ["Back", levels[k - 1].title].compactMap { $0 })
                target.tap = { _ in place.pop() }
                store?.touchTargets.append(target)
            }
        }
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        for (k, (level, r)) in zip(levels, rects(in: rect)).enumerated() {
            var c = context
            c.clip(to: Path(rect))
            if k > 0 {
                // The pushed view's edge casts a soft shadow on the one it covers, and it is opaque.
                c.fill(Path(CGRect(x: r.whole.minX - 8, y: r.whole.minY, width: 8, height: r.whole.height)),
                       with: .linearGradient(Gradient(colors: [Color(white: 0, opacity: 0), Color(white: 0, opacity: 0.12 * level.shown)]),
                                             startPoint: CGPoint(x: r.whole.minX - 8, y: 0), endPoint: CGPoint(x: r.whole.minX, y: 0)))
                c.fill(Path(r.whole), with: .color(.white))
            }
            level.node.draw(in: r.content, context: c)
            drawBar(of: k, in: r.whole, context: c)
        }
    }

    /// The bar: the back button past the root, the title inline or large, a hairline under it.
    private func drawBar(of k: Int, in whole: CGRect, context: GraphicsContext) {
        let level = levels[k]
        let height = Self.barHeight + (level.large ? Self.largeTitleHeight : 0)
        let bar = CGRect(x: whole.minX, y: whole.minY, width: whole.width, height: height)
        context.fill(Path(bar), with: .color(Color(white: 0.98)))
        context.fill(Path(CGRect(x: bar.minX, y: bar.maxY - 0.5, width: bar.width, height: 0.5)), with: .color(Color(white: 0, opacity: 0.2)))
        if k > 0 {
            let back = "‹ " + (levels[k - 1].title.map { $0.count <= 12 ? $0 : "Back" } ?? "Back")
            context.draw(Text(back).font(.system(size: 17)).foregroundColor(accent), at: CGPoint(x: bar.minX + 12, y: bar.minY + Self.barHeight / 2), anchor: .leading)
        }
        guard let title = level.title else { return }
        if level.large {
            context.draw(Text(title).font(.system(size: 34, weight: .bold)), at: CGPoint(x: bar.minX + 16, y: bar.minY + Self.barHeight + Self.largeTitleHeight / 2), anchor: .leading)
        } else {
            context.draw(Text(title).font(.system(size: 17, weight: .semibold)), at: CGPoint(x: bar.midX, y: bar.minY + Self.barHeight / 2), anchor: .center)
        }
    }
}

/// A view that pushes `destination` on the navigation stack it is in when tapped, as SwiftUI's
/// `NavigationLink`: its label with a chevron, as a list row shows it.
public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    let destination: (() -> AnyView)?
    let value: Any?
    let title: String?
    @Environment(\.navigationPlace) private var navigation

    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label(); self.destination = { AnyView(destination) }; value = nil; title = (self.label as? Text)?.string
    }

    public init(@ViewBuilder destination: @escaping () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label(); self.destination = { AnyView(destination()) }; value = nil; title = (self.label as? Text)?.string
    }

    public var body: some View {
        let navigation = self.navigation, destination = self.destination, value = self.value
        return HStack {
            label
            Spacer(minLength: 8)
            Text("›").font(.system(size: 22)).foregroundColor(Color(white: 0.75))
        }
        .contentShape(Rectangle())
        .touchTarget(label: title) { target in
            target.tap = { _ in
                if let view = destination?() ?? value.flatMap({ navigation?.destination(for: $0) }) { navigation?.push(view) }
            }
        }
    }
}

extension NavigationLink where Label == Text {
    public init(_ title: String, destination: Destination) { self.init(destination: destination) { Text(title) } }
    public init(_ title: String, @ViewBuilder destination: @escaping () -> Destination) { self.init(destination: destination) { Text(title) } }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes the destination its stack's `navigationDestination(for:)` makes for `value`.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label(); destination = nil; self.value = value; title = (self.label as? Text)?.string
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    public init<P: Hashable>(_ title: String, value: P?) { self.init(value: value) { Text(title) } }
}

extension View {
    /// The title the navigation bar shows while this view is at the top of its stack.
    public func navigationTitle(_ title: String) -> some View {
        modified(wrap: { child, environment in
            if let place = environment.navigationPlace { environment.stateStore?.seen[place.key + "#title\(place.level)"] = title }
            return child
        })
    }
    public func navigationTitle(_ title: Text) -> some View { navigationTitle(title.string) }

    /// How the bar shows this view's title: large (the root's, by default) or inline.
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItemTitleDisplayMode) -> some View {
        modified(wrap: { child, environment in
            if let place = environment.navigationPlace { environment.stateStore?.seen[place.key + "#mode\(place.level)"] = mode }
            return child
        })
    }

    /// The view a `NavigationLink(value:)` in this stack pushes for values of `type`.
    public func navigationDestination<D: Hashable, C: View>(for type: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modified(wrap: { child, environment in
            if let place = environment.navigationPlace {
                let make: (Any) -> AnyView = { value in (value as? D).map { AnyView(destination($0)) } ?? AnyView(EmptyView()) }
                environment.stateStore?.seen[place.key + "#destination:" + String(reflecting: D.self)] = make
            }
            return child
        })
    }

    /// A status bar's visibility (there is none).
    public func statusBarHidden(_ hidden: Bool = true) -> Self { self }
}

/// How a navigation title is shown.
public enum NavigationBarItemTitleDisplayMode: Sendable { case automatic, inline, large }
