import Foundation

/// Runs `produce` for a range of frames on a pool of worker threads and hands the results to
/// `consume` on the calling thread, strictly in frame order.
///
/// At most `window` frames are in flight (produced but not yet consumed), so memory stays flat
/// whatever the number of frames. Each worker has an index, so it can own its canvas and scratch
/// buffers. The first error (or a cancellation) stops every worker and is rethrown.
final class FramePipeline<Output> {
    private let frames: [Int]
    private let threads: Int
    private let window: Int
    private let condition = NSCondition()
    private var nextToClaim = 0
    private var nextToConsume = 0
    private var results: [Int: Output] = [:]
    private var failure: Error?
    private var runningWorkers = 0
    /// Checked between frames; return true to stop (e.g. after SIGINT).
    var isCancelled: () -> Bool = { false }

    init(frames: [Int], threads: Int, window: Int? = nil) {
        self.frames = frames
        self.threads = max(1, threads)
        self.window = max(window ?? 2 * max(1, threads), 1)
    }

    /// Runs the pipeline. `prepare` is called for each frame in order, one at a time, as a worker
    /// claims it (for sequential work such as advancing scene state); `produce` then runs on the
    /// worker in parallel with the others.
    func run<Prepared>(prepare: @escaping (_ frame: Int) throws -> Prepared,
                       produce: @escaping (_ worker: Int, _ frame: Int, _ prepared: Prepared) throws -> Output,
                       consume: (_ frame: Int, _ output: Output) throws -> Void) throws {
        if frames.isEmpty { return }
        let workers = min(threads, frames.count)
        runningWorkers = workers
        for w in 0..<workers {
            let thread = Thread { [self] in self.work(worker: w, prepare: prepare, produce: produce) }
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer { stopAndWait() }
        while nextToConsume < frames.count {
            condition.lock()
            while results[nextToConsume] == nil && failure == nil && !isCancelled() {
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
            }
            if let failure { condition.unlock(); throw failure }
            if isCancelled() { condition.unlock(); throw CancellationError() }
            let output = results.removeValue(forKey: nextToConsume)!
            condition.unlock()
            do {
                try consume(frames[nextToConsume], output)
            } catch {
                fail(error)
                throw error
            }
            condition.lock()
            nextToConsume += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    private func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }

    private func stopAndWait() {
        condition.lock()
        if failure == nil && nextToConsume < frames.count { failure = CancellationError() }
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        condition.unlock()
    }

    private func work<Prepared>(worker: Int, prepare: (Int) throws -> Prepared, produce: (Int, Int, Prepared) throws -> Output) {
        defer {
            condition.lock()
            runningWorkers -= 1
            condition.broadcast()
            condition.unlock()
        }
        while true {
            condition.lock()
            while nextToClaim < frames.count && nextToClaim >= nextToConsume + window && failure == nil && !isCancelled() {
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
            }
            guard nextToClaim < frames.count, failure == nil, !isCancelled() else { condition.unlock(); return }
            let slot = nextToClaim
            nextToClaim += 1
            let prepared: Prepared
            do {
                prepared = try prepare(frames[slot])
            } catch {
                condition.unlock()
                fail(error)
                return
            }
            condition.unlock()
            do {
                let output = try produce(worker, frames[slot], prepared)
                condition.lock()
                results[slot] = output
                condition.broadcast()
                condition.unlock()
            } catch {
                fail(error)
                return
            }
        }
    }
}
