import AnimateDrawing
import AnimateTimeline
import Foundation

/// A view that goes through `phases` one after another, each change animated, as SwiftUI's
/// `PhaseAnimator`: it appears in the first phase and at once moves to the second, each move with
/// the animation `animation` gives for the phase it goes to; when that animation ends, the next
/// begins, and after the last it goes back to the first. With a `trigger` it rests in the first
/// phase and goes round once each time the trigger's value changes. In a scene, each move starts
/// at the scene time the move before ended, so a frame is a function of its time.
public struct PhaseAnimator<Phase: Equatable, Content: View>: View, PrimitiveView {
    let phases: [Phase]
    let trigger: AnyEquatableValue?
    let content: (Phase) -> Content
    let animation: (Phase) -> Animation?

    public init(_ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = Array(phases); trigger = nil; self.content = content; self.animation = animation
    }

    public init(_ phases: some Sequence<Phase>, trigger: some Equatable, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = Array(phases); self.trigger = AnyEquatableValue(trigger); self.content = content; self.animation = animation
    }

    public var body: Never { primitiveBody(Self.self) }

    /// Where the phases have got to: the phase shown, since when, and whether it goes on.
    struct Progress {
        var index: Int
        var since: Double
        var running: Bool
        /// Moves made since it started going round (with a trigger it stops after one round).
        var moves = 0
    }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        let inner = environment.descending("phase")
        guard let first = phases.first else { return AnimateViews.makeNode(EmptyView(), inner) }
        guard let store = environment.stateStore else { return AnimateViews.makeNode(content(first), inner) }
        let key = environment.viewPath + "#phases"
        // Appearing: the first phase, its move to the next due at once (shown from the next update).
        var progress = store.seen[key] as? Progress ?? Progress(index: 0, since: store.time, running: trigger == nil)
        if let trigger, store.changed(trigger, at: key + "#trigger").changed {
            progress = Progress(index: progress.index, since: store.time, running: true, moves: 0)
        }
        let appeared = store.seen[key] == nil
        if !appeared && phases.count > 1 {
            // Each move that has ended by now starts the next, from the time it ended.
            var steps = 0
            while progress.running, steps < 2 * phases.count {
                let shownSince = progress.moves == 0 ? 0 : Self.length(of: animation(phases[progress.index]))
                let ends = progress.since + shownSince
                guard store.time >= ends else { break }
                let next = (progress.index + 1) % phases.count
                progress = Progress(index: next, since: ends, running: true, moves: progress.moves + 1)
                if let move = animation(phases[next]) { store.lastTransaction = (ends, move) }
                if trigger != nil && next == 0 { progress.running = false }
                steps += 1
            }
        }
        store.seen[key] = progress
        return AnimateViews.makeNode(content(phases[progress.index]), inner)
    }

    /// How long a move with `animation` takes (its delay, speed and repeats counted; none: no time).
    static func length(of animation: Animation?) -> Double {
        guard let animation else { return 0 }
        let speed = animation.speed.isFinite && animation.speed > 0 ? animation.speed : 1
        let runs: Double = animation.repeats.map { $0.count.map(Double.init) ?? .infinity } ?? 1
        return animation.delay + animation.runDuration * runs / speed
    }
}

/// An `Equatable` value of any type, compared with values of its own type.
struct AnyEquatableValue: Equatable {
    private let value: Any
    private let equals: (Any) -> Bool
    init<T: Equatable>(_ value: T) { self.value = value; equals = { ($0 as? T) == value } }
    static func == (a: Self, b: Self) -> Bool { a.equals(b.value) }
}

/// The view a modifier's content closure is given (SwiftUI's `PlaceholderContentView`): the
/// view the modifier is applied to.
public struct PlaceholderContentView<Value>: View {
    let content: AnyView
    init<V: View>(_ view: V) { content = AnyView(view) }
    public var body: some View { content }
}

extension View {
    /// Goes through `phases` one after another, each change animated (`PhaseAnimator`): `content`
    /// is given the view and the phase.
    public func phaseAnimator<Phase: Equatable>(_ phases: some Sequence<Phase>,
                                                @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
                                                animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View {
        let view = PlaceholderContentView<Self>(self)
        return PhaseAnimator(phases, content: { content(view, $0) }, animation: animation)
    }

    /// Goes round `phases` once each time `trigger` changes (`PhaseAnimator`).
    public func phaseAnimator<Phase: Equatable>(_ phases: some Sequence<Phase>, trigger: some Equatable,
                                                @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
                                                animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View {
        let view = PlaceholderContentView<Self>(self)
        return PhaseAnimator(phases, trigger: trigger, content: { content(view, $0) }, animation: animation)
    }
}
