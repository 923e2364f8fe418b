public import AnimateRender
import AnimateVideo
public import Foundation

/// Joins a farm render's shards, render by render, once every shard has a record: each segment
/// decoded again and compared with its record, the segments joined by stream copy (`SegmentJoin`,
/// with the whole render's sound), the joined file decoded and compared frame by frame with the
/// records, and only then renamed over the output. A segment that does not match its record is
/// removed with its record, so that the shard is rendered again.
public struct FarmJoin {
    public let directory: FarmDirectory
    public let plan: FarmPlan

    public init(directory: FarmDirectory, plan: FarmPlan) {
        self.directory = directory
        self.plan = plan
    }

    /// The shards with no usable record yet (none written, or one that does not read).
    public func unfinished() -> [Int] {
        plan.shards.map(\.index).filter { index in
            guard let record = try? FarmDirectory.read(ShardRecord.self, from: directory.record(index)) else { return true }
            return record.frames != plan.shards[index].frames
        }
    }

    /// Checks each finished shard's segment against its record (decoding it whole); returns the
    /// shards whose segment is missing or differs, after removing what they left.
    public func damaged(isCancelled: () -> Bool = { false }) throws -> [Int] {
        var bad: [Int] = []
        for shard in plan.shards {
            let recordFile = directory.record(shard.index)
            guard let record = try? FarmDirectory.read(ShardRecord.self, from: recordFile) else { continue }
            let segment = directory.segment(shard.index, extension: segmentExtension(shard))
            let hashes = try? SegmentInput(path: segment.path).frameHashes(isCancelled: isCancelled)
            if isCancelled() { throw FarmError.cancelled }
            if hashes != record.frameHashes {
                bad.append(shard.index)
                try? FileManager.default.removeItem(at: recordFile)
                try? FileManager.default.removeItem(at: segment)
            }
        }
        return bad
    }

    private func segmentExtension(_ shard: FarmShard) -> String {
        (plan.renders[shard.render].output as NSString).pathExtension.lowercased()
    }

    /// Joins every render (all shards must be finished and checked): the outputs written.
    public func run(soundFrom catalog: SceneCatalog, isCancelled: () -> Bool = { false }) throws -> [URL] {
        var written: [URL] = []
        var costs = (try? FarmDirectory.read(FarmCosts.self, from: directory.costs)) ?? FarmCosts()
        for (index, render) in plan.renders.enumerated() {
            let shards = plan.shards(ofRender: index)
            let records = try shards.map { shard -> ShardRecord in
                guard let record = try FarmDirectory.read(ShardRecord.self, from: directory.record(shard.index)) else {
                    throw FarmError.shardsFailed([shard.index], attempts: 0)
                }
                return record
            }
            let output = URL(fileURLWithPath: render.output)
            let ext = output.pathExtension
            let joining = output.deletingLastPathComponent().appendingPathComponent(".\(output.deletingPathExtension().lastPathComponent).farm-\(getpid()).\(ext)")
            defer { try? FileManager.default.removeItem(at: joining) }
            let join = try SegmentJoin(segments: shards.map { directory.segment($0.index, extension: ext.lowercased()) }, output: joining,
                                       soundtracks: render.soundtracks.map { URL(fileURLWithPath: $0) })
            _ = try join.run(soundFrom: catalog, isCancelled: isCancelled)
            // The joined file's frames, decoded, are the frames the shards recorded.
            let expected = records.flatMap(\.frameHashes)
            let joined = try SegmentInput(path: joining.path).frameHashes(isCancelled: isCancelled)
            if let first = zip(joined, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset ?? (joined.count == expected.count ? nil : min(joined.count, expected.count)) {
                throw FarmError.joinedFileDiffers(output.path, frame: render.frames.lowerBound + first)
            }
            if isCancelled() { throw FarmError.cancelled }
            guard rename(joining.path, output.path) == 0 else { throw FarmError.cannotWrite(output.path, String(cString: strerror(errno))) }
            written.append(output)
            costs.seconds[render.costKey] = records.flatMap(\.frameSeconds)
        }
        try? FarmDirectory.write(costs, to: directory.costs)
        return written
    }
}

/// Seconds each frame took in the last farm render of each render (by `FarmRender.costKey`).
public struct FarmCosts: Codable, Sendable, Equatable {
    public var seconds: [String: [Double]] = [:]
    public init() {}
}
