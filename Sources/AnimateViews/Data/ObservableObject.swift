import AnimateDrawing
import Foundation

/// A model object views share, as Combine's `ObservableObject`: its `@Published` properties are
/// the state views read (through `@StateObject`, `@ObservedObject` or `@EnvironmentObject`).
///
/// In a scene, a published value is kept with the scene's view state, as `@State` is: the frame
/// at time t sees the values its updates up to t set, whichever thread draws it and whatever was
/// drawn before. Properties that are not `@Published` are the object's own, shared by every
/// frame; keep them constant.
public protocol ObservableObject: AnyObject {
    /// Sent before a published value changes (accepted; views here are made again each update).
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// What `objectWillChange` gives, as Combine's: `send()` is accepted.
public final class ObservableObjectPublisher: @unchecked Sendable {
    public init() {}
    public func send() {}
}

/// A property of an `ObservableObject` that views watch, as Combine's `@Published`.
@propertyWrapper
public struct Published<Value> {
    private let box: Box

    /// The value where no scene keeps state, and the key by which a scene's store keeps it.
    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var ownValue: Value
        init(_ value: Value) { ownValue = value }
        var local: Value {
            get { lock.withLock { ownValue } }
            set { lock.withLock { ownValue = newValue } }
        }
    }

    public init(wrappedValue: Value) { box = Box(wrappedValue) }
    public init(initialValue: Value) { box = Box(initialValue) }

    public var wrappedValue: Value {
        get {
            guard let store = ViewStateStore.current, let kept = store.published[ObjectIdentifier(box)] else { return box.local }
            return kept.value as! Value
        }
        nonmutating set {
            if ViewStateStore.isDrawing { return }
            guard let store = ViewStateStore.current else { box.local = newValue; return }
            store.published[ObjectIdentifier(box)] = (box, newValue)
        }
    }
}

/// An object a view makes and keeps for as long as it is shown, as SwiftUI's `@StateObject`:
/// made the first time the view is, from the expression it is given.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    private let box: Box

    final class Box: StateBox, @unchecked Sendable {
        let make: () -> ObjectType
        private let lock = NSLock()
        private var made: ObjectType?
        var key: String?

        init(_ make: @escaping () -> ObjectType) { self.make = make }

        /// The object, made on first use.
        var object: ObjectType {
            lock.withLock {
                if let made { return made }
                let o = make()
                made = o
                return o
            }
        }

        /// Where the object is kept now: the current scene store's, by the view's place.
        var storage: Box {
            if let store = ViewStateStore.current, let key, let box = store.boxes[key] as? Box { return box }
            return self
        }

        // The object is shared by the store's copies; its published values are copied with the store.
        func copy() -> any StateBox { self }
        func animateChange(since time: Double, with animation: Animation) {}
    }

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { box = Box(thunk) }

    public var wrappedValue: ObjectType { box.storage.object }

    /// Bindings to the object's properties: `$model.count`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject<ObjectType>.Wrapper(object: wrappedValue) }
}

extension StateObject: StateLink {
    package func link(to store: ViewStateStore, key: String) {
        box.key = key
        if store.boxes[key] == nil { store.boxes[key] = Box(box.make) }
    }
}

/// An object a view is given and watches, as SwiftUI's `@ObservedObject`.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { wrappedValue = initialValue }

    /// Bindings to the object's properties: `$model.count`.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Bindings to an observed object's properties, as SwiftUI's `ObservedObject.Wrapper`.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = self.object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
}

/// An object a view finds in its environment, put there by an ancestor's `.environmentObject(_:)`,
/// as SwiftUI's `@EnvironmentObject`.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject> {
    private let reader = Environment(\.self)

    public init() {}

    public var wrappedValue: ObjectType {
        guard let object = reader.wrappedValue.environmentObjects[ObjectIdentifier(ObjectType.self)] as? ObjectType else {
            preconditionFailure("No \(ObjectType.self) in the environment: a view above this one must give it with .environmentObject(_:)")
        }
        return object
    }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject<ObjectType>.Wrapper(object: wrappedValue) }
}

extension EnvironmentObject: EnvironmentLink {
    func link(to environment: EnvironmentValues) { reader.link(to: environment) }
}

struct EnvironmentObjectsKey: EnvironmentKey {
    static var defaultValue: [ObjectIdentifier: AnyObject] { [:] }
}

extension EnvironmentValues {
    /// The objects `.environmentObject(_:)` put in, by type.
    var environmentObjects: [ObjectIdentifier: AnyObject] {
        get { self[EnvironmentObjectsKey.self] }
        set { self[EnvironmentObjectsKey.self] = newValue }
    }
}

extension View {
    /// Gives `object` to the views inside, which read it with `@EnvironmentObject`.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modified(environment: { $0.environmentObjects[ObjectIdentifier(T.self)] = object })
    }
}
