public import AnimateVideo
import Foundation

/// What a render writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// MP4: H.264, or HEVC, VP9, AV1 (`EncodingSettings.codec`).
    case mp4
    /// Animated GIF.
    case gif
    /// QuickTime movie: ProRes 4444 with straight alpha (for video editors), or H.264, HEVC.
    case mov
    /// Matroska: H.264, or any codec.
    case mkv
    /// WebM: VP9 with alpha (transparent video for browsers), or AV1.
    case webm
    /// Animated PNG: lossless frames with alpha, looping forever.
    case apng
    /// Animated WebP: frames with alpha, looping forever.
    case webp
    /// PNG: a numbered sequence when the path has a `%d`-style pattern, else one still.
    case png
    /// YUV4MPEG2 raw 4:2:0 frames, for piping into any encoder.
    case y4m
    /// Bare straight RGBA frames, `width * height * 4` bytes each.
    case rgba

    /// Whether this format can stream to standard output (`-o -`).
    public var canStream: Bool { self == .y4m || self == .rgba }

    /// The video container this format writes (nil for stills and raw frames).
    public var videoContainer: VideoContainer? { VideoContainer(rawValue: rawValue) }

    /// The format a path's extension names, if any.
    public init?(pathExtension ext: String) {
        self.init(rawValue: ext.lowercased())
    }
}
