import AnimateTimeline
public import Foundation

// Scene time where an app asks for time to pass: inside a scene's update (a view's `.task`, a
// button's action, `onAppear`) and the tasks started there, these waits, tasks and timers run on
// the scene's clock (`SceneScheduler`); everywhere else they are the system's own.

extension Task where Success == Never, Failure == Never {
    /// Suspends for `duration` nanoseconds: of scene time in a scene's task.
    public static func sleep(nanoseconds duration: UInt64) async throws {
        guard let scheduler = SceneScheduler.current else { return try await SystemConcurrency.sleep(nanoseconds: duration) }
        try await scheduler.sleep(until: scheduler.wakeTime(after: Double(duration) / 1e9))
    }

    /// Suspends for `duration`: of scene time in a scene's task.
    public static func sleep(for duration: Duration) async throws {
        guard let scheduler = SceneScheduler.current else {
            return try await SystemConcurrency.sleep(for: duration, tolerance: nil, clock: ContinuousClock())
        }
        try await scheduler.sleep(until: scheduler.wakeTime(after: duration.seconds))
    }

    /// Suspends for `duration` on `clock`: of scene time in a scene's task (for the system's clocks).
    public static func sleep<C: Clock>(for duration: C.Instant.Duration, tolerance: C.Instant.Duration? = nil, clock: C = ContinuousClock()) async throws {
        guard let scheduler = SceneScheduler.current, let span = duration as? Duration else {
            return try await SystemConcurrency.sleep(for: duration, tolerance: tolerance, clock: clock)
        }
        try await scheduler.sleep(until: scheduler.wakeTime(after: span.seconds))
    }

    /// Suspends until `deadline` on `clock`: in a scene's task, as much scene time as is left to it now.
    public static func sleep<C: Clock>(until deadline: C.Instant, tolerance: C.Instant.Duration? = nil, clock: C = ContinuousClock()) async throws {
        guard let scheduler = SceneScheduler.current, let span = clock.now.duration(to: deadline) as? Duration else {
            return try await SystemConcurrency.sleep(until: deadline, tolerance: tolerance, clock: clock)
        }
        try await scheduler.sleep(until: scheduler.wakeTime(after: span.seconds))
    }

    /// Lets other work run: in a scene's task, until the scene's next update.
    public static func yield() async {
        guard let scheduler = SceneScheduler.current else { return await SystemConcurrency.yield() }
        try? await scheduler.sleep(until: scheduler.wakeTime(after: 0))
    }
}

extension ContinuousClock {
    /// Suspends until `deadline`: in a scene's task, as much scene time as is left to it now.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sceneSleep(self, until: deadline, tolerance: tolerance)
    }

    /// Suspends for `duration`: of scene time in a scene's task.
    public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        try await sceneSleep(self, until: now.advanced(by: duration), tolerance: tolerance)
    }
}

extension SuspendingClock {
    /// Suspends until `deadline`: in a scene's task, as much scene time as is left to it now.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sceneSleep(self, until: deadline, tolerance: tolerance)
    }

    /// Suspends for `duration`: of scene time in a scene's task.
    public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        try await sceneSleep(self, until: now.advanced(by: duration), tolerance: tolerance)
    }
}

/// A system clock's sleep until `deadline`: in a scene's task, the scene time left to it now.
private func sceneSleep<C: Clock>(_ clock: C, until deadline: C.Instant, tolerance: Duration?) async throws where C.Duration == Duration {
    guard let scheduler = SceneScheduler.current else { return try await SystemConcurrency.sleep(on: clock, until: deadline, tolerance: tolerance) }
    try await scheduler.sleep(until: scheduler.wakeTime(after: clock.now.duration(to: deadline).seconds))
}

extension Task where Failure == Never {
    /// Starts a task, as the standard library's `Task { }`: in a scene's update or task, a task of
    /// the scene, run up to its first wait now and then on the scene's clock.
    @discardableResult
    public init(priority: TaskPriority? = nil, operation: sending @escaping @isolated(any) () async -> Success) {
        if let scheduler = SceneScheduler.active {
            self = scheduler.start(priority: priority, operation)
        } else {
            self = SystemConcurrency.task(priority: priority, operation: operation)
        }
    }
}

extension Task where Failure == Error {
    /// Starts a throwing task, as the standard library's `Task { }`: in a scene, a task of the scene.
    @discardableResult
    public init(priority: TaskPriority? = nil, operation: sending @escaping @isolated(any) () async throws -> Success) {
        if let scheduler = SceneScheduler.active {
            self = scheduler.start(priority: priority, operation)
        } else {
            self = SystemConcurrency.task(priority: priority, operation: operation)
        }
    }
}

