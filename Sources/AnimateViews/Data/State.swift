import AnimateDrawing
import AnimateTimeline
import Foundation

/// A view's own value, as SwiftUI's `@State`: it starts at its initial value and keeps what its
/// view's actions (`onChange`, `onAppear`) set, frame after frame, in a scene that shows the view
/// (`Scene(view:)`), where each view's state is found by its place in the view tree. Elsewhere
/// (`ImageRenderer`) it is its initial value.
@propertyWrapper
public struct State<Value> {
    private let box: Box

    /// A view's state: its initial value, its own value where no scene keeps state, and (once
    /// linked) its place, by which the state store of the frame being made holds its value. The
    /// same view drawn on several threads reads each thread's store.
    final class Box: StateBox {
        let initial: Value
        var local: Value
        /// A change made in `withAnimation`: the value shown when it was made, its time, its animation.
        var transition: (from: Value, start: Double, animation: Animation)?
        /// The last change made without an animation: its time and the value shown before it
        /// (`.animation(_:value:)` may animate it after the fact).
        var lastChange: (time: Double, from: Value)?
        private let lock = NSLock()
        private var linkedKey: String?

        init(_ value: Value) { initial = value; local = value }

        /// The value shown at `time`: on its way from the transition's start value while it runs.
        func shown(at time: Double?) -> Value {
            guard let t = transition, let time else { return local }
            let (f, done) = t.animation.fraction(at: time - t.start)
            if done { return local }
            return Self.blend(t.from, local, f)
        }

        /// `a` a fraction `f` of the way to `b`, for values that blend (else `b`).
        static func blend(_ a: Value, _ b: Value, _ f: Double) -> Value {
            guard let kind = Value.self as? any Interpolatable.Type else { return b }
            func open<T: Interpolatable>(_: T.Type) -> Value {
                guard let x = a as? T, let y = b as? T, let v = T.interpolate(x, y, f) as? Value else { return b }
                return v
            }
            return open(kind)
        }

        /// Sets the value; inside `withAnimation`, in a scene, the change moves from what is shown now.
        /// Whether `a` and `b` are equal values (false for values that cannot be compared).
        static func same(_ a: Value, _ b: Value) -> Bool {
            guard let x = a as? any Equatable else { return false }
            func equal<T: Equatable>(_ x: T) -> Bool { (b as? T) == x }
            return equal(x)
        }

        /// Setting the value it has changes nothing (a running animation goes on), as in SwiftUI.
        func set(_ value: Value) {
            if ViewStateStore.isDrawing || Self.same(local, value) { return }
            let store = ViewStateStore.current
            if let animation = Animation.current, let store {
                transition = (shown(at: store.time), store.time, animation)
                lastChange = nil
                store.lastTransaction = (store.time, animation)
            } else {
                if let store { lastChange = (store.time, shown(at: store.time)) }
                transition = nil
            }
            local = value
        }

        func animateChange(since time: Double, with animation: Animation) {
            guard transition == nil, let change = lastChange, change.time >= time else { return }
            transition = (change.from, change.time, animation)
            lastChange = nil
        }

        var key: String? {
            get { lock.withLock { linkedKey } }
            set { lock.withLock { linkedKey = newValue } }
        }

        /// Where the value is read and written now.
        var storage: Box {
            if let store = ViewStateStore.current, let key, let box = store.boxes[key] as? Box { return box }
            return self
        }

        func copy() -> any StateBox {
            let c = Box(local)
            c.transition = transition
            c.lastChange = lastChange
            return c
        }
    }

    public init(wrappedValue value: Value) { box = Box(value) }
    public init(initialValue value: Value) { box = Box(value) }

    public var wrappedValue: Value {
        get { box.storage.shown(at: ViewStateStore.current?.time) }
        nonmutating set { box.storage.set(newValue) }
    }

    /// A binding to the value, for a child view.
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.storage.shown(at: ViewStateStore.current?.time) }, set: { box.storage.set($0) })
    }
}

extension State: StateLink {
    /// Links this state to `key` in the store, which holds a value from this state's initial one
    /// the first time.
    package func link(to store: ViewStateStore, key: String) {
        box.key = key
        if store.boxes[key] == nil { store.boxes[key] = Box(box.initial) }
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

/// A value owned elsewhere that a view reads and writes, as SwiftUI's `Binding`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let get = self.get, set = self.set
        return Binding<Subject>(get: { get()[keyPath: keyPath] }, set: { var v = get(); v[keyPath: keyPath] = $0; set(v) })
    }
}
