/// A sound file that cannot be used; `description` is one line naming the file and the reason.
public struct AudioError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
