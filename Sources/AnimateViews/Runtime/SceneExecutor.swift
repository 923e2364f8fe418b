import Foundation

/// The executor a scene's view tasks run on: their jobs wait here until the scene's update drains
/// them, one after another on the updating thread, so what a task does happens at a scene time
/// and in an order that are the same on every run, thread count and frame rendered alone.
final class SceneExecutor: TaskExecutor, @unchecked Sendable {
    private let lock = NSLock()
    private var jobs: [UnownedJob] = []

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        lock.withLock { jobs.append(unowned) }
    }

    /// Runs every job waiting, and those they enqueue, until none is left.
    func drain() {
        while let job = lock.withLock({ jobs.isEmpty ? nil : jobs.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
