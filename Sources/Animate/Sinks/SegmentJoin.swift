import Foundation

/// Joins rendered segments (the shards of one render) into one video (MP4, QuickTime, Matroska or
/// WebM, the joined file's extension says which) by stream copy: no re-encode,
/// continuous timestamps, the exact frame count. Shards carry no sound; the joined file gets
/// the whole render's sound once (see `sound(in:)`). Written atomically, like every output.
public struct SegmentJoin: Sendable {
    public let segments: [URL]
    public let output: URL

    /// The joined file's container.
    public let container: VideoContainer

    /// Checks the description: at least one segment, and an `.mp4`, `.mov`, `.mkv` or `.webm` output.
    public init(segments: [URL], output: URL) throws(RenderError) {
        guard !segments.isEmpty else { throw .noSegments }
        guard let container = OutputFormat(pathExtension: output.pathExtension)?.videoContainer, !container.codecs.isEmpty else {
            throw .joinedFileNotVideo(output.path)
        }
        self.segments = segments
        self.output = output
        self.container = container
    }

    /// What each segment was rendered from, read from its tag (nil for a file animate did not write).
    package func tags() throws -> [SegmentTag?] {
        try segments.map { url in try VideoConcatenator.comment(of: url.path).flatMap(SegmentTag.init(parsing:)) }
    }

    /// The render the segments are consecutive parts of, in order (shards of one render); nil
    /// when they are not, or carry no tags.
    package func render() throws -> SegmentTag? { Self.joined(try tags()) }

    /// The render `tags` are consecutive parts of, in order; nil when they are not.
    private static func joined(_ tags: [SegmentTag?]) -> SegmentTag? {
        guard var joined = tags.first ?? nil else { return nil }
        for tag in tags.dropFirst() {
            guard let tag, tag.scene == joined.scene, tag.rate == joined.rate, tag.duration == joined.duration,
                  tag.seed == joined.seed, tag.soundtrack == joined.soundtrack,
                  tag.frames.lowerBound == joined.frames.upperBound + 1 else { return nil }
            joined.frames = joined.frames.lowerBound...tag.frames.upperBound
        }
        return joined
    }

    /// The joined file's sound, each segment sounding as it was rendered: the scene's narration
    /// and cues and the `--audio` file of its render, from its tag. Shards of one render get that
    /// render's mix, exactly as a single render mixes it. Nil when no segment has sound, or the
    /// joined file's container is silent (WebM). `catalog` holds the scenes the tags name.
    public func sound(in catalog: SceneCatalog) throws -> AudioMix? {
        guard container.carriesSound else { return nil }
        func request(_ tag: SegmentTag) throws -> RenderRequest {
            let scene: Scene
            do { scene = try catalog.scene(named: tag.scene) } catch {
                throw VideoError.segmentsOfUnknownScene(tag.scene)
            }
            return try RenderRequest(scene: scene, rate: tag.rate, duration: tag.duration,
                                     frames: .range(tag.frames.lowerBound, tag.frames.upperBound), seed: tag.seed,
                                     soundtrack: tag.soundtrack)
        }
        let tags = try tags()
        if let render = Self.joined(tags) { return try request(render).audioMix() }
        let requests = try tags.map { tag in try tag.map(request) }
        guard requests.contains(where: { $0?.hasSound == true }) else { return nil }
        guard let rate = requests.first??.rate, requests.allSatisfy({ $0?.rate == rate }) else {
            let untagged = tags.firstIndex { $0 == nil }.map { segments[$0].path } ?? segments[0].path
            throw VideoError.segmentSoundUnplaceable(path: untagged)
        }
        // Each segment's mix, cut to its span of the joined timeline, one after another.
        let total = requests.reduce(0) { $0 + $1!.frames.count }
        var mix = AudioMix(window: 0..<rate.audioSample(ofFrame: total))
        var frames = 0
        for request in requests.map({ $0! }) {
            defer { frames += request.frames.count }
            guard let part = try request.audioMix() else { continue }
            let span = rate.audioSample(ofFrame: frames + request.frames.count) - rate.audioSample(ofFrame: frames)
            let pcm = part.pcm().prefix(2 * span).map { Float($0) / 32768 }
            mix.place(AudioBuffer(interleaved: pcm), at: rate.audioSample(ofFrame: frames))
        }
        return mix
    }

    /// Joins the segments, with `audio` as the joined file's sound; returns the frames in the
    /// joined file. Segments that differ in size, rate or encoder setup, or are truncated,
    /// damaged or not regular files, are refused, and the previous output is kept; so it is
    /// when `isCancelled` turns true (`CancellationError`).
    @discardableResult
    public func run(audio: AudioMix? = nil, isCancelled: () -> Bool = { false }) throws -> Int {
        let file = try OutputFile(destination: output)
        defer { file.discard() }
        // Shards of one render join into that render, tagged as such (so it can be joined again).
        let frames = try VideoConcatenator.concatenate(segments.map(\.path), to: file.temporary.path, container: container, audio: audio,
                                                       comment: try render()?.text, isCancelled: isCancelled)
        try file.commit()
        return frames
    }
}
