import AnimateDrawing
public import Foundation

/// A touch or pointer gesture, as SwiftUI's `Gesture`. A render has no touches: gestures are
/// accepted as lesson code writes them and never recognised, so their actions never run.
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
}

/// The state a gesture holds while it is under way, as SwiftUI's `@GestureState`: its initial value.
@propertyWrapper
public struct GestureState<Value> {
    private let value: Value
    public init(wrappedValue: Value) { value = wrappedValue }
    public init(initialValue: Value) { value = initialValue }
    public var wrappedValue: Value { value }
    public var projectedValue: GestureState<Value> { self }
}

/// A transaction a gesture's update runs in (kept for the signature).
public struct Transaction {
    public init() {}
}

extension Gesture {
    /// Runs `action` as the gesture changes (never, in a render).
    public func onChanged(_ action: @escaping (Value) -> Void) -> GestureWithActions<Self> { GestureWithActions(base: self) }
    /// Runs `action` when the gesture ends (never, in a render).
    public func onEnded(_ action: @escaping (Value) -> Void) -> GestureWithActions<Self> { GestureWithActions(base: self) }
    /// Updates gesture state while the gesture is under way (never, in a render).
    public func updating<State>(_ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void) -> GestureWithActions<Self> {
        GestureWithActions(base: self)
    }
}

extension View {
    /// The view with a gesture attached (a render has no touches).
    public func gesture<G: Gesture>(_ gesture: G) -> Self { self }
    public func simultaneousGesture<G: Gesture>(_ gesture: G) -> Self { self }
    public func highPriorityGesture<G: Gesture>(_ gesture: G) -> Self { self }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> Self { self }
    /// A tap that says where it landed (a render never taps).
    public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping (CGPoint) -> Void) -> Self { self }
    public func onLongPressGesture(minimumDuration: Double = 0.5, perform action: @escaping () -> Void) -> Self { self }
    /// The shape that receives touches (drawing is unchanged).
    public func contentShape<S: Shape>(_ shape: S) -> Self { self }
}
