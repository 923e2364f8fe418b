public import Foundation

/// What a farm render does, written once into its work directory (`plan.json`) and read by every
/// task: the renders (a scene each, with the `animate` arguments that describe it), their shards,
/// and how many times a shard may be tried again.
public struct FarmPlan: Codable, Sendable, Equatable {
    /// The `animate` executable the tasks run (a path every node sees).
    public var tool: String
    /// Lesson files the scenes come from (the tool loads them before its command), or none for
    /// built-in scenes.
    public var lessonFiles: [String]
    public var renders: [FarmRender]
    public var shards: [FarmShard]
    /// Attempts after the first that a failed or lost shard gets.
    public var retries: Int
    /// Drawing threads a shard's render uses where the engine does not say (Slurm's
    /// `SLURM_CPUS_PER_TASK` does).
    public var threadsPerShard: Int

    public init(tool: String, lessonFiles: [String] = [], renders: [FarmRender], shards: [FarmShard], retries: Int, threadsPerShard: Int) {
        self.tool = tool
        self.lessonFiles = lessonFiles
        self.renders = renders
        self.shards = shards
        self.retries = retries
        self.threadsPerShard = threadsPerShard
    }

    /// The shards of render `index`, in frame order.
    public func shards(ofRender index: Int) -> [FarmShard] { shards.filter { $0.render == index } }

    /// The arguments of `animate render` for `shard`, writing its segment to `segment`: the
    /// render's own, its frames, marked as a shard (rendered without sound; `concat` adds it).
    public func renderArguments(for shard: FarmShard, segment: URL, threads: Int) -> [String] {
        let render = renders[shard.render]
        return ["render"] + render.arguments
            + ["--frames", "\(shard.frames.lowerBound)..\(shard.frames.upperBound)", "--shard", "0/1",
               "--threads", String(threads), "-o", segment.path, "--quiet"]
    }
}

/// One output of a farm render: a scene rendered with the same arguments a single `animate
/// render` would take, the scene first (without `-o`, `--frames`, `--section`, `--shard` and
/// `--threads`, which the farm sets).
public struct FarmRender: Codable, Sendable, Equatable {
    public var scene: String
    public var arguments: [String]
    /// The joined file.
    public var output: String
    /// The frames the render holds (a plain render's, or its `--frames`/`--section`'s).
    public var frames: ClosedRange<Int>
    /// Frames a second, as `numerator/denominator`.
    public var rate: String
    /// Shards start on multiples of this many frames from the first: the encoder's keyframe
    /// interval (the shards' renders are given it), so the joined file has a plain render's keyframes.
    public var keyframeInterval: Int
    /// The sound files the render plays under the scene (`--audio`), which the join mixes in.
    public var soundtracks: [String]

    public init(scene: String, arguments: [String], output: String, frames: ClosedRange<Int>, rate: String,
                keyframeInterval: Int, soundtracks: [String] = []) {
        self.scene = scene
        self.arguments = arguments
        self.output = output
        self.frames = frames
        self.rate = rate
        self.keyframeInterval = keyframeInterval
        self.soundtracks = soundtracks
    }

    /// What decides a frame's cost: the same key on the next render finds this one's frame times.
    public var costKey: String {
        ([scene, "\(frames.lowerBound)..\(frames.upperBound)", rate] + arguments).joined(separator: "\u{1F}")
    }
}

/// A contiguous run of one render's frames, rendered by one task as a self-contained segment.
public struct FarmShard: Codable, Sendable, Equatable {
    /// Its place among all the plan's shards (a job array's task index).
    public var index: Int
    /// The render it belongs to (`FarmPlan.renders`).
    public var render: Int
    public var frames: ClosedRange<Int>

    public init(index: Int, render: Int, frames: ClosedRange<Int>) {
        self.index = index
        self.render = render
        self.frames = frames
    }
}
