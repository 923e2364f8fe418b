import AnimateDrawing
import Foundation
import AnimateTimeline

/// A state value's storage, copied when a scene's state is.
package protocol StateBox: AnyObject {
    func copy() -> any StateBox
    /// Animates the value's last change if it was made at `time` or later without an animation.
    func animateChange(since time: Double, with animation: Animation)
}

/// A view property that keeps state (`@State`): linked to a store by its view's place.
package protocol StateLink {
    func link(to store: ViewStateStore, key: String)
}

/// The state of the views a scene shows, by their places in the view tree: `@State` values, the
/// values each `onChange` last saw, the views that have appeared. A scene advances it tick by
/// tick, so a frame's state is a function of its time; each frame draws with a copy.
package final class ViewStateStore: @unchecked Sendable {
    var boxes: [String: any StateBox] = [:]
    /// Values of observable objects' `@Published` properties, by property (kept alive with them).
    var published: [ObjectIdentifier: (owner: AnyObject, value: Any)] = [:]
    var seen: [String: Any] = [:]
    var appeared: Set<String> = []
    /// How many times each URL was asked for in this run of the scene (the n-th request gets the
    /// n-th file that stands for it).
    package var requestCounts: [String: Int] = [:]
    /// The scene time of the update or frame being made: when state changes happen.
    package var time: Double = 0
    /// The time of the update before: changes made since are this update's news.
    package var previousTime: Double = 0
    /// Updates made so far (a frame's drawing is part of the update before it).
    var updateIndex = 0
    /// The last state change made in `withAnimation`: when, and its animation.
    var lastTransaction: (time: Double, animation: Animation)?
    /// The animatable values of modifiers (an angle, an offset, a scale, an opacity), by place:
    /// what each was last made with and its move under way, as SwiftUI animates the view tree's
    /// values rather than the state they come from.
    var attributes: [String: Attribute] = [:]
    /// The scheme a view asked the window for (`preferredColorScheme`), if one did.
    package var preferredColorScheme: ColorScheme?
    /// Conditional branches: the update each was last shown in, its view then, and the coming
    /// or going under way.
    var shown: [String: Int] = [:]
    var lastShown: [String: any View] = [:]
    var moves: [String: (removing: Bool, start: Double, animation: Animation, view: (any View)?)] = [:]

    /// The canvases of timelines a view scene runs once per schedule entry (nil where views are
    /// drawn without a scene's ticks: each canvas then draws on every frame it is in).
    package var canvasTicks: CanvasTicks?
    /// The pictures the frame being made shows for those canvases, by place.
    var canvasPictures: [String: CanvasPicture] = [:]
    /// What this update does with those canvases.
    package var canvasPass: CanvasPass = .none
    /// The clock of the code the views run (tasks, timers, delayed work): the scene's while its
    /// ticks update the views, `SceneScheduler.inert` when a frame is made or drawn (which never moves it).
    package var scheduler: SceneScheduler?
    /// The scripted user (`touches`), the views that took touches when last laid out, and how far
    /// the user has got.
    package var touches: TouchTrack?
    package var touchTargets: [TouchTarget] = []
    package var touchProgress = TouchProgress()
    /// While views are laid out: the effects around the one being laid out (where it is drawn).
    var touchTransform = CGAffineTransform.identity

    /// The accessibility labels of the views made in this update, in the order they were made
    /// (what a lesson's audio description says of the views that appear).
    package private(set) var accessibilityLabels: [String] = []

    /// Notes that a view with `label` was made in this update.
    package func noteAccessibilityLabel(_ label: String) {
        if !accessibilityLabels.contains(label) { accessibilityLabels.append(label) }
    }

    /// Starts an update of the views at `time`.
    package func beginUpdate(at time: Double) {
        previousTime = self.time
        self.time = time
        updateIndex += 1
        accessibilityLabels.removeAll()
    }

    package init() {}

    private static let threadKey = "animate.ViewStateStore.current"
    private static let drawingKey = "animate.ViewStateStore.drawing"

    /// Whether views are being drawn on this thread: state set then (in a `Canvas`'s drawing) is
    /// ignored, as SwiftUI ignores state modified during a view update, so drawing stays pure.
    package static var isDrawing: Bool { Thread.current.threadDictionary[drawingKey] != nil }

    /// Runs `body` as a drawing of views (state changes in it are ignored).
    package static func drawing<T>(_ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[drawingKey]
        dictionary[drawingKey] = true
        defer { dictionary[drawingKey] = previous }
        return try body()
    }

    /// The store of the frame being made on this thread, if any.
    package static var current: ViewStateStore? { Thread.current.threadDictionary[threadKey] as? ViewStateStore }

    /// Runs `body` with this store as the current one on this thread (views made and drawn in it
    /// read and write their state here).
    package func withCurrent<T>(_ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[Self.threadKey]
        dictionary[Self.threadKey] = self
        defer { dictionary[Self.threadKey] = previous }
        return try body()
    }

    /// A store that shares nothing with this one.
    package func copy() -> ViewStateStore {
        let c = ViewStateStore()
        c.boxes = boxes.mapValues { $0.copy() }
        c.published = published
        c.seen = seen
        c.appeared = appeared
        c.requestCounts = requestCounts
        c.time = time
        c.previousTime = previousTime
        c.updateIndex = updateIndex
        c.lastTransaction = lastTransaction
        c.attributes = attributes
        c.preferredColorScheme = preferredColorScheme
        c.shown = shown
        c.lastShown = lastShown
        c.moves = moves
        c.canvasTicks = canvasTicks
        c.canvasPictures = canvasPictures
        c.scheduler = scheduler
        c.touches = touches
        c.touchTargets = touchTargets
        c.touchProgress = touchProgress
        return c
    }

    /// Whether `value` differs from what the `onChange` at `key` saw last (never the first time);
    /// remembers it.
    func changed<V: Equatable>(_ value: V, at key: String) -> (changed: Bool, old: V?) {
        let old = seen[key] as? V
        seen[key] = value
        return (old.map { $0 != value } ?? false, old)
    }

    /// Records a modifier's animatable value at `key` as the view is made: when it differs from
    /// the value last made and a state change was made in `withAnimation` since, it moves from
    /// where it showed to the new one with that animation (repeating if it repeats); a change
    /// made without one waits for an `.animation` modifier to animate it (`animateAttributes`),
    /// else shows at once. A value that changes at every make follows state that is itself
    /// moving (a number in `withAnimation`): it is shown as made, never animated again.
    func make<V: Interpolatable & Equatable>(_ value: V, at key: String) {
        guard var attribute = attributes[key], let target = attribute.target as? V else {
            attributes[key] = Attribute(target: value, madeAt: time)
            return
        }
        if target != value {
            let from: V = attribute.shown(at: time) ?? target
            let continuous = attribute.changedAt == attribute.madeAt
            if let transaction = lastTransaction, transaction.time >= attribute.madeAt {
                attribute.transition = (from, transaction.time, transaction.animation)
                attribute.pending = nil
            } else {
                attribute.transition = nil
                attribute.pending = continuous ? nil : (from, time)
            }
            attribute.target = value
            attribute.changedAt = time
        }
        attribute.madeAt = time
        attributes[key] = attribute
    }

    /// The value of the modifier at `key` as it shows now (nil: none made there).
    func shown<V: Interpolatable>(_: V.Type, at key: String) -> V? { attributes[key]?.shown(at: time) }

    /// Animates, with `animation`, the modifiers' values changed at `time` or later without one.
    func animateAttributes(since time: Double, with animation: Animation) {
        for (key, var attribute) in attributes {
            guard let pending = attribute.pending, pending.time >= time else { continue }
            attribute.transition = (pending.from, pending.time, animation)
            attribute.pending = nil
            attributes[key] = attribute
        }
    }

    /// An animatable value of a modifier, its move under way, and a change not animated yet.
    struct Attribute {
        var target: Any
        var madeAt: Double
        /// When the value last changed.
        var changedAt = -Double.infinity
        var transition: (from: Any, start: Double, animation: Animation)?
        var pending: (from: Any, time: Double)?

        init(target: Any, madeAt: Double) { self.target = target; self.madeAt = madeAt }

        /// The value shown at `time`: on its way while a move runs, else the target.
        func shown<V: Interpolatable>(at time: Double) -> V? {
            guard let target = target as? V else { return nil }
            guard let t = transition, let from = t.from as? V else { return target }
            let (f, done) = t.animation.fraction(at: time - t.start)
            return done ? target : V.interpolate(from, target, f)
        }
    }

    /// Whether the view at `key` appears now for the first time; remembers it.
    func appears(at key: String) -> Bool { appeared.insert(key).inserted }
}

