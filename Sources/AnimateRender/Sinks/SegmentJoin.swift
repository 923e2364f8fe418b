package import AnimateAudio
import AnimateScene
import AnimateTimeline
public import AnimateVideo
public import Foundation

/// Joins rendered segments (the shards of one render) into one video (MP4, QuickTime, Matroska or
/// WebM, the joined file's extension says which) by stream copy: no re-encode,
/// continuous timestamps, the exact frame count. Every segment is checked whole first (each frame
/// decoded), so a damaged or truncated one is refused before anything is written. Shards carry
/// no sound; the joined file gets the whole render's sound once. Written atomically, like every
/// output.
public struct SegmentJoin: Sendable {
    public let segments: [URL]
    public let output: URL

    /// The joined file's container.
    public let container: VideoContainer

    /// The sound files named for the join (`concat --audio`). A segment rendered with a
    /// soundtrack gets it from here (matched by path, else by file name), never from the path its
    /// tag names: a segment's tag cannot make the join read a file.
    public let soundtracks: [URL]

    /// Joins segments whose tags say they are not consecutive parts of one render (parts of
    /// another render, out of order, with a gap or a repeat) instead of refusing them; the
    /// summary's `warnings` say what was joined anyway.
    public var joinsOutOfSequence = false

    /// Whether each segment is decoded whole before the join (else only its packets are read and
    /// checked): off for a caller that decodes the joined file and compares every frame after.
    package var decodesSegments = true

    /// What a join wrote.
    public struct Summary: Sendable, Equatable {
        public let frames: Int
        public let hasSound: Bool
        /// What was joined although the segments' tags disagree (`joinsOutOfSequence`).
        public var warnings: [String] = []
    }

    /// Checks the description: at least one segment, and an `.mp4`, `.mov`, `.mkv` or `.webm` output.
    public init(segments: [URL], output: URL, soundtracks: [URL] = []) throws(RenderError) {
        guard !segments.isEmpty else { throw .noSegments }
        guard let container = OutputFormat(pathExtension: output.pathExtension)?.videoContainer, !container.codecs.isEmpty else {
            throw .joinedFileNotVideo(output.path)
        }
        self.segments = segments
        self.output = output
        self.container = container
        self.soundtracks = soundtracks
    }

    /// What each segment says it was rendered from, read from its tag (nil for a file animate
    /// did not write). Untrusted until `checked` has compared it with the segment.
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

    /// Why the tagged segments are not consecutive parts of renders, in order: one sentence a pair
    /// that breaks the sequence (empty when none does). After a segment that ends its render, the
    /// first frames of any render may follow (whole renders joined one after another); otherwise
    /// a segment must continue the one before it. Untagged segments say nothing.
    package func sequenceProblems(_ tags: [SegmentTag?]) -> [(path: String, reason: String)] {
        var problems: [(path: String, reason: String)] = []
        var previous: (tag: SegmentTag, name: String)?
        for (url, tag) in zip(segments, tags) {
            guard let tag else { previous = nil; continue }
            let name = url.lastPathComponent
            defer { previous = (tag, name) }
            guard let (last, lastName) = previous else { continue }
            let lastEnded = last.frames.upperBound == last.rate.frameCount(forDuration: last.duration) - 1
            if lastEnded && tag.frames.lowerBound == 0 { continue }
            if tag.scene != last.scene || tag.rate != last.rate || tag.duration != last.duration || tag.seed != last.seed
                || tag.soundtrack != last.soundtrack {
                let what = tag.scene != last.scene ? "scene '\(tag.scene)', not '\(last.scene)'"
                    : "the same scene with other options (fps, duration, seed or soundtrack)"
                problems.append((url.path, "it is part of another render than \(lastName): \(what)"))
            } else if tag.frames.lowerBound == last.frames.upperBound + 1 {
                continue
            } else if tag.frames.lowerBound > last.frames.upperBound + 1 {
                problems.append((url.path, "frames \(last.frames.upperBound + 1)..\(tag.frames.lowerBound - 1) are missing between \(lastName) and it"))
            } else if tag.frames == last.frames {
                problems.append((url.path, "it repeats \(lastName) (frames \(tag.frames.lowerBound)..\(tag.frames.upperBound))"))
            } else if tag.frames.lowerBound < last.frames.lowerBound {
                problems.append((url.path, "its frames \(tag.frames.lowerBound)..\(tag.frames.upperBound) come before \(lastName)'s \(last.frames.lowerBound)..\(last.frames.upperBound): the segments are out of order"))
            } else {
                problems.append((url.path, "its frames \(tag.frames.lowerBound)..\(tag.frames.upperBound) overlap \(lastName)'s \(last.frames.lowerBound)..\(last.frames.upperBound)"))
            }
        }
        return problems
    }

