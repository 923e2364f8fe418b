/// Speech that could not be synthesized; `description` is one line for the user.
public struct SpeechError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
