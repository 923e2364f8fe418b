/// How a farm render ended.
public struct FarmOutcome: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable { case done, failed, cancelled }
    public var state: State
    /// The files written (done), or the line saying why not.
    public var outputs: [String] = []
    public var reason: String?

    public init(state: State, outputs: [String] = [], reason: String? = nil) {
        self.state = state
        self.outputs = outputs
        self.reason = reason
    }
}
