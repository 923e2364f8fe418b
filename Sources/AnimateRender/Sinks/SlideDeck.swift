import AnimateAudio
public import Foundation
import AnimateScene
import AnimateStoryboard
import AnimateTimeline
import AnimateVideo

/// A lesson as a presentation in one HTML file: each slide's video (its picture and sound,
/// H.264 and AAC) inside the page, played up to the slide's end and held there (or looped)
/// until the presenter goes on; its captions, its descriptions (announced to screen readers
/// and shown), the slides as chapters, and the transcript beside them. Opens from disk, needs
/// no server and makes no network request (its content security policy forbids any).
public struct SlideDeck: Sendable {
    /// One slide: its name, its loop, its video (MP4 bytes) and its captions and descriptions (WebVTT).
    public struct Slide: Sendable {
        public let name: String
        public let loops: Bool
        public let start: Double
        public let end: Double
        public let video: Data
        public let captions: String?
        public let descriptions: String?
        /// What the slide's last frame shows (its descriptions, else its name), for the handout.
        public let summary: String
    }

    public let title: String
    public let language: String
    public let slides: [Slide]
    /// The transcript's page (without pictures), shown beside the slides.
    public let transcript: Transcript

    /// Renders `request`'s scene slide by slide (its size, rate and encoding; the whole
    /// timeline), each into a temporary file that is read back and removed. `isCancelled` is
    /// polled between frames.
    public init(request: RenderRequest, isCancelled: @escaping () -> Bool = { false }) throws {
        let scene = request.scene
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("animate-slides-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var slides: [Slide] = []
        let rate = request.rate, total = request.timelineFrames
        let descriptions = try scene.spokenDescriptions()
        for (k, slide) in scene.slides.enumerated() {
            let first = min(rate.frameIndex(at: slide.start + 1e-9), total - 1)
            let last = k + 1 == scene.slides.count ? total - 1 : max(first, min(rate.frameIndex(at: slide.end + 1e-9) - 1, total - 1))
            let url = scratch.appendingPathComponent("slide\(k).mp4")
            var part = try RenderRequest(scene: scene, output: .mp4(url), size: request.size, rate: rate, duration: request.duration,
                                         frames: .range(first, last), seed: request.seed, threads: request.threads, encoding: request.encoding)
            part.audioDescription = .none
            let renderer = Renderer(request: part)
            renderer.isCancelled = isCancelled
            try renderer.run()
            let captions = try part.captions()
            let described = try part.descriptionCues()
            let said = descriptions.filter { $0.cue.time >= slide.start && $0.cue.time < slide.end }.map(\.text)
            slides.append(Slide(name: slide.name, loops: slide.loops, start: slide.start, end: slide.end, video: try Data(contentsOf: url),
                                captions: captions.isEmpty ? nil : CaptionFormat.webVTT.text(captions),
                                descriptions: described.isEmpty ? nil : CaptionFormat.webVTT.text(described),
                                summary: said.isEmpty ? slide.name : said.joined(separator: " ")))
        }
        self.slides = slides
        transcript = try Transcript(request: request, stillWidth: 0)
        title = transcript.title
        language = transcript.language
    }
}