extension DispatchQueue {
    /// Runs `work` after `deadline`: in a scene, after as much scene time. (The forms with `qos:`
    /// and a work item are the system's own, except in a lesson file, whose compile adds them.)
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard let scheduler = SceneScheduler.active else {
            return SystemConcurrency.asyncAfter(self, deadline: deadline, qos: .unspecified, flags: [], execute: work)
        }
        scheduler.schedule(at: scheduler.now + Self.secondsFromNow(deadline)) { work() }
    }

    /// Runs `work` soon: on the main queue in a scene, at the end of the scene's update (the main
    /// thread of an app is the scene's updates); elsewhere as the system runs it.
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard isMain, let scheduler = SceneScheduler.active else {
            return SystemConcurrency.async(self, group: nil, qos: .unspecified, flags: [], execute: work)
        }
        scheduler.schedule(at: scheduler.now) { work() }
    }

    /// Whether this is the main queue (each `DispatchQueue.main` is a new object here: its label says).
    var isMain: Bool { label == DispatchQueue.main.label }

    /// The seconds from now to `deadline`, to the millisecond (what the caller meant by `.now() + 0.5`).
    static func secondsFromNow(_ deadline: DispatchTime) -> Double {
        let nanoseconds = Double(Int64(bitPattern: deadline.uptimeNanoseconds &- DispatchTime.now().uptimeNanoseconds))
        return max(0, (nanoseconds / 1e6).rounded() / 1e3)
    }
}

/// The scene's forms of the Foundation and Dispatch calls whose full signatures a library cannot
/// take over (a lesson's own module can: its compile adds declarations that call these).
public enum _SceneTime {
    /// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`: in a scene, of scene time, until `invalidate()`.
    public static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) -> Timer {
        guard let scheduler = SceneScheduler.active else {
            return SystemConcurrency.scheduledTimer(withTimeInterval: interval, repeats: repeats, block: block)
        }
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        let step = interval.isFinite && interval > 0 ? interval : 0.0001
        let start = scheduler.now
        func arm(_ n: Int) {
            scheduler.schedule(at: start + Double(n) * step) {
                guard timer.isValid else { return }
                if repeats { arm(n + 1) }
                block(timer)
                if !repeats { timer.invalidate() }
            }
        }
        arm(1)
        return timer
    }

    /// `DispatchQueue.asyncAfter(deadline:qos:flags:execute:)`: in a scene, after as much scene time.
    public static func asyncAfter(_ queue: DispatchQueue, deadline: DispatchTime, qos: DispatchQoS, flags: DispatchWorkItemFlags,
                                  execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard let scheduler = SceneScheduler.active else {
            return SystemConcurrency.asyncAfter(queue, deadline: deadline, qos: qos, flags: flags, execute: work)
        }
        scheduler.schedule(at: scheduler.now + DispatchQueue.secondsFromNow(deadline)) { work() }
    }

    /// `DispatchQueue.asyncAfter(deadline:execute:)` with a work item: in a scene, after as much scene time unless cancelled.
    public static func asyncAfter(_ queue: DispatchQueue, deadline: DispatchTime, execute item: DispatchWorkItem) {
        guard let scheduler = SceneScheduler.active else { return SystemConcurrency.asyncAfter(queue, deadline: deadline, execute: item) }
        scheduler.schedule(at: scheduler.now + DispatchQueue.secondsFromNow(deadline)) { if !item.isCancelled { item.perform() } }
    }

    /// `DispatchQueue.async(group:qos:flags:execute:)`: on the main queue in a scene, at the end of the update.
    public static func async(_ queue: DispatchQueue, group: DispatchGroup?, qos: DispatchQoS, flags: DispatchWorkItemFlags,
                             execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard queue.isMain, let scheduler = SceneScheduler.active else {
            return SystemConcurrency.async(queue, group: group, qos: qos, flags: flags, execute: work)
        }
        group?.enter()
        scheduler.schedule(at: scheduler.now) { work(); group?.leave() }
    }

    /// The declarations a lesson's compile adds to its module, so that these calls take scene time there.
    public static let lessonPrelude = """
        extension Timer {
            @discardableResult
            class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) -> Timer {
                _SceneTime.scheduledTimer(withTimeInterval: interval, repeats: repeats, block: block)
            }
        }

        extension DispatchQueue {
            func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                            execute work: @escaping @Sendable @convention(block) () -> Void) {
                _SceneTime.asyncAfter(self, deadline: deadline, qos: qos, flags: flags, execute: work)
            }

            func asyncAfter(deadline: DispatchTime, execute item: DispatchWorkItem) {
                _SceneTime.asyncAfter(self, deadline: deadline, execute: item)
            }

            func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                       execute work: @escaping @Sendable @convention(block) () -> Void) {
                _SceneTime.async(self, group: group, qos: qos, flags: flags, execute: work)
            }
        }

        """
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
