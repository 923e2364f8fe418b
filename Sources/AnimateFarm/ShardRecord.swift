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

/// A line of a shard's attempt log: an attempt starting (where, as which process), ending, or failing.
public struct ShardEvent: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable { case started, finished, failed }
    public var kind: Kind
    public var attempt: Int
    public var host: String
    public var process: Int32
    /// Seconds since 1970 (for people reading the log; nothing in a frame depends on it).
    public var at: Double
    public var message: String?

    public init(kind: Kind, attempt: Int, host: String, process: Int32, at: Double, message: String? = nil) {
        self.kind = kind
        self.attempt = attempt
        self.host = host
        self.process = process
        self.at = at
        self.message = message
    }
}
