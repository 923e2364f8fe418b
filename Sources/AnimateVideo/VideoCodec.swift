import CFFmpeg

/// A video codec, each written by one FFmpeg encoder.
public enum VideoCodec: String, Sendable, CaseIterable {
    /// H.264 through libx264: plays everywhere.
    case h264
    /// HEVC (H.265) through libx265, tagged `hvc1` in MP4 and QuickTime so Apple's players take it.
    case hevc
    /// VP9 through libvpx; in WebM it keeps the alpha channel.
    case vp9
    /// AV1 through SVT-AV1.
    case av1
    /// ProRes 4444 through prores_ks: 10-bit 4:4:4 with a 16-bit alpha channel, for video editors.
    case prores

    /// The codec's name in messages.
    public var name: String {
        switch self {
        case .h264: "H.264"
        case .hevc: "HEVC"
        case .vp9: "VP9"
        case .av1: "AV1"
        case .prores: "ProRes"
        }
    }

    /// The FFmpeg encoder that writes it.
    var encoderName: String {
        switch self {
        case .h264: "libx264"
        case .hevc: "libx265"
        case .vp9: "libvpx-vp9"
        case .av1: "libsvtav1"
        case .prores: "prores_ks"
        }
    }

    /// The encoder's constant-quality scale (`--crf`), lower is better; nil for ProRes, whose
    /// quality is its profile.
    public var crfRange: ClosedRange<Int>? {
        switch self {
        case .h264, .hevc: 0...51
        case .vp9: 0...63
        case .av1: 1...63
        case .prores: nil
        }
    }

    /// The encoder's speed presets (`--preset`), fastest first: x264's and x265's names; libvpx's
    /// `cpu-used` (6 to 8 with its realtime deadline) and SVT-AV1's preset numbers, fastest first too.
    public var presets: [String] {
        switch self {
        case .h264, .hevc: ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
        case .vp9: (0...8).reversed().map(String.init)
        case .av1: (0...13).reversed().map(String.init)
        case .prores: []
        }
    }

    /// How the encoder calls a preset, in messages.
    public var presetMeaning: String {
        switch self {
        case .h264: "an x264 preset"
        case .hevc: "an x265 preset"
        case .vp9: "a VP9 speed (libvpx cpu-used, 8 fastest ... 0 slowest; 6 to 8 encode in real time mode)"
        case .av1: "an SVT-AV1 preset (13 fastest ... 0 slowest)"
        case .prores: "a ProRes setting (ProRes has no presets; --quality high selects 4444 XQ)"
        }
    }

    /// The encoder's tunes (`--tune`).
    public var tunes: [String] {
        switch self {
        case .h264: ["film", "animation", "grain", "stillimage", "psnr", "ssim", "fastdecode", "zerolatency"]
        case .hevc: ["psnr", "ssim", "grain", "zerolatency", "fastdecode", "animation"]
        case .vp9, .av1, .prores: []
        }
    }

    /// The pixel formats the codec is written in, the default first.
    public var pixelFormats: [PixelFormat] {
        switch self {
        case .h264, .hevc, .vp9: [.yuv420p, .yuv444p, .yuv420p10le, .yuv444p10le]
        case .av1: [.yuv420p, .yuv420p10le]
        case .prores: [.yuv444p10le]
        }
    }

    /// The constant-quality value a quality level stands for, on this encoder's scale (chosen so
    /// each level gives about the same PSNR on every codec: docs/benchmarks.md, "Codecs").
    public func crf(for quality: EncodingSettings.Quality) -> Int? {
        switch (self, quality) {
        case (.h264, .draft): 23
        case (.h264, .normal): 18
        case (.h264, .high): 16
        case (.hevc, .draft): 22
        case (.hevc, .normal): 20
        case (.hevc, .high): 19
        case (.vp9, .draft): 35
        case (.vp9, .normal): 30
        case (.vp9, .high): 24
        case (.av1, .draft): 32
        case (.av1, .normal): 28
        case (.av1, .high): 24
        case (.prores, _): nil
        }
    }

    /// The speed preset a quality level stands for.
    public func preset(for quality: EncodingSettings.Quality) -> String? {
        switch (self, quality) {
        case (.h264, .draft), (.hevc, .draft): "ultrafast"
        case (.h264, .normal), (.hevc, .normal): "veryfast"
        case (.h264, .high), (.hevc, .high): "slow"
        case (.vp9, .draft): "8"
        case (.vp9, .normal): "4"
        case (.vp9, .high): "2"
        case (.av1, .draft): "12"
        case (.av1, .normal): "10"
        case (.av1, .high): "6"
        case (.prores, _): nil
        }
    }

    /// prores_ks's profile for a quality level: 4444, or 4444 XQ (more bits) for `.high`.
    func proResProfile(for quality: EncodingSettings.Quality) -> String {
        quality == .high ? "4444xq" : "4444"
    }
}

extension VideoCodec {
    /// The codec of a stream FFmpeg reads, if it is one of ours.
    init?(codecID: AVCodecID) {
        switch codecID {
        case AV_CODEC_ID_H264: self = .h264
        case AV_CODEC_ID_HEVC: self = .hevc
        case AV_CODEC_ID_VP9: self = .vp9
        case AV_CODEC_ID_AV1: self = .av1
        case AV_CODEC_ID_PRORES: self = .prores
        default: return nil
        }
    }
}
