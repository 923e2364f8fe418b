import AnimateTimeline
package import Foundation

/// A view scene's clock for the code its views run: tasks (`.task`, `Task { }`), their sleeps,
/// timers and delayed work, all stepped by scene time. A task runs on the scene's executor; a
/// sleep, a timer or `asyncAfter` waits for a time on the scene's clock, and the scene's update
/// at or after that time wakes it (in order of time, then of asking), so a frame shows what the
/// app would show at that moment, and the same every run.
package final class SceneScheduler: @unchecked Sendable {
    /// The scheduler of the task running now (inherited by the tasks it starts).
    @TaskLocal static var current: SceneScheduler?

    /// The scheduler code running now answers to: its task's, else the one of the scene being updated.
    static var active: SceneScheduler? { current ?? ViewStateStore.current?.scheduler }

    let executor = SceneExecutor()
    private let lock = NSLock()
    /// Scene time as the code running sees it: the time it woke at (or the update's).
    private(set) var now: Double = 0
    /// The time of the update being made: what is due by then runs in it.
    private var horizon: Double = 0
    private var sequence = 0

    private struct Wake {
        let time: Double
        let order: Int
        let fire: () -> Void
    }
    private var wakes: [Wake] = []
    /// Repeating schedules by view place (`onReceive` of a timer): their order, to cancel.
    private var repeating: [String: Int] = [:]
    /// The latest action of each place's repeating schedule (a view's newest closure).
    private var actions: [String: (Date) -> Void] = [:]
    /// Places whose repeating work was stopped.
    private var stopped: Set<String> = []
    /// The tasks views started, by view place (`.task(id:)` cancels its last one).
    private var viewTasks: [String: Task<Void, Never>] = [:]
    /// The date scene time counts from.
    let startDate: Date

    /// Wakes at most this many times an update, so a loop of tiny sleeps cannot hold a frame forever.
    static let wakesPerUpdate = 100_000

    /// A scheduler that never moves: a frame's own update and its drawing run the views' code as
    /// the ticks do, but their tasks stop at their first wait and what they ask for later never
    /// runs (the ticks' scheduler does it for real), so making a frame changes nothing.
    let isInert: Bool

    package init(startDate: Date? = nil) { self.startDate = startDate ?? FrameClock.defaultStartDate; isInert = false }

    private init(inert: Void) { startDate = FrameClock.defaultStartDate; isInert = true }

    /// The scheduler of a frame's own update (`isInert`).
    package static let inert = SceneScheduler(inert: ())

    /// Asks for `fire` at scene time `time` (a time already past runs at the end of this update);
    /// returns what cancels it.
    @discardableResult
    func schedule(at time: Double, _ fire: @escaping () -> Void) -> Int {
        guard !isInert else { return 0 }
        return lock.withLock {
            sequence += 1
            let wake = Wake(time: time.isFinite ? time : .infinity, order: sequence, fire: fire)
            let at = wakes.firstIndex { ($0.time, $0.order) > (wake.time, wake.order) } ?? wakes.count
            wakes.insert(wake, at: at)
            return sequence
        }
    }

    /// Cancels what `schedule` returned `order` for (nothing if it has run).
    func cancel(_ order: Int) {
        lock.withLock { wakes.removeAll { $0.order == order } }
    }

    /// The time a sleep of `seconds` from now wakes at: never within the update it was asked in
    /// for a sleep of no time (`Task.sleep(nanoseconds: 0)`, `Task.yield()`), so such a loop
    /// goes on update by update.
    func wakeTime(after seconds: Double) -> Double {
        let seconds = seconds.isNaN ? 0 : seconds
        return seconds > 0 ? now + seconds : max(now, horizon) + 1e-6
    }

    /// Runs what is due by `time` (the update's scene time), in order, each with the tasks it
    /// resumes run to their next wait; then sets the clock to `time`. Called by the scene's
    /// update before and after its views are made.
    package func advance(to time: Double) {
        guard !isInert else { return }
        horizon = max(horizon, time)
        executor.drain()
        var woken = 0
        while woken < Self.wakesPerUpdate, let wake = lock.withLock({ () -> Wake? in
            // Due by the update's time, within what sums of decimal steps (0.1 + 0.1 + ...) are off by.
            guard let first = wakes.first, first.time <= horizon + 1e-9 else { return nil }
            return wakes.removeFirst()
        }) {
            now = max(now, wake.time)
            wake.fire()
            executor.drain()
            woken += 1
        }
        now = max(now, horizon)
    }

    // MARK: Tasks

    /// Starts `operation` as a task of the scene: on its executor, with this scheduler as its
    /// clock, run now up to its first wait.
    func start<Success>(priority: TaskPriority?, _ operation: sending @escaping @isolated(any) () async -> Success) -> Task<Success, Never> {
        let task = SceneScheduler.$current.withValue(self) {
            Task(executorPreference: executor, priority: priority, operation: operation)
        }
        executor.drain()
        return task
    }

    /// `start` for a throwing task.
    func start<Success>(priority: TaskPriority?, _ operation: sending @escaping @isolated(any) () async throws -> Success) -> Task<Success, Error> {
        let task = SceneScheduler.$current.withValue(self) {
            Task(executorPreference: executor, priority: priority, operation: operation)
        }
        executor.drain()
        return task
    }

    /// Starts a view's task at `place`, cancelling the one it started there before (`task(id:)`).
    func startViewTask(at place: String, priority: TaskPriority, _ action: @escaping () async -> Void) {
        let unchecked = UncheckedAsyncAction(action: action)
        let previous = lock.withLock { viewTasks.removeValue(forKey: place) }
        previous?.cancel()
        executor.drain()
        let task = start(priority: priority) { await unchecked.action() }
        lock.withLock { viewTasks[place] = task }
    }

    // MARK: Sleeping

    /// Suspends the calling task until scene time `time` (throwing `CancellationError` if it is
    /// cancelled first, as `Task.sleep` does).
    func sleep(until time: Double) async throws {
        try Task.checkCancellation()
        // A frame's own update: the task waits for ever (the ticks run it for real).
        if isInert { return await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in } }
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let order = schedule(at: time) { sleeper.finish(nil) }
                if !sleeper.wait(continuation, order: order) { cancel(order) }
            }
        } onCancel: {
            if let order = sleeper.finish(CancellationError()) { self.cancel(order) }
        }
    }

    // MARK: Repeating work (timers a view receives)

    /// Fires `action` every `interval` seconds from now at `place`, with the date of each firing,
    /// unless the place has one already (its action is then replaced by this newer one).
    func repeatEvery(_ interval: Double, at place: String, action: @escaping (Date) -> Void) {
        guard !isInert else { return }
        lock.withLock { actions[place] = action }
        // Once a place's timer is stopped it stays stopped (a later update receives it again).
        guard lock.withLock({ repeating[place] == nil && !stopped.contains(place) }), interval.isFinite, interval > 0 else { return }
        // The n-th firing at start + n intervals (not a sum of them, which drifts).
        let start = now
        func arm(_ n: Int) {
            let time = start + Double(n) * interval
            let order = schedule(at: time) { [weak self] in
                guard let self, let action = self.lock.withLock({ self.repeating[place] != nil ? self.actions[place] : nil }) else { return }
                arm(n + 1)
                action(self.startDate.addingTimeInterval(time))
            }
            lock.withLock { repeating[place] = order }
        }
        arm(1)
    }

    /// A place of its own for work that no view's place names (a `sink`).
    func uniquePlace(_ kind: String) -> String {
        lock.withLock { sequence += 1; return "#\(kind)-\(sequence)" }
    }

    /// Stops the repeating work at `places`.
    func stopRepeating(at places: [String]) {
        for place in places {
            if let order = lock.withLock({ stopped.insert(place); return repeating.removeValue(forKey: place) }) { cancel(order) }
        }
    }
}

/// A view's async action handed to a task of the scene.
private struct UncheckedAsyncAction: @unchecked Sendable {
    let action: () async -> Void
}

/// One sleep's continuation, resumed once: by its time coming or by its task's cancellation,
/// whichever is first (the cancellation may come before the continuation is there).
private final class Sleeper: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Error>?
    private var order: Int?
    private var outcome: Error??

    /// Keeps `continuation`; false when the sleep already ended (its task was cancelled).
    func wait(_ continuation: CheckedContinuation<Void, Error>, order: Int) -> Bool {
        lock.lock()
        if let outcome {
            lock.unlock()
            if let error = outcome { continuation.resume(throwing: error) } else { continuation.resume() }
            return false
        }
        self.continuation = continuation
        self.order = order
        lock.unlock()
        return true
    }

    /// Ends the sleep with `error` (nil: its time came); returns its schedule to cancel, if it was waiting.
    @discardableResult
    func finish(_ error: Error?) -> Int? {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return nil }
        outcome = .some(error)
        let continuation = self.continuation, order = self.order
        self.continuation = nil
        lock.unlock()
        if let continuation {
            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }
        return order
    }
}