struct StateStoreKey: EnvironmentKey {
    static var defaultValue: ViewStateStore? { nil }
}

struct ViewPathKey: EnvironmentKey {
    static var defaultValue: String { "" }
}

extension EnvironmentValues {
    /// The state store of the scene being drawn (nil: state keeps its initial values).
    package var stateStore: ViewStateStore? {
        get { self[StateStoreKey.self] }
        set { self[StateStoreKey.self] = newValue }
    }

    /// Where in the view tree a view is: what its state is found by.
    package var viewPath: String {
        get { self[ViewPathKey.self] }
        set { self[ViewPathKey.self] = newValue }
    }

    /// The environment one step further down the tree.
    func descending(_ step: String) -> EnvironmentValues {
        guard stateStore != nil else { return self }
        var e = self
        e.viewPath += "/" + step
        return e
    }
}

/// Links a view's `@State` properties to the store at its place, and its `@Environment`
/// properties to the environment it is made in.
func linkState<V: View>(_ view: V, _ environment: EnvironmentValues) {
    let store = environment.stateStore
    for child in Mirror(reflecting: view).children {
        if let store, let state = child.value as? any StateLink { state.link(to: store, key: environment.viewPath + "." + (child.label ?? "_")) }
        if let reader = child.value as? any EnvironmentLink { reader.link(to: environment) }
    }
}

