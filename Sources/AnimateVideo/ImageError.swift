/// A file that is not a readable PNG or JPEG image.
public struct ImageError: Error, CustomStringConvertible, Sendable, Equatable {
    public let path: String
    public let reason: String
    public var description: String { "cannot read image \(path): \(reason)" }

    /// An error about the image file at `path`.
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
}
