/// The container and codec of a video output.
public enum VideoContainer: String, Sendable, CaseIterable {
    /// H.264 (libx264) in MP4, with `+faststart`.
    case mp4
    /// Animated GIF, looping forever, with a global palette.
    case gif
    /// ProRes 4444 (prores_ks, 10-bit 4:4:4 with 16-bit alpha) in a QuickTime movie.
    case mov
    /// VP9 (libvpx-vp9, 4:2:0 with an alpha plane) in WebM.
    case webm
    /// Animated PNG: straight RGBA, lossless, looping forever.
    case apng

    /// The FFmpeg encoder that writes it.
    var encoderName: String {
        switch self {
        case .mp4: "libx264"
        case .mov: "prores_ks"
        case .webm: "libvpx-vp9"
        case .apng: "apng"
        case .gif: "gif"
        }
    }

    /// The codec's name in messages.
    var codecName: String {
        switch self {
        case .mp4: "H.264"
        case .mov: "ProRes"
        case .webm: "VP9"
        case .apng: "APNG"
        case .gif: "GIF"
        }
    }

    /// Whether frames are Y'CbCr, tagged BT.709 limited range (not palette or RGBA).
    var isYCbCr: Bool { self == .mp4 || self == .mov || self == .webm }

    /// Whether the container carries the render's sound (as AAC).
    var carriesSound: Bool { self == .mp4 || self == .mov }
}

/// Chroma layout of H.264 output.
public enum ChromaFormat: String, Sendable, CaseIterable {
    /// 4:2:0, plays everywhere.
    case yuv420p
    /// 4:4:4, crisp coloured hairlines; plays in fewer browsers and players.
    case yuv444p
}

/// How H.264 is encoded: the encoder's choices only (the frame size and rate belong to the render).
public struct EncodingSettings: Hashable, Sendable {
    /// x264 constant rate factor (0 lossless ... 51 worst).
    public var crf: Int
    /// x264 preset (ultrafast ... placebo).
    public var preset: String
    /// x264 tune, e.g. "animation", or nil.
    public var tune: String?
    public var chroma: ChromaFormat
    /// Encoder threads (0: one per core; x264's own choice, 1.5 per core, was no faster beside
    /// our drawing workers while holding more frames).
    public var encoderThreads: Int
    /// x264 threads split each frame into slices instead of encoding several frames at once:
    /// less peak memory and the same quality, slower.
    public var sliceThreads: Bool

    /// A named trade-off between encoding speed and size/quality.
    public enum Quality: String, Sendable, CaseIterable {
        /// ultrafast, CRF 23.
        case draft
        /// veryfast, CRF 18: visually lossless for graphics.
        case normal
        /// slow, CRF 16.
        case high

        public var preset: String {
            switch self { case .draft: "ultrafast"; case .normal: "veryfast"; case .high: "slow" }
        }
        public var crf: Int {
            switch self { case .draft: 23; case .normal: 18; case .high: 16 }
        }
    }

    /// Settings from a quality (default: `.normal`, chosen for flat-colour motion graphics), with any
    /// of its choices overridden.
    public init(quality: Quality = .normal, crf: Int? = nil, preset: String? = nil, tune: String? = nil,
                chroma: ChromaFormat = .yuv420p, encoderThreads: Int = 0, sliceThreads: Bool = false) {
        self.crf = crf ?? quality.crf
        self.preset = preset ?? quality.preset
        self.tune = tune
        self.chroma = chroma
        self.encoderThreads = encoderThreads
        self.sliceThreads = sliceThreads
    }

    /// x264's presets, fastest first.
    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
    /// x264's tunes.
    public static let tunes = ["film", "animation", "grain", "stillimage", "psnr", "ssim", "fastdecode", "zerolatency"]
    /// The CRF range x264 accepts for 8-bit video.
    public static let crfRange = 0...51
    /// The encoder thread counts accepted (0: one per core).
    public static let encoderThreadRange = 0...64
}
