package import AnimateRender
import AnimateVideo
package import Foundation

/// Joins a farm render's shards, render by render, once every shard has a record: the segments
/// joined by stream copy (`SegmentJoin`: each decoded whole first, its packets checked against
/// its tag, with the whole render's sound), the joined file decoded and compared frame by frame
/// with the records, and only then renamed over the output. A segment found damaged, or whose
/// frames are not the ones it recorded, is removed with its record, so that its shard is
/// rendered again.
package struct FarmJoin {
    package let directory: FarmDirectory
    package let plan: FarmPlan

    package init(directory: FarmDirectory, plan: FarmPlan) {
        self.directory = directory
        self.plan = plan
    }

    /// The shards with no usable record yet (none written, or one that does not read).
    package func unfinished() -> [Int] {
        plan.shards.map(\.index).filter { index in
            guard let record = try? FarmDirectory.read(ShardRecord.self, from: directory.record(index)) else { return true }
            return record.frames != plan.shards[index].frames
        }
    }

    /// Removes shard `index`'s segment and record (it is rendered again if it has attempts left).
    private func discard(_ index: Int, because reason: String) -> FarmError {
        let ext = (plan.renders[plan.shards[index].render].output as NSString).pathExtension.lowercased()
        try? FileManager.default.removeItem(at: directory.record(index))
        try? FileManager.default.removeItem(at: directory.segment(index, extension: ext))
        return .segmentDamaged(shard: index, reason)
    }

    /// Joins every render (all shards must be finished and checked): the outputs written.
    package func run(soundFrom catalog: SceneCatalog, isCancelled: () -> Bool = { false }) throws -> [URL] {
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
            let segments = shards.map { directory.segment($0.index, extension: ext.lowercased()) }
            var join = try SegmentJoin(segments: segments, output: joining, soundtracks: render.soundtracks.map { URL(fileURLWithPath: $0) })
            // The joined file is decoded below and every frame compared: reading the segments'
            // packets (their order, count and MD5) is enough before.
            join.decodesSegments = false
            do {
                _ = try join.run(soundFrom: catalog, isCancelled: isCancelled)
            } catch {
                if let (shard, _) = zip(shards, segments).first(where: { "\(error)".contains($0.1.path) }) {
                    throw discard(shard.index, because: "\(error)")
                }
                throw error
            }
            // The joined file's frames, decoded, are the frames the shards recorded.
            let expected = records.flatMap(\.frameHashes)
            let joined = try SegmentInput(path: joining.path).frameHashes(threads: ProcessInfo.processInfo.activeProcessorCount, isCancelled: isCancelled)
            if let first = zip(joined, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset ?? (joined.count == expected.count ? nil : min(joined.count, expected.count)) {
                let frame = render.frames.lowerBound + first
                if let shard = shards.first(where: { $0.frames.contains(frame) }) {
                    throw discard(shard.index, because: "its frame \(frame) decodes to other pixels than it recorded")
                }
                throw FarmError.joinedFileDiffers(output.path, frame: frame)
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