    /// The segments checked whole (see `VideoConcatenator.check`), each with its tag, which
    /// must agree with it: the frame count it holds, its frame rate, and a timeline that can be.
    package func checked(_ tags: [SegmentTag?], isCancelled: () -> Bool = { false }) throws -> [(tag: SegmentTag?, frames: Int, digest: String)] {
        let (frames, digests, rate) = try VideoConcatenator.check(segments.map(\.path), container: container,
                                                         expected: tags.map { $0.map { ($0.frames.count, $0.videoMD5) } },
                                                         decoding: decodesSegments, isCancelled: isCancelled)
        let videoRate = FrameRate(numerator: rate.numerator, denominator: rate.denominator)
        for (url, tag) in zip(segments, tags) {
            guard let tag else { continue }
            if let problem = tag.problem(videoRate: videoRate) {
                throw VideoError.segmentTagInvalid(path: url.path, reason: problem)
            }
        }
        return zip(zip(tags, frames), digests).map { ($0.0, $0.1, $1) }
    }

    /// What can be said of untagged segments, which no tag puts in order: one whose packets are
    /// an earlier one's (the same file given twice, or a still picture repeated), and that the
    /// frames and order of the others cannot be checked. Warnings; tagged segments are checked by
    /// their tags (shards of a still scene are alike, packet for packet, and rightly so).
    package func untaggedNotes(_ checked: [(tag: SegmentTag?, frames: Int, digest: String)]) -> [String] {
        var notes: [String] = []
        var seen: [String: String] = [:]
        for (url, segment) in zip(segments, checked) where segment.tag == nil && !segment.digest.isEmpty {
            if let earlier = seen[segment.digest] {
                notes.append("\(url.path): it repeats \(earlier) (the same video, packet for packet); joined as given")
            } else {
                seen[segment.digest] = url.lastPathComponent
            }
        }
        let untagged = zip(segments, checked).filter { $0.1.tag == nil }.map(\.0.lastPathComponent)
        guard !untagged.isEmpty, segments.count > 1 else { return notes }
        let names = untagged.count <= 3 ? untagged.joined(separator: ", ") : untagged.prefix(3).joined(separator: ", ") + " and \(untagged.count - 3) more"
        let note = "\(names) \(untagged.count == 1 ? "carries" : "carry") no render tag (not rendered by animate, or changed since): "
            + "\(untagged.count == 1 ? "it was" : "each was") decoded whole, but whether \(untagged.count == 1 ? "its" : "their") frames are the ones rendered, and in the right order, cannot be checked"
        return notes + [note]
    }

    /// The joined file's sound from checked segments, each sounding as it was rendered: the
    /// scene's narration and cues and the soundtrack of its render, from its tag (the file from
    /// `soundtracks`). Shards of one render get that render's mix, exactly as a single render
    /// mixes it. Nil when no segment has sound, or the container is silent (WebM).
    package func sound(of segments: [(tag: SegmentTag?, frames: Int)], in catalog: SceneCatalog) throws -> (main: AudioMix?, described: AudioMix?) {
        guard container.carriesSound else { return (nil, nil) }
        let tags = segments.map(\.tag)
        if let render = Self.joined(tags) {
            let request = try request(render, segment: self.segments[0], in: catalog)
            return (try request.audioMix(), try request.describedMix())
        }
        let requests = try zip(tags, self.segments).map { tag, url in try tag.map { try request($0, segment: url, in: catalog) } }
        let describes = try requests.contains { try $0?.describedMix() != nil }
        guard describes || requests.contains(where: { $0?.hasSound == true }) else { return (nil, nil) }
        guard let rate = requests.first??.rate, requests.allSatisfy({ $0?.rate == rate }) else {
            let untagged = tags.firstIndex { $0 == nil }.map { self.segments[$0].path } ?? self.segments[0].path
            throw VideoError.segmentSoundUnplaceable(path: untagged)
        }
        // Each segment's mix, cut to its span of the joined timeline, one after another (the
        // description stream: a segment's described mix, else its own).
        let total = segments.reduce(0) { $0 + $1.frames }
        var mix = AudioMix(window: 0..<rate.audioSample(ofFrame: total))
        var described = mix
        var frames = 0
        for request in requests.map({ $0! }) {
            defer { frames += request.frames.count }
            let main = try request.audioMix()
            if let main { mix.place(main, at: rate.audioSample(ofFrame: frames)) }
            if let part = try request.describedMix() ?? main { described.place(part, at: rate.audioSample(ofFrame: frames)) }
        }
        return (mix, describes ? described : nil)
    }

