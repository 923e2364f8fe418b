/// The container and codec of a video output.
public enum VideoContainer: String, Sendable, CaseIterable {
    /// H.264 (libx264) in MP4, with `+faststart`.
    case mp4
    /// Animated GIF, looping forever, with a global palette.
    case gif
}

/// Chroma layout of H.264 output.
public enum ChromaFormat: String, Sendable, CaseIterable {
    /// 4:2:0, plays everywhere.
    case yuv420p
    /// 4:4:4, crisp coloured hairlines; plays in fewer browsers and players.
    case yuv444p
}

/// Encoding parameters. Frame rate is an exact fraction.
public struct VideoSettings: Sendable {
    public var width: Int
    public var height: Int
    /// Frames per second as `rateNumerator / rateDenominator`.
    public var rateNumerator: Int
    public var rateDenominator: Int
    /// x264 constant rate factor (0 lossless ... 51 worst).
    public var crf: Int
    /// x264 preset (ultrafast ... placebo).
    public var preset: String
    /// x264 tune, e.g. "animation", or nil.
    public var tune: String?
    public var chroma: ChromaFormat
    /// Encoder threads (0: one per core; x264's own choice, 1.5 per core, measured no faster here
    /// beside our drawing workers while holding more frames).
    public var encoderThreads: Int
    /// x264 threads split each frame into slices instead of encoding several frames at once:
    /// about 80 MB less peak memory at 1080p (with one drawing thread) and the same quality, 12-20% slower here.
    public var sliceThreads = false

    /// Settings with the defaults measured for flat-colour motion graphics: veryfast, CRF 18, 4:2:0.
    public init(width: Int, height: Int, rateNumerator: Int, rateDenominator: Int = 1, crf: Int = 18,
                preset: String = "veryfast", tune: String? = nil, chroma: ChromaFormat = .yuv420p, encoderThreads: Int = 0) {
        self.width = width; self.height = height
        self.rateNumerator = rateNumerator; self.rateDenominator = rateDenominator
        self.crf = crf; self.preset = preset; self.tune = tune; self.chroma = chroma
        self.encoderThreads = encoderThreads
    }
}
