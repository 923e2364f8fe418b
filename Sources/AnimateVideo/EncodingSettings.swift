/// How video is encoded: the encoder's choices only (the frame size and rate belong to the
/// render). Anything left nil follows the container and the quality level.
public struct EncodingSettings: Hashable, Sendable {
    /// The trade-off between speed and size/quality, mapped to each encoder's own scale.
    public var quality: Quality
    /// The codec; nil: the container's own (`VideoContainer.defaultCodec`).
    public var codec: VideoCodec?
    /// The pixel format; nil: the codec's default (8-bit 4:2:0; ProRes 10-bit 4:4:4 with alpha).
    public var pixelFormat: PixelFormat?
    /// Whether what the scene leaves undrawn stays transparent. nil: where the format keeps alpha
    /// (ProRes, VP9 in WebM, APNG, WebP, PNG); true: required (VP9 keeps it in Matroska too;
    /// `RenderRequest` refuses formats without alpha); false: ProRes and VP9 are flattened over black.
    public var alpha: Bool?
    /// The encoder's constant rate factor (`VideoCodec.crfRange`); nil: the quality's.
    public var crf: Int?
    /// The encoder's speed preset (`VideoCodec.presets`); nil: the quality's.
    public var preset: String?
    /// The encoder's tune (`VideoCodec.tunes`), e.g. "animation", or nil.
    public var tune: String?
    /// Encoder threads (0: one per core; x264's own choice, 1.5 per core, was no faster beside
    /// our drawing workers while holding more frames).
    public var encoderThreads: Int
    /// x264 threads split each frame into slices instead of encoding several frames at once:
    /// less peak memory and the same quality, slower.
    public var sliceThreads: Bool
    /// At most this many frames from one keyframe to the next (the encoder may add more at scene
    /// cuts); nil: the encoder's own (x264 and x265: 250). Shards of a farm render start on
    /// multiples of it, so their joined file has a plain render's keyframes.
    public var keyframeInterval: Int?

    /// A named trade-off between encoding speed and size/quality.
    public enum Quality: String, Sendable, CaseIterable {
        /// Fastest: H.264 ultrafast CRF 23.
        case draft
        /// Visually lossless for graphics: H.264 veryfast CRF 18.
        case normal
        /// Smaller and slower: H.264 slow CRF 16; ProRes 4444 XQ.
        case high
    }

    /// Settings from a quality (default: `.normal`, chosen for flat-colour motion graphics), with any
    /// of its choices overridden.
    public init(quality: Quality = .normal, codec: VideoCodec? = nil, pixelFormat: PixelFormat? = nil, alpha: Bool? = nil,
                crf: Int? = nil, preset: String? = nil, tune: String? = nil, encoderThreads: Int = 0, sliceThreads: Bool = false) {
        self.quality = quality
        self.codec = codec
        self.pixelFormat = pixelFormat
        self.alpha = alpha
        self.crf = crf
        self.preset = preset
        self.tune = tune
        self.encoderThreads = encoderThreads
        self.sliceThreads = sliceThreads
        keyframeInterval = nil
    }

    /// The constant rate factor `codec` is given.
    public func crf(for codec: VideoCodec) -> Int? { codec.crfRange == nil ? nil : crf ?? codec.crf(for: quality) }

    /// The speed preset `codec` is given.
    public func preset(for codec: VideoCodec) -> String? { codec.presets.isEmpty ? nil : preset ?? codec.preset(for: quality) }

    /// The encoder thread counts accepted (0: one per core).
    public static let encoderThreadRange = 0...64

    /// The keyframe intervals accepted, in frames.
    public static let keyframeIntervalRange = 1...100_000
}
