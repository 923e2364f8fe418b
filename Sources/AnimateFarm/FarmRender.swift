import Foundation

/// One output of a farm render: a scene rendered with the same arguments a single `animate
/// render` would take, the scene first (without `-o`, `--frames`, `--section`, `--shard` and
/// `--threads`, which the farm sets).
package struct FarmRender: Codable, Sendable, Equatable {
    package var scene: String
    package var arguments: [String]
    /// The joined file.
    package var output: String
    /// The frames the render holds (a plain render's, or its `--frames`/`--section`'s).
    package var frames: ClosedRange<Int>
    /// Frames a second, as `numerator/denominator`.
    package var rate: String
    /// Shards start on multiples of this many frames from the first: the encoder's keyframe
    /// interval (the shards' renders are given it), so the joined file has a plain render's keyframes.
    package var keyframeInterval: Int
    /// The sound files the render plays under the scene (`--audio`), which the join mixes in.
    package var soundtracks: [String]

    package init(scene: String, arguments: [String], output: String, frames: ClosedRange<Int>, rate: String,
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
    package var costKey: String {
        ([scene, "\(frames.lowerBound)..\(frames.upperBound)", rate] + arguments).joined(separator: "\u{1F}")
    }
}
