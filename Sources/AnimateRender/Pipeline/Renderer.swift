import AnimateDrawing
import AnimatePixels
public import AnimateScene
import AnimateVideo
import Foundation
import AnimateTimeline
package import Synchronization

/// Runs a `RenderRequest`: draws frames on worker threads and hands them, in frame order, to a
/// sink: the one its `output` names (`run()`), or one of the caller's (`run(into:)`).
public final class Renderer {
    public let request: RenderRequest
    public weak var progress: RenderProgress?
    /// Polled between frames; when it returns true the render stops and nothing is written
    /// (unless `keepPartial` is set).
    public var isCancelled: () -> Bool = { false }
    /// On cancellation, finalise the frames encoded so far into a valid, playable file instead of
    /// discarding them (video files); `run` then throws `PartialRender` after writing it.
    public var keepPartial = false

    /// Captions written with the output (`run()`): all or nothing, they are written before the
    /// first frame is drawn and put in place together with a video or raw output (a failure of
    /// either replaces neither), after the pictures of a PNG output.
    public var captions: CaptionFile?
    /// Chapters written with the output, as the captions are.
    public var chapters: ChapterFile?
    /// The audio description's text (a WebVTT descriptions track), written as the captions are.
    public var descriptions: CaptionFile?
    /// The lesson as text (`Transcript`), written as the captions are.
    public var transcript: TranscriptFile?
    /// The lesson as a presentation (`--slides`) and a handout, made before the first frame and
    /// put in place with the output, as the captions are.
    public var slides: PresentationFile?
    public var handout: PresentationFile?

    public init(request: RenderRequest) { self.request = request }

    /// Frames being drawn now, in any render of this process, and the index of the last one
    /// begun: what an interruption that was never seen (lesson code that does not return) can say.
    package static let framesDrawing = Atomic<Int>(0)
    package static let lastFrameBegun = Atomic<Int>(-1)

    /// Renders to the request's output, with `captions`. Throws `RenderError.missingOutput`
    /// when it has none, and `AudioError` before drawing when a sound of a video with sound
    /// cannot be read or spoken.
    @discardableResult
    public func run() throws -> RenderSummary {
        guard request.output != nil else { throw RenderError.missingOutput }
        let staged = try captions?.stage()
        let stagedChapters = try chapters?.stage()
        let stagedDescriptions = try descriptions?.stage()
        let stagedTranscript = try transcript?.stage()
        let stagedSlides = try slides?.stage(isCancelled: isCancelled)
        let stagedHandout = try handout?.stage(isCancelled: isCancelled)
        let companions: [OutputFile] = [staged?.file, stagedChapters?.file, stagedDescriptions?.file, stagedTranscript,
                                        stagedSlides?.file, stagedHandout?.file].compactMap { $0 }
        var summary = try renderOutput(companions: companions)
        // A still's pictures take no companions: they are put in place now, together.
        try OutputFile.commit(companions)
        summary.captionCues = staged?.cues
        summary.chapters = stagedChapters?.chapters
        summary.slides = stagedSlides?.count
        summary.handoutPages = stagedHandout?.count
        return summary
    }

    private func renderOutput(companions: [OutputFile]) throws -> RenderSummary {
        guard let output = request.output else { throw RenderError.missingOutput }
        switch output {
        case .mp4(let url), .mov(let url), .mkv(let url), .webm(let url), .apng(let url), .webp(let url), .gif(let url):
            let container = output.format.videoContainer!
            // A shard's sound is checked like any render's, but the joined file gets it; a render
            // of every n-th frame plays faster than its sound, so it has none.
            let audio = container.carriesSound ? try request.audioMix() : nil
            let described = container.carriesSound ? try request.describedMix() : nil
            let keeps = request.shard == nil && request.step == 1
            let palette = container == .gif ? try gifPalette() : nil
            return try run(into: VideoFileSink(url: url, container: container, request: request, palette: palette,
                                               audio: keeps ? audio : nil, described: keeps ? described : nil, companions: companions))
        case .png(let url):
            return try run(into: PNGFileSink(still: url))
        case .pngSequence(let pattern):
            return try run(into: PNGFileSink(pattern: pattern))
        case .y4m(let destination):
            return try run(into: RawFrameSink(kind: .y4m, to: destination, request: request, companions: companions))
        case .rgba(let destination):
            return try run(into: RawFrameSink(kind: .rgba, to: destination, request: request, companions: companions))
        }
    }

