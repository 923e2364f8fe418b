import Foundation

/// Where each shard of a farm render stands, from the work directory alone: done (its record
/// written), running (an attempt started and neither ended nor lost), failed (its last attempt
/// failed or was lost), or waiting (not started).
package struct FarmStatus: Sendable, Equatable, CustomStringConvertible {
    package enum Shard: Sendable, Equatable {
        case waiting
        case running(attempt: Int, host: String)
        case done(attempt: Int, seconds: Double)
        case failed(attempts: Int, reason: String)
    }
    package var shards: [Shard]
    package var outcome: FarmOutcome?

    /// Reads the directory. An attempt started on this host whose process is gone was lost
    /// (killed, or its node went down); one on another host counts as running until it ends.
    package init(directory: FarmDirectory, plan: FarmPlan) {
        let here = ProcessInfo.processInfo.hostName
        shards = plan.shards.map { shard in
            if let record = try? FarmDirectory.read(ShardRecord.self, from: directory.record(shard.index)), record.frames == shard.frames {
                return .done(attempt: record.attempt, seconds: record.seconds)
            }
            let events = ShardAttempts(directory.events(shard.index)).events()
            guard let last = events.last else { return .waiting }
            let attempts = events.filter { $0.kind == .started }.count
            switch last.kind {
            case .started:
                if last.host == here && kill(last.process, 0) != 0 && errno == ESRCH {
                    return .failed(attempts: attempts, reason: "lost (its process \(last.process) is gone)")
                }
                return .running(attempt: attempts, host: last.host)
            case .failed: return .failed(attempts: attempts, reason: last.message ?? "failed")
            // Finished but no record: the record was removed as damaged.
            case .finished: return .failed(attempts: attempts, reason: "its segment did not match its record")
            }
        }
        outcome = try? FarmDirectory.read(FarmOutcome.self, from: directory.outcome)
    }

    package var done: Int { shards.filter { if case .done = $0 { true } else { false } }.count }
    package var running: Int { shards.filter { if case .running = $0 { true } else { false } }.count }
    package var failed: Int { shards.filter { if case .failed = $0 { true } else { false } }.count }
    package var waiting: Int { shards.filter { $0 == .waiting }.count }

    /// One line: the counts, and the outcome once there is one.
    package var description: String {
        var line = "\(done)/\(shards.count) shards done, \(running) running, \(failed) failed, \(waiting) waiting"
        if let outcome {
            line += "; \(outcome.state.rawValue)"
            if let reason = outcome.reason { line += ": \(reason)" } else if !outcome.outputs.isEmpty { line += ": " + outcome.outputs.joined(separator: ", ") }
        }
        return line
    }

    /// A line a shard: its index, frames and state.
    package func lines(plan: FarmPlan) -> [String] {
        zip(plan.shards, shards).map { shard, state in
            let what = switch state {
            case .waiting: "waiting"
            case .running(let attempt, let host): "running on \(host) (attempt \(attempt))"
            case .done(let attempt, let seconds): String(format: "done in %.1f s (attempt %d)", seconds, attempt)
            case .failed(let attempts, let reason): "failed after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(reason)"
            }
            return "shard \(shard.index): \(plan.renders[shard.render].scene) frames \(shard.frames.lowerBound)...\(shard.frames.upperBound), \(what)"
        }
    }
}