extension View {
    /// Runs `action` with the new value when `value` differs from the last frame's, after the
    /// view is made for this frame (what it changes shows from the next frame), as SwiftUI's
    /// `onChange(of:perform:)`. It runs in a scene that shows the view (`Scene(view:)`).
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        modified { child, environment in
            if let store = environment.stateStore, store.changed(value, at: environment.viewPath + "#change").changed { action(value) }
            return child
        }
    }

    /// `onChange` with the old and new values; `initial`: also when the view first appears.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        modified { child, environment in
            guard let store = environment.stateStore else { return child }
            let key = environment.viewPath + "#change"
            let first = store.appears(at: key)
            let (changed, old) = store.changed(value, at: key)
            if changed, let old { action(old, value) } else if first && initial { action(value, value) }
            return child
        }
    }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        onChange(of: value, initial: initial) { (_: V, _: V) in action() }
    }

    /// Animates, with `animation`, the state changes that came with a change of `value`, as
    /// SwiftUI's `animation(_:value:)`: when `value` differs from the last update's, every state
    /// changed since then without an animation moves from the value it showed. (SwiftUI scopes
    /// this to the view's own subtree; here it is the scene's state that changed with it.)
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        modified { child, environment in
            if let store = environment.stateStore, store.changed(value, at: environment.viewPath + "#animation").changed, let animation {
                for box in store.boxes.values { box.animateChange(since: store.previousTime, with: animation) }
                store.animateAttributes(since: store.previousTime, with: animation)
            }
            return child
        }
    }

    /// Animates, with `animation`, every state change made without an animation, as SwiftUI's
    /// older `animation(_:)` (which `animation(_:value:)` replaced): each update, every state
    /// changed since the last one moves from the value it showed.
    public func animation(_ animation: Animation?) -> some View {
        modified { child, environment in
            if let store = environment.stateStore, let animation {
                for box in store.boxes.values { box.animateChange(since: store.previousTime, with: animation) }
                store.animateAttributes(since: store.previousTime, with: animation)
            }
            return child
        }
    }

    /// Runs `action` the first frame the view is in, as SwiftUI's `onAppear`.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modified { child, environment in
            if let store = environment.stateStore, store.appears(at: environment.viewPath + "#appear") { action?() }
            return child
        }
    }

    /// The view with an identity of its own, as SwiftUI's `id(_:)`: when `id` changes, it is
    /// another view, whose state starts again from its initial values and which appears anew.
    public func id<ID: Hashable>(_ id: ID) -> some View {
        modified(environment: { if $0.stateStore != nil { $0.viewPath += "#id(\(id))" } })
    }

    /// Accepted: a view in a scene stays until the scene ends.
    public func onDisappear(perform action: (() -> Void)? = nil) -> Self { self }
}
