public import AnimateScene
public import Foundation

/// Thrown when an interrupted render kept what it had rendered (`Renderer.keepPartial`).
public struct PartialRender: Error, CustomStringConvertible {
    /// Frames kept.
    public let frames: Int
    /// The file holding them (for a sequence, its first file).
    public let url: URL
    /// Every file kept (one for a video; one a frame for a sequence).
    public let urls: [URL]

    /// Frames kept in one file.
    public init(frames: Int, url: URL) { self.frames = frames; self.url = url; urls = [url] }

    /// Frames kept as one file each.
    public init(files: [URL]) { frames = files.count; url = files.first ?? URL(fileURLWithPath: "/"); urls = files }

    public var description: String {
        guard urls.count > 1, let last = urls.last else { return "kept the first \(frames) frames in \(url.path)" }
        return "kept the first \(frames) frames as \(url.path) … \(last.lastPathComponent)"
    }
}

extension PartialRender: AnimateError {}
