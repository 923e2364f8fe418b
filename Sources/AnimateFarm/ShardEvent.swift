/// A line of a shard's attempt log: an attempt starting (where, as which process), ending, or failing.
package struct ShardEvent: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable { case started, finished, failed }
    package var kind: Kind
    package var attempt: Int
    package var host: String
    package var process: Int32
    /// Seconds since 1970 (for people reading the log; nothing in a frame depends on it).
    package var at: Double
    package var message: String?

    package init(kind: Kind, attempt: Int, host: String, process: Int32, at: Double, message: String? = nil) {
        self.kind = kind
        self.attempt = attempt
        self.host = host
        self.process = process
        self.at = at
        self.message = message
    }
}
