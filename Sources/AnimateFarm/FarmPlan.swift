package import Foundation

/// What a farm render does, written once into its work directory (`plan.json`) and read by every
/// task: the renders (a scene each, with the `animate` arguments that describe it), their shards,
/// and how many times a shard may be tried again.
package struct FarmPlan: Codable, Sendable, Equatable {
    /// The `animate` executable the tasks run (a path every node sees).
    package var tool: String
    /// Lesson files the scenes come from (the tool loads them before its command), or none for
    /// built-in scenes.
    package var lessonFiles: [String]
    package var renders: [FarmRender]
    package var shards: [FarmShard]
    /// Attempts after the first that a failed or lost shard gets.
    package var retries: Int
    /// Drawing threads a shard's render uses where the engine does not say (Slurm's
    /// `SLURM_CPUS_PER_TASK` does).
    package var threadsPerShard: Int

    package init(tool: String, lessonFiles: [String] = [], renders: [FarmRender], shards: [FarmShard], retries: Int, threadsPerShard: Int) {
        self.tool = tool
        self.lessonFiles = lessonFiles
        self.renders = renders
        self.shards = shards
        self.retries = retries
        self.threadsPerShard = threadsPerShard
    }

    /// The shards of render `index`, in frame order.
    package func shards(ofRender index: Int) -> [FarmShard] { shards.filter { $0.render == index } }

    /// The arguments of `animate render` for `shard`, writing its segment to `segment`: the
    /// render's own, its frames, marked as a shard (rendered without sound; `concat` adds it).
    package func renderArguments(for shard: FarmShard, segment: URL, threads: Int) -> [String] {
        let render = renders[shard.render]
        return ["render"] + render.arguments
            + ["--frames", "\(shard.frames.lowerBound)..\(shard.frames.upperBound)", "--shard", "0/1",
               "--threads", String(threads), "-o", segment.path, "--quiet"]
    }
}
