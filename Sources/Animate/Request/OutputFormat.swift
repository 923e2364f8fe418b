import Foundation

/// What a render writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// H.264 in MP4.
    case mp4
    /// Animated GIF.
    case gif
    /// ProRes 4444 in a QuickTime movie, with straight alpha: for video editors.
    case mov
    /// VP9 with alpha in WebM: transparent video for browsers.
    case webm
    /// Animated PNG: lossless frames with alpha, looping forever.
    case apng
    /// PNG: a numbered sequence when the path has a `%d`-style pattern, else one still.
    case png
    /// YUV4MPEG2 raw 4:2:0 frames, for piping into any encoder.
    case y4m
    /// Bare straight RGBA frames, `width * height * 4` bytes each.
    case rgba

    /// Whether this format can stream to standard output (`-o -`).
    public var canStream: Bool { self == .y4m || self == .rgba }

    /// The format a path's extension names, if any.
    public init?(pathExtension ext: String) {
        self.init(rawValue: ext.lowercased())
    }
}
