/// What a shard wrote once its segment was whole and checked: the frames it holds, the MD5 of
/// each decoded frame (the join compares the joined file with these), and how long each frame
/// took to render (the next render's shard sizes).
public struct ShardRecord: Codable, Sendable, Equatable {
    public var shard: Int
    public var frames: ClosedRange<Int>
    /// MD5 of each decoded frame's picture, in order (`framemd5`'s hash of the raw frame).
    public var frameHashes: [String]
    /// Seconds each frame took, in order.
    public var frameSeconds: [Double]
    /// The attempt that wrote it (1 is the first).
    public var attempt: Int
    public var host: String
    public var seconds: Double

    public init(shard: Int, frames: ClosedRange<Int>, frameHashes: [String], frameSeconds: [Double], attempt: Int, host: String, seconds: Double) {
        self.shard = shard
        self.frames = frames
        self.frameHashes = frameHashes
        self.frameSeconds = frameSeconds
        self.attempt = attempt
        self.host = host
        self.seconds = seconds
    }
}
