/// The file format of a video output.
public enum VideoContainer: String, Sendable, CaseIterable {
    /// MP4 (H.264 by default, or HEVC, VP9, AV1), with `+faststart`.
    case mp4
    /// QuickTime movie (ProRes 4444 with alpha by default, or H.264, HEVC).
    case mov
    /// Matroska (H.264 by default, or any codec).
    case mkv
    /// WebM (VP9 with alpha by default, or AV1), silent.
    case webm
    /// Animated GIF, looping forever, with a global palette.
    case gif
    /// Animated PNG: straight RGBA, lossless, looping forever.
    case apng
    /// Animated WebP: straight RGBA, looping forever.
    case webp

    /// The codecs the container holds, its default first; empty for the animated-image formats,
    /// which have their own.
    public var codecs: [VideoCodec] {
        switch self {
        case .mp4: [.h264, .hevc, .vp9, .av1]
        case .mov: [.prores, .h264, .hevc]
        case .mkv: [.h264, .hevc, .vp9, .av1, .prores]
        case .webm: [.vp9, .av1]
        case .gif, .apng, .webp: []
        }
    }

    /// The codec written when none is asked for.
    public var defaultCodec: VideoCodec? { codecs.first }

    /// The container's name in messages.
    public var name: String {
        switch self {
        case .mp4: "MP4"
        case .mov: "QuickTime (.mov)"
        case .mkv: "Matroska (.mkv)"
        case .webm: "WebM"
        case .gif: "GIF"
        case .apng: "APNG"
        case .webp: "WebP"
        }
    }

    /// FFmpeg's muxer.
    var muxerName: String { self == .mkv ? "matroska" : rawValue }

    /// Whether the container carries the render's sound (as AAC).
    public var carriesSound: Bool { self == .mp4 || self == .mov || self == .mkv }

    /// Whether the MP4 family's index (`movflags`) applies.
    var isQuickTimeFamily: Bool { self == .mp4 || self == .mov }
}

extension VideoContainer {
    /// The sample entry tag `codec` gets in this container (0: the muxer's own): `hvc1` for HEVC
    /// in MP4 and QuickTime, which Apple's players require (FFmpeg writes `hev1` otherwise).
    func codecTag(for codec: VideoCodec) -> UInt32 {
        guard codec == .hevc, isQuickTimeFamily else { return 0 }
        return "hvc1".utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
