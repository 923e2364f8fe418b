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