    /// The render a segment's (checked) tag describes, its soundtrack read from the file named
    /// for the join; a tag that breaks a render's rules is refused naming the segment.
    private func request(_ tag: SegmentTag, segment: URL, in catalog: SceneCatalog) throws -> RenderRequest {
        let scene: Scene
        do { scene = try catalog.scene(named: tag.scene) } catch {
            throw VideoError.segmentsOfUnknownScene(tag.scene)
        }
        var soundtrack = tag.soundtrack
        if let tagged = tag.soundtrack {
            let name = URL(fileURLWithPath: tagged.path).standardized
            guard let named = soundtracks.first(where: { $0.standardized.path == name.path })
                    ?? soundtracks.first(where: { $0.lastPathComponent == name.lastPathComponent }) else {
                throw RenderError.soundtrackNotNamed(segment: segment.path, soundtrack: tagged.path)
            }
            soundtrack?.path = named.path
        }
        do {
            let scene = tag.extended ? try scene.extended(at: tag.rate) : scene
            var request = try RenderRequest(scene: scene, rate: tag.rate, duration: tag.duration,
                                            frames: .range(tag.frames.lowerBound, tag.frames.upperBound), seed: tag.seed,
                                            soundtrack: soundtrack)
            request.audioDescription = tag.audioDescription
            return request
        } catch let error as AudioError {
            throw error
        } catch let error as RenderError {
            throw VideoError.segmentTagInvalid(path: segment.path, reason: error.description)
        }
    }

    /// Checks every segment whole, then joins them, with their render's sound when `catalog`
    /// holds the scenes their tags name (nil: no sound). Segments that differ in size, rate or
    /// encoder setup, are truncated, damaged or not regular files, or whose tags do not match
    /// them, are refused before anything is written, and the previous output is kept; so it
    /// is when `isCancelled` turns true (`CancellationError`).
    @discardableResult
    public func run(soundFrom catalog: SceneCatalog? = nil, isCancelled: () -> Bool = { false }) throws -> Summary {
        let tags = try tags()
        let tagged = Set(tags.compactMap { $0?.soundtrack.map { URL(fileURLWithPath: $0.path).lastPathComponent } })
        if let unused = soundtracks.first(where: { !tagged.contains($0.lastPathComponent) }) {
            throw RenderError.soundtrackUnused(unused.path)
        }
        let checked = try checked(tags, isCancelled: isCancelled)
        // After the segments themselves (size, codec, damage), what their tags say of their order.
        let problems = sequenceProblems(tags)
        if let first = problems.first, !joinsOutOfSequence {
            throw VideoError.segmentsOutOfSequence(path: first.path, reason: first.reason)
        }
        var audio: AudioMix?, described: AudioMix?
        if let catalog { (audio, described) = try sound(of: checked.map { ($0.tag, $0.frames) }, in: catalog) }
        // Shards of one render get that render's chapters.
        var chapters: [VideoChapter] = []
        if let catalog, let render = Self.joined(checked.map(\.tag)) {
            chapters = try request(render, segment: segments[0], in: catalog).chapters
        }
        if isCancelled() { throw CancellationError() }
        let file = try OutputFile(destination: output)
        defer { file.discard() }
        // Shards of one render join into that render, tagged as such (so it can be joined again).
        let frames = try VideoConcatenator.concatenate(segments.map(\.path), frames: checked.map(\.frames), to: file.temporary.path,
                                                       container: container, audio: audio, described: described, chapters: chapters,
                                                       comment: Self.joined(checked.map(\.tag))?.text, isCancelled: isCancelled)
        try file.commit()
        return Summary(frames: frames, hasSound: audio != nil || described != nil,
                       warnings: problems.map { "\($0.path): \($0.reason)" } + untaggedNotes(checked))
    }
}
