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
        private let lock = NSLock()
        private var linkedKey: String?

        init(_ value: Value) { initial = value; local = value }

        var key: String? {
            get { lock.withLock { linkedKey } }
            set { lock.withLock { linkedKey = newValue } }
        }

        /// Where the value is read and written now.
        var storage: Box {
            if let store = ViewStateStore.current, let key, let box = store.boxes[key] as? Box { return box }
            return self
        }

        func copy() -> any StateBox { Box(local) }
    }

    public init(wrappedValue value: Value) { box = Box(value) }
    public init(initialValue value: Value) { box = Box(value) }

    public var wrappedValue: Value {
        get { box.storage.local }
        nonmutating set { box.storage.local = newValue }
    }

    /// A binding to the value, for a child view.
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.storage.local }, set: { box.storage.local = $0 })
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
