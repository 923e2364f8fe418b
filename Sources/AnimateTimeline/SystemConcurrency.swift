package import Foundation

/// The system's own waits, tasks and timers, as the standard library and Foundation give them:
/// what code outside a scene gets where the view layer puts scene time in their place
/// (`SceneScheduler`). Called from this module, below the layer that shadows their names.
package enum SystemConcurrency {
    package static func sleep(nanoseconds: UInt64) async throws { try await Task.sleep(nanoseconds: nanoseconds) }

    package static func sleep<C: Clock>(until deadline: C.Instant, tolerance: C.Instant.Duration?, clock: C) async throws {
        try await Task.sleep(until: deadline, tolerance: tolerance, clock: clock)
    }

    package static func sleep<C: Clock>(for duration: C.Instant.Duration, tolerance: C.Instant.Duration?, clock: C) async throws {
        try await Task.sleep(for: duration, tolerance: tolerance, clock: clock)
    }

    package static func sleep<C: Clock>(on clock: C, until deadline: C.Instant, tolerance: C.Instant.Duration?) async throws {
        try await clock.sleep(until: deadline, tolerance: tolerance)
    }

    package static func yield() async { await Task.yield() }

    package static func task<Success>(priority: TaskPriority?, operation: sending @escaping @isolated(any) () async -> Success) -> Task<Success, Never> {
        Task(priority: priority, operation: operation)
    }

    package static func task<Success>(priority: TaskPriority?, operation: sending @escaping @isolated(any) () async throws -> Success) -> Task<Success, Error> {
        Task(priority: priority, operation: operation)
    }

    package static func asyncAfter(_ queue: DispatchQueue, deadline: DispatchTime, qos: DispatchQoS, flags: DispatchWorkItemFlags,
                                   execute work: @escaping @Sendable @convention(block) () -> Void) {
        queue.asyncAfter(deadline: deadline, qos: qos, flags: flags, execute: work)
    }

    package static func asyncAfter(_ queue: DispatchQueue, deadline: DispatchTime, execute item: DispatchWorkItem) {
        queue.asyncAfter(deadline: deadline, execute: item)
    }

    package static func async(_ queue: DispatchQueue, group: DispatchGroup?, qos: DispatchQoS, flags: DispatchWorkItemFlags,
                              execute work: @escaping @Sendable @convention(block) () -> Void) {
        queue.async(group: group, qos: qos, flags: flags, execute: work)
    }

    package static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) -> Timer {
        Timer.scheduledTimer(withTimeInterval: interval, repeats: repeats, block: block)
    }
}
