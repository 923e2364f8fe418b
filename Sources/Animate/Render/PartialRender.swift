import Foundation

/// Thrown when an interrupted render kept what it had rendered (`Renderer.keepPartial`).
public struct PartialRender: Error, CustomStringConvertible {
    /// Frames in the finished file.
    public let frames: Int
    public let url: URL

    public init(frames: Int, url: URL) { self.frames = frames; self.url = url }

    public var description: String { "kept the first \(frames) frames in \(url.path)" }
}
