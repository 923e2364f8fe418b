package import AnimateRender
import Foundation

/// A farm render: its plan in its work directory, what ends it (a join, or the reason it
/// failed), and cancelling it.
package struct Farm {
    package let directory: FarmDirectory
    package let plan: FarmPlan

    /// Starts a farm render in `directory`: writes the plan and clears what a previous run left
    /// there (segments, records, attempts, jobs, outcome), keeping its frame times.
    /// A render still running in the directory (its jobs queued, or its process alive) is left
    /// alone: `FarmError.stillRunning`.
    package static func create(_ plan: FarmPlan, in directory: FarmDirectory) throws -> Farm {
        if isRunning(in: directory) { throw FarmError.stillRunning(directory.url.path) }
        try directory.create()
        for folder in [directory.segments, directory.logs] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        for file in [directory.jobs, directory.outcome] { try? FileManager.default.removeItem(at: file) }
        try FarmDirectory.write(plan, to: directory.plan)
        return Farm(plan: plan, directory: directory)
    }

    /// Whether a farm render in `directory` has not ended: no outcome yet, and its Slurm jobs
    /// still queued or the process running its shards (here) alive.
    package static func isRunning(in directory: FarmDirectory) -> Bool {
        guard (try? FarmDirectory.read(FarmOutcome.self, from: directory.outcome)) == nil,
              let jobs = try? FarmDirectory.read(FarmJobs.self, from: directory.jobs) else { return false }
        if !jobs.slurmJobs.isEmpty { return (Slurm.active(jobs) ?? 1) > 0 }
        if let pid = jobs.process, jobs.host == ProcessInfo.processInfo.hostName, pid > 0, pid != getpid() {
            return kill(pid, 0) == 0 || errno == EPERM
        }
        return false
    }

    /// The farm render in `directory`.
    package init(directory: FarmDirectory) throws {
        self.directory = directory
        plan = try directory.readPlan()
    }

    /// A farm render of `plan` in `directory` as it would be created, nothing written (to show
    /// what it would run).
    package init(plan: FarmPlan, directory: FarmDirectory) {
        self.directory = directory
        self.plan = plan
    }

    package var status: FarmStatus { FarmStatus(directory: directory, plan: plan) }

    /// Attempts shard `index` has had.
    package func attempts(_ index: Int) -> Int { ShardAttempts(directory.events(index)).started }

    /// After a round of shards: segments checked against their records; then, if every shard is
    /// done, the renders joined and checked (`FarmJoin`); if some are not, `resubmit` given them
    /// while each has attempts left. Writes the outcome when there is one (nil: resubmitted).
    package func finish(soundFrom catalog: SceneCatalog, resubmit: (([Int]) throws -> Void)? = nil,
                       isCancelled: () -> Bool = { false }) throws -> FarmOutcome? {
        let join = FarmJoin(directory: directory, plan: plan)
        /// Shards to render again, while they have attempts left and there is a way to.
        func again(_ shards: [Int], else failure: Error) throws -> FarmOutcome? {
            let spent = shards.filter { attempts($0) >= 1 + plan.retries }
            guard spent.isEmpty, let resubmit else { throw failure }
            try resubmit(shards)
            return nil
        }
        do {
            let unfinished = join.unfinished()
            if !unfinished.isEmpty {
                let failed = unfinished.filter { attempts($0) >= 1 + plan.retries }
                let named = failed.isEmpty ? unfinished : failed
                return try again(unfinished, else: FarmError.shardsFailed(named, attempts: named.map(attempts).max() ?? 0))
            }
            let outputs: [URL]
            do {
                outputs = try join.run(soundFrom: catalog, isCancelled: isCancelled)
            } catch FarmError.segmentDamaged(let shard, let reason) {
                return try again([shard], else: FarmError.segmentDamaged(shard: shard, reason))
            }
            let outcome = FarmOutcome(state: .done, outputs: outputs.map(\.path))
            try FarmDirectory.write(outcome, to: directory.outcome)
            return outcome
        } catch {
            let cancelled = error is CancellationError || (error as? FarmError) == .cancelled
            let line = "\(error)"
            try? FarmDirectory.write(FarmOutcome(state: cancelled ? .cancelled : .failed, reason: line), to: directory.outcome)
            throw error
        }
    }

    /// Cancels the render: its Slurm jobs, or the process running its shards, and marks it
    /// cancelled. Outputs are untouched (a join renames its file only once checked).
    package func cancel() throws {
        if let jobs = try FarmDirectory.read(FarmJobs.self, from: directory.jobs) {
            if !jobs.slurmJobs.isEmpty { try Slurm.cancel(jobs) }
            // The process running the shards, when another is cancelling (it stops them as it ends).
            if let pid = jobs.process, jobs.host == ProcessInfo.processInfo.hostName, pid > 0, pid != getpid() { kill(pid, SIGTERM) }
        }
        if (try? FarmDirectory.read(FarmOutcome.self, from: directory.outcome)) == nil {
            try FarmDirectory.write(FarmOutcome(state: .cancelled, reason: FarmError.cancelled.description), to: directory.outcome)
        }
        // Segments half written by the cancelled tasks.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.segments.path)) ?? [] where name.hasPrefix(".") {
            try? FileManager.default.removeItem(at: directory.segments.appendingPathComponent(name))
        }
    }
}
