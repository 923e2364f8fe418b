/// How a farm render ended.
package struct FarmOutcome: Codable, Sendable, Equatable {
    package enum State: String, Codable, Sendable { case done, failed, cancelled }
    package var state: State
    /// The files written (done), or the line saying why not.
    package var outputs: [String] = []
    package var reason: String?

    package init(state: State, outputs: [String] = [], reason: String? = nil) {
        self.state = state
        self.outputs = outputs
        self.reason = reason
    }
}
