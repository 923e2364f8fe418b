import Foundation

/// Joins rendered segments (the shards of one render) into one MP4 by stream copy: no re-encode,
/// continuous timestamps, the exact frame count. Shards carry no sound; the joined file gets
/// the whole render's sound once (see `sound(in:)`). Written atomically, like every output.
public struct SegmentJoin: Sendable {
    public let segments: [URL]
    public let output: URL

    /// Checks the description: at least one segment, and an `.mp4` output.
    public init(segments: [URL], output: URL) throws(RenderError) {
        guard !segments.isEmpty else { throw .noSegments }
        guard output.pathExtension.lowercased() == "mp4" else { throw .joinedFileNotMP4(output.path) }
        self.segments = segments
        self.output = output
    }

    /// The render the segments are consecutive parts of, read from their tags (see `SegmentTag`);
    /// nil when they carry none. Segments from different renders, out of order or with frames
    /// missing between them are refused.
    public func render() throws -> SegmentTag? {
        let tags = try segments.map { url in try VideoConcatenator.comment(of: url.path).flatMap(SegmentTag.init(parsing:)) }
        guard var joined = tags.first ?? nil else {
            if let tagged = tags.firstIndex(where: { $0 != nil }) {
                throw VideoError("\(segments[tagged].path) was rendered by animate but \(segments[0].path) was not: join segments of one render")
            }
            return nil
        }
        for (n, tag) in tags.enumerated().dropFirst() {
            let path = segments[n].path
            guard let tag else { throw VideoError("\(path) was not rendered by animate: join segments of one render") }
            guard tag.scene == joined.scene, tag.rate == joined.rate, tag.duration == joined.duration, tag.seed == joined.seed,
                  tag.soundtrack == joined.soundtrack else {
                throw VideoError("\(path) is part of a different render from \(segments[0].path) (scene, fps, duration, seed or --audio differ)")
            }
            guard tag.frames.lowerBound == joined.frames.upperBound + 1 else {
                throw VideoError("\(path) holds frames \(tag.frames.lowerBound)..\(tag.frames.upperBound), but the segments before it end at frame \(joined.frames.upperBound): give the segments in order, with none missing")
            }
            joined.frames = joined.frames.lowerBound...tag.frames.upperBound
        }
        return joined
    }

    /// The sound of the joined render: its scene's narration and cues and its `--audio` file,
    /// mixed exactly as the single render mixes them; nil when it has none or the segments
    /// carry no tags. `catalog` holds the scene the tags name.
    public func sound(in catalog: SceneCatalog) throws -> AudioMix? {
        guard let render = try render() else { return nil }
        let scene: Scene
        do { scene = try catalog.scene(named: render.scene) } catch {
            throw VideoError("the segments were rendered from scene '\(render.scene)', which this tool does not have")
        }
        let request = try RenderRequest(scene: scene, rate: render.rate, duration: render.duration,
                                        frames: .range(render.frames.lowerBound, render.frames.upperBound),
                                        seed: render.seed, soundtrack: render.soundtrack)
        return try request.audioMix()
    }

    /// Joins the segments, with `audio` as the joined file's sound; returns the frames in the
    /// joined file. Segments that differ in size, rate or encoder setup are refused, and the
    /// previous output is kept.
    @discardableResult
    public func run(audio: AudioMix? = nil) throws -> Int {
        let file = try OutputFile(destination: output)
        defer { file.discard() }
        let frames = try VideoConcatenator.concatenate(segments.map(\.path), to: file.temporary.path, audio: audio)
        try file.commit()
        return frames
    }
}
