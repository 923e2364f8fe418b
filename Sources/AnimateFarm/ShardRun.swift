package import AnimateRender
import AnimateVideo
package import Foundation

/// One attempt at one shard, as a task runs it: the segment rendered under a temporary name,
/// decoded whole and hashed frame by frame, then put in place with its record (the record last:
/// a segment without one is not done). Every step is logged in the shard's attempt log.
package struct ShardRun {
    package let directory: FarmDirectory
    package let plan: FarmPlan
    package let shard: FarmShard

    /// Shard `index` of the plan in `directory`.
    package init(directory: FarmDirectory, index: Int) throws {
        self.directory = directory
        plan = try directory.readPlan()
        guard plan.shards.indices.contains(index) else { throw FarmError.noSuchShard(index, count: plan.shards.count) }
        shard = plan.shards[index]
    }

    /// The render's container extension (the segment's too).
    package var segmentExtension: String { (plan.renders[shard.render].output as NSString).pathExtension.lowercased() }

    /// Where this attempt renders before its segment is checked.
    package var temporarySegment: URL {
        directory.segments.appendingPathComponent(".shard-\(shard.index).\(getpid()).\(segmentExtension)")
    }

    /// Drawing threads: the engine's allotment (Slurm's `SLURM_CPUS_PER_TASK`), else the plan's.
    package var threads: Int {
        ProcessInfo.processInfo.environment["SLURM_CPUS_PER_TASK"].flatMap(Int.init).map { max(1, $0) } ?? plan.threadsPerShard
    }

    /// The `animate` arguments that render this shard to `temporarySegment`.
    package var renderArguments: [String] { plan.renderArguments(for: shard, segment: temporarySegment, threads: threads) }

    /// Renders with the request `makeRequest` gives (what `renderArguments` describe), checks and
    /// records the segment. `isCancelled` stops it between frames; on any failure (the request's
    /// too) the temporary segment is removed and the failure logged before it is thrown.
    package func run(_ makeRequest: () throws -> RenderRequest, isCancelled: @escaping () -> Bool = { false }) throws -> ShardRecord {
        try directory.create()
        let log = ShardAttempts(directory.events(shard.index))
        let attempt = log.started + 1
        let host = ProcessInfo.processInfo.hostName
        let pid = getpid()
        try log.append(ShardEvent(kind: .started, attempt: attempt, host: host, process: pid, at: Date().timeIntervalSince1970))
        let start = Date()
        do {
            let renderer = Renderer(request: try makeRequest())
            let times = FrameTimes()
            renderer.progress = times
            renderer.isCancelled = isCancelled
            _ = try renderer.run()
            let hashes = try SegmentInput(path: temporarySegment.path).frameHashes(threads: threads, isCancelled: isCancelled)
            guard hashes.count == shard.frames.count else {
                throw FarmError.segmentDamaged(shard: shard.index, "it holds \(hashes.count) frames, not \(shard.frames.count)")
            }
            let segment = directory.segment(shard.index, extension: segmentExtension)
            guard rename(temporarySegment.path, segment.path) == 0 else {
                throw FarmError.cannotWrite(segment.path, String(cString: strerror(errno)))
            }
            let seconds = Date().timeIntervalSince(start)
            let record = ShardRecord(shard: shard.index, frames: shard.frames, frameHashes: hashes,
                                     frameSeconds: times.seconds(count: shard.frames.count), attempt: attempt, host: host, seconds: seconds)
            try FarmDirectory.write(record, to: directory.record(shard.index))
            try log.append(ShardEvent(kind: .finished, attempt: attempt, host: host, process: pid, at: Date().timeIntervalSince1970))
            return record
        } catch {
            try? FileManager.default.removeItem(at: temporarySegment)
            let line = isCancelled() ? "cancelled" : "\(error)"
            try? log.append(ShardEvent(kind: .failed, attempt: attempt, host: host, process: pid, at: Date().timeIntervalSince1970, message: line))
            throw error
        }
    }
}
