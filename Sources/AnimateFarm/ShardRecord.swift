/// What a shard wrote once its segment was whole and checked: the frames it holds, the MD5 of
/// each decoded frame (the join compares the joined file with these), and how long each frame
/// took to render (the next render's shard sizes).
package struct ShardRecord: Codable, Sendable, Equatable {
    package var shard: Int
    package var frames: ClosedRange<Int>
    /// MD5 of each decoded frame's picture, in order (`framemd5`'s hash of the raw frame).
    package var frameHashes: [String]
    /// Seconds each frame took, in order.
    package var frameSeconds: [Double]
    /// The attempt that wrote it (1 is the first).
    package var attempt: Int
    package var host: String
    package var seconds: Double

    package init(shard: Int, frames: ClosedRange<Int>, frameHashes: [String], frameSeconds: [Double], attempt: Int, host: String, seconds: Double) {
        self.shard = shard
        self.frames = frames
        self.frameHashes = frameHashes
        self.frameSeconds = frameSeconds
        self.attempt = attempt
        self.host = host
        self.seconds = seconds
    }
}
