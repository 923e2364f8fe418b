/// A sound file played under a render (`--audio`): `offset` seconds into the timeline (a
/// negative offset skips the file's first seconds). It is cut where the video ends, and silence
/// follows it if it ends first.
public struct Soundtrack: Sendable, Hashable {
    /// A local file FFmpeg decodes (WAV, FLAC, MP3, M4A/AAC, Ogg/Opus ...).
    public var path: String
    public var offset: Double
    /// Linear gain in the mix.
    public var gain: Double

    public init(path: String, offset: Double = 0, gain: Double = 1) {
        self.path = path; self.offset = offset; self.gain = gain
    }
}
