import AnimateDrawing
public import Foundation

/// A touch or pointer gesture, as SwiftUI's `Gesture`: in a scene with a scripted user
/// (`touches`), its actions run when the user's touches make it.
public protocol Gesture {
    associatedtype Value
}

/// A drag, as SwiftUI's `DragGesture`.
public struct DragGesture: Gesture {
    /// Where a drag is and has been.
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize
        public var velocity: CGSize
        public var predictedEndLocation: CGPoint
        public var predictedEndTranslation: CGSize
    }

    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace

    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }
}

/// A tap, as SwiftUI's `TapGesture`.
public struct TapGesture: Gesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = count }
}

/// A press held, as SwiftUI's `LongPressGesture`.
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) { self.minimumDuration = minimumDuration }
}

/// A gesture with actions added.
public struct GestureWithActions<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    let base: Base
    var changed: [(Value) -> Void] = []
    var ended: [(Value) -> Void] = []
    var updating: [(Value) -> Void] = []
    var resets: [() -> Void] = []
}

/// The actions of a gesture and of those it was made from, by kind (type-erased).
struct GestureActions {
    enum Kind { case drag(minimumDistance: CGFloat, local: Bool), tap, longPress, other }
    var kind: Kind = .other
    var changed: [(Any) -> Void] = []
    var ended: [(Any) -> Void] = []
    var updating: [(Any) -> Void] = []
    var resets: [() -> Void] = []
}

/// A gesture that can say what it is and what it does.
protocol GestureActionSource {
    func collect(into actions: inout GestureActions)
}

extension DragGesture: GestureActionSource {
    func collect(into actions: inout GestureActions) { actions.kind = .drag(minimumDistance: minimumDistance, local: coordinateSpace == .local) }
}
extension TapGesture: GestureActionSource {
    func collect(into actions: inout GestureActions) { actions.kind = .tap }
}
extension LongPressGesture: GestureActionSource {
    func collect(into actions: inout GestureActions) { actions.kind = .longPress }
}
extension GestureWithActions: GestureActionSource {
    func collect(into actions: inout GestureActions) {
        (base as? any GestureActionSource)?.collect(into: &actions)
        actions.changed += changed.map { f in { if let v = $0 as? Value { f(v) } } }
        actions.ended += ended.map { f in { if let v = $0 as? Value { f(v) } } }
        actions.updating += updating.map { f in { if let v = $0 as? Value { f(v) } } }
        actions.resets += resets
    }
}

/// The state a gesture holds while it is under way, as SwiftUI's `@GestureState`: what an
/// `updating` body gives it during the gesture, its initial value again when it ends.
@propertyWrapper
public struct GestureState<Value> {
    private let state: State<Value>
    private let initial: Value
    public init(wrappedValue: Value) { state = State(wrappedValue: wrappedValue); initial = wrappedValue }
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }
    public var wrappedValue: Value { state.wrappedValue }
    public var projectedValue: GestureState<Value> { self }
    func set(_ value: Value) { state.wrappedValue = value }
    func reset() { state.wrappedValue = initial }
}

extension GestureState: StateLink {
    package func link(to store: ViewStateStore, key: String) { state.link(to: store, key: key) }
}

/// A transaction a gesture's update runs in (kept for the signature).
public struct Transaction {
    public init() {}
}

extension Gesture {
    /// Runs `action` as the gesture changes.
    public func onChanged(_ action: @escaping (Value) -> Void) -> GestureWithActions<Self> { GestureWithActions(base: self, changed: [action]) }
    /// Runs `action` when the gesture ends.
    public func onEnded(_ action: @escaping (Value) -> Void) -> GestureWithActions<Self> { GestureWithActions(base: self, ended: [action]) }
    /// Gives `state` a value while the gesture is under way (its initial one again when it ends).
    public func updating<State>(_ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void) -> GestureWithActions<Self> {
        GestureWithActions(base: self, updating: [{ value in
            var current = state.wrappedValue, transaction = Transaction()
            body(value, &current, &transaction)
            state.set(current)
        }], resets: [{ state.reset() }])
    }
}

extension View {
    /// The view with a gesture attached: a scripted user's touches on it run its actions.
    public func gesture<G: Gesture>(_ gesture: G) -> some View {
        var actions = GestureActions()
        (gesture as? any GestureActionSource)?.collect(into: &actions)
        return touchTarget { target in
            switch actions.kind {
            case let .drag(minimum, local):
                target.drag = DragHandlers(minimumDistance: minimum, local: local, changed: actions.changed.map { f in { f($0) } },
                                           ended: actions.ended.map { f in { f($0) } }, updating: actions.updating.map { f in { f($0) } },
                                           reset: actions.resets)
            case .tap: target.tap = { _ in actions.ended.forEach { $0(()) } }
            case .longPress: target.longPress = { actions.ended.forEach { $0(true) } }
            case .other: break
            }
        }
    }
    public func simultaneousGesture<G: Gesture>(_ gesture: G) -> some View { self.gesture(gesture) }
    public func highPriorityGesture<G: Gesture>(_ gesture: G) -> some View { self.gesture(gesture) }
    /// Runs `action` when a scripted user taps the view.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        touchTarget { $0.tap = { _ in action() } }
    }
    /// A tap that says where it landed: in the view (`.local`) or in the window (`.global`).
    public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping (CGPoint) -> Void) -> some View {
        let global = coordinateSpace == .global
        return touchTarget { target in
            target.tap = { point in action(point) }
            target.tapsInWindow = global
        }
    }
    /// Runs `action` when a scripted user holds a finger on the view.
    public func onLongPressGesture(minimumDuration: Double = 0.5, perform action: @escaping () -> Void) -> some View {
        touchTarget { $0.longPress = action }
    }
    /// The shape that receives touches (its rectangle here; drawing is unchanged).
    public func contentShape<S: Shape>(_ shape: S) -> Self { self }
}