    /// Renders the request's frames (or `frames`, indices of its timeline) into `sink`.
    @discardableResult
    public func run<Sink: FrameSink>(into sink: Sink, frames: [Int]? = nil) throws -> RenderSummary {
        let start = DispatchTime.now().uptimeNanoseconds
        let indices = frames ?? request.frameIndices
        try sink.begin(workers: workerCount(indices.count))
        progress?.started(total: indices.count)
        var done = 0
        do {
            try renderFrames(indices, { worker, bitmap in try sink.payload(of: &bitmap, worker: worker) },
                             consume: { index, payload in
                                 try sink.consume(payload, frame: index)
                                 done += 1
                                 progress?.advanced(done: done, total: indices.count)
                             })
        } catch {
            // The sink stops once: keeping what it has only for an interruption with keepPartial.
            if keepPartial && error is CancellationError {
                // Finishing what was kept writes again: outputs may wait for it, two seconds at
                // most (a second signal still ends the run at once).
                OutputInterruption.allowFinishing(within: 2)
                defer { OutputInterruption.endFinishing() }
                if let partial = try sink.stop(keepingPartial: true) { throw partial }
            } else {
                _ = try? sink.stop(keepingPartial: false)
            }
            throw error
        }
        let paths = try sink.finish()
        progress?.finished()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let bytes = paths.reduce(0) { total, url in
            total + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
        }
        return RenderSummary(frames: indices.count, seconds: Double(indices.count) / request.rate.framesPerSecond,
                             wallSeconds: wall, bytes: bytes, paths: paths)
    }

    /// A worker thread's own bitmap; only that worker touches it.
    private final class WorkerBitmap {
        var bitmap: Bitmap
        init(width: Int, height: Int) { bitmap = Bitmap(width: width, height: height) }
    }

    private func workerCount(_ frames: Int) -> Int { max(1, min(request.threads, frames)) }

    /// A GIF's global palette from evenly spaced sample frames. They are drawn by the worker pool
    /// like any frames and added to the builder in frame order, so the palette does not depend on
    /// the thread count; at most a few frames are in flight, never all 32.
    private func gifPalette() throws -> GIFPalette {
        let indices = request.frameIndices
        let count = min(indices.count, 32)
        let samples = (0..<count).map { indices[$0 * indices.count / count] }
        var builder = GIFPalette.Builder()
        try renderFrames(samples, { _, bitmap in bitmap.withPremultipliedBytes { Array($0) } },
                         consume: { _, bytes in bytes.withUnsafeBufferPointer { builder.add(premultipliedRGBA: $0) } })
        return GIFPalette(builder)
    }

    /// Runs the frame pipeline: scene state advances in frame order as frames are claimed,
    /// `draw` renders each frame on its worker's bitmap, `consume` takes outputs in order.
    func renderFrames<Output>(_ indices: [Int],
                              _ draw: @escaping (_ worker: Int, _ bitmap: inout Bitmap) throws -> Output,
                              consume: (_ frame: Int, _ output: Output) throws -> Void) throws {
        let workers = workerCount(indices.count)
        // Pictures decoded as frames draw them keep an eighth of the render's memory at most.
        if let memory = request.memoryBudget { DecodedPictures.shared.limit(to: Swift.max(32 << 20, memory / 8)) }
        let canvases = (0..<workers).map { _ in
            let slot = WorkerBitmap(width: request.width, height: request.height)
            slot.bitmap.reusesBackgrounds = request.reusesPreviousFrame
            // Threads without a frame of their own draw each frame's bands.
            slot.bitmap.drawingThreads = max(request.threadsPerFrame, request.threads / workers)
            return slot
        }
        let cursor = request.scene.cursor()
        let pipeline = FramePipeline<Output>(frames: indices, threads: workers)
        pipeline.isCancelled = isCancelled
        try pipeline.run(prepare: { [request] index in
                             // The scene's own code runs here too (a view's updates, a storyboard's build).
                             Renderer.framesDrawing.add(1, ordering: .relaxed)
                             Renderer.lastFrameBegun.store(index, ordering: .relaxed)
                             defer { Renderer.framesDrawing.subtract(1, ordering: .relaxed) }
                             return cursor.drawer(for: request.frame(index))
                         },
                         produce: { worker, frame, drawer in
                             let slot = canvases[worker]
                             Renderer.framesDrawing.add(1, ordering: .relaxed)
                             Renderer.lastFrameBegun.store(frame, ordering: .relaxed)
                             // A picture that could no longer be decoded (its file changed since it was read) fails the render.
                             let failure = DecodedPictures.shared.failure(during: { drawer.render(into: &slot.bitmap) })
                             Renderer.framesDrawing.subtract(1, ordering: .relaxed)
                             if let failure { throw failure }
                             return try draw(worker, &slot.bitmap)
                         }, consume: consume)
    }
}
