public import Foundation

/// Combine's publisher, as far as apps' views use one here: something `onReceive`, `sink` or
/// `assign` takes. The timer (`Timer.publish`) publishes on the scene's clock; other publishers
/// are accepted and publish nothing.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

/// A publisher that waits for `connect()` (Combine's), such as `Timer.publish`'s.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    func connect() -> any Cancellable
}

/// Something that can be stopped (Combine's).
public protocol Cancellable {
    func cancel()
}

/// A cancellable that cancels when it is released (Combine's), kept in a set with `store(in:)`.
public final class AnyCancellable: Cancellable, Hashable {
    private var stop: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) { stop = cancel }
    public init<C: Cancellable>(_ canceller: C) { stop = canceller.cancel }

    public func cancel() {
        let stop = self.stop
        self.stop = nil
        stop?()
    }

    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable { collection.append(self) }

    deinit { cancel() }

    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Publishers made from others (Combine's namespace).
public enum Publishers {
    /// A connectable publisher that connects when first received (`autoconnect()`).
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public init(upstream: Upstream) { self.upstream = upstream }
    }
}

extension ConnectablePublisher {
    /// The publisher, connected as soon as something receives it.
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

/// A publisher that publishes on a scene's clock: it is told where it is received and what to do.
protocol ScenePublisher {
    /// Starts publishing at `place` (once; a later call there only gives the newer `action`).
    func receive(in scheduler: SceneScheduler, at place: String, action: @escaping (Any) -> Void)
}

extension Publishers.Autoconnect: ScenePublisher {
    func receive(in scheduler: SceneScheduler, at place: String, action: @escaping (Any) -> Void) {
        (upstream as? any ScenePublisher)?.receive(in: scheduler, at: place, action: action)
    }
}

extension Timer {
    /// What `Timer.publish` makes: the date every `interval` seconds, once connected (in a scene,
    /// of scene time, from when a view receives it).
    public final class TimerPublisher: ConnectablePublisher, ScenePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never
        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        private let lock = NSLock()
        private var receivers: [(scheduler: SceneScheduler, place: String)] = []

        public init(interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
        }

        /// Connects; cancelling what it returns stops the timer where it is received.
        public func connect() -> any Cancellable {
            AnyCancellable { [self] in
                let receivers = lock.withLock { self.receivers }
                for (scheduler, place) in receivers { scheduler.stopRepeating(at: [place]) }
            }
        }

        func receive(in scheduler: SceneScheduler, at place: String, action: @escaping (Any) -> Void) {
            lock.withLock { if !receivers.contains(where: { $0.scheduler === scheduler && $0.place == place }) { receivers.append((scheduler, place)) } }
            scheduler.repeatEvery(interval, at: place) { action($0) }
        }
    }

    /// A publisher of the date every `interval` seconds, as Combine's `Timer.publish`: in a scene,
    /// of scene time, from when a view first receives it (`onReceive`) or it is sunk.
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
                               options: Never? = nil) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode)
    }
}

extension Publisher where Failure == Never {
    /// Calls `receiveValue` with each value published (Combine's `sink`): a timer's, in a scene,
    /// on the scene's clock from now until the returned cancellable is cancelled or released.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        guard let scheduler = SceneScheduler.active, let publisher = self as? any ScenePublisher else { return AnyCancellable {} }
        let place = scheduler.uniquePlace("sink")
        publisher.receive(in: scheduler, at: place) { if let value = $0 as? Output { receiveValue(value) } }
        return AnyCancellable { scheduler.stopRepeating(at: [place]) }
    }

    /// Sets `object`'s property at `keyPath` to each value published (Combine's `assign`).
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        sink { object[keyPath: keyPath] = $0 }
    }
}
