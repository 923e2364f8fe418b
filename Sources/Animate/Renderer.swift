import Foundation

/// What a finished render did, for the summary line.
public struct RenderSummary: Sendable {
    public let frames: Int
    public let seconds: Double
    public let wallSeconds: Double
    public let bytes: Int
    public let paths: [URL]
}

/// Thrown when a cancelled render kept what it had rendered (`Renderer.keepPartial`).
public struct PartialRender: Error, CustomStringConvertible {
    /// Frames in the finished file.
    public let frames: Int
    public let url: URL
    public var description: String { "kept the first \(frames) frames in \(url.path)" }
}

/// Receives progress while rendering.
public protocol RenderProgress: AnyObject {
    func started(total: Int)
    func advanced(done: Int, total: Int)
    func finished()
}

/// Runs a `RenderRequest`: draws frames on worker threads, encodes them in order, and writes
/// outputs atomically (a temporary file renamed over the target only when complete).
public final class Renderer {
    public let request: RenderRequest
    public weak var progress: RenderProgress?
    /// Polled between frames; when it returns true the render stops and nothing is written
    /// (unless `keepPartial` is set).
    public var isCancelled: () -> Bool = { false }
    /// On cancellation, finalise the frames encoded so far into a valid, playable file instead of
    /// discarding them (MP4 and GIF); `run` then throws `PartialRender` after writing it.
    public var keepPartial = false

    public init(request: RenderRequest) { self.request = request }

    private var frameIndices: [Int] { request.frameIndices }

    /// Renders and writes the output.
    public func run() throws -> RenderSummary {
        let start = DispatchTime.now().uptimeNanoseconds
        let paths: [URL]
        switch request.format {
        case .mp4: paths = [try renderVideo(.mp4)]
        case .gif: paths = [try renderVideo(.gif)]
        case .png:
            paths = FramePattern.isPattern(request.output.path) ? try renderPNGSequence() : [try renderPNGStill()]
        case .y4m, .rgba:
            paths = try renderRaw()
        }
        progress?.finished()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let bytes = paths.reduce(0) { total, url in
            total + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
        }
        return RenderSummary(frames: frameIndices.count, seconds: Double(frameIndices.count) / request.rate.framesPerSecond,
                             wallSeconds: wall, bytes: bytes, paths: paths)
    }

    /// A worker thread's own canvas; only that worker touches it.
    private final class WorkerCanvas {
        var canvas: Canvas
        init(width: Int, height: Int) { canvas = Canvas(width: width, height: height) }
    }

    private var workerCount: Int { max(1, min(request.threads, frameIndices.count)) }

    private func makeCanvases() -> [WorkerCanvas] {
        (0..<workerCount).map { _ in
            let slot = WorkerCanvas(width: request.width, height: request.height)
            slot.canvas.reusesBackgrounds = request.reusesPreviousFrame
            return slot
        }
    }

    private func pipeline<Output>(_ indices: [Int]? = nil) -> FramePipeline<Output> {
        let p = FramePipeline<Output>(frames: indices ?? frameIndices, threads: workerCount)
        p.isCancelled = isCancelled
        return p
    }

    /// A GIF's global palette from evenly spaced sample frames. They are drawn by the worker pool
    /// like any frames (a serial pass was a tenth of a small GIF's time on two cores) and added to
    /// the builder in frame order, so the palette does not depend on the thread count; at most a
    /// few frames are in flight, never all 32.
    private func gifPalette() throws -> GIFPalette {
        let indices = frameIndices
        let count = min(indices.count, 32)
        let samples = (0..<count).map { indices[$0 * indices.count / count] }
        var builder = GIFPalette.Builder()
        try renderFrames(samples, { _, canvas in canvas.withPremultipliedBytes { Array($0) } },
                         consume: { _, bytes in bytes.withUnsafeBufferPointer { builder.add(premultipliedRGBA: $0) } })
        return GIFPalette(builder)
    }

    /// Runs the frame pipeline: scene state advances in frame order as frames are claimed,
    /// `draw` renders each frame on its worker's canvas, `consume` takes outputs in order.
    public func renderFrames<Output>(_ indices: [Int]? = nil,
                                     _ draw: @escaping (_ worker: Int, _ canvas: inout Canvas) throws -> Output,
                                     consume: (_ frame: Int, _ output: Output) throws -> Void) throws {
        let canvases = makeCanvases()
        let cursor = request.scene.cursor()
        let frames: FramePipeline<Output> = pipeline(indices)
        try frames.run(prepare: { [request] index in cursor.drawer(for: request.frame(index)) },
                       produce: { worker, _, drawer in
                           let slot = canvases[worker]
                           drawer.render(into: &slot.canvas)
                           return try draw(worker, &slot.canvas)
                       }, consume: consume)
    }

    private func renderVideo(_ container: VideoContainer) throws -> URL {
        let file = try OutputFile(destination: request.output)
        defer { file.discard() }
        let palette = container == .gif ? try gifPalette() : nil
        let encoder = try VideoEncoder(path: file.temporary.path, container: container, settings: request.video, palette: palette,
                                       displayPath: request.output.path)
        let converters = try (0..<workerCount).map { _ in try encoder.makeConverter(incremental: request.reusesPreviousFrame) }
        progress?.started(total: frameIndices.count)
        var done = 0
        do {
            try renderFrames(nil, { worker, canvas in
                try converters[worker].convert(canvas)
            }, consume: { _, frame in
                try encoder.append(frame)
                done += 1
                progress?.advanced(done: done, total: frameIndices.count)
            })
        } catch is CancellationError where keepPartial && encoder.frameCount > 0 {
            try encoder.finish()
            try file.commit()
            throw PartialRender(frames: encoder.frameCount, url: request.output)
        }
        try encoder.finish()
        try file.commit()
        return request.output
    }

    /// Raw Y4M or RGBA frames to a file (atomically) or to standard output when the path is `-`.
    private func renderRaw() throws -> [URL] {
        let toStdout = request.output.lastPathComponent == "-" && request.output.path.hasSuffix("/-")
        let file = toStdout ? nil : try OutputFile(destination: request.output)
        defer { file?.discard() }
        let handle = try file?.openForWriting() ?? FileHandle.standardOutput
        let kind: RawVideoWriter.Kind = request.format == .y4m ? .y4m : .rgba
        let writer = try RawVideoWriter(kind: kind, handle: handle, width: request.width, height: request.height,
                                        rateNumerator: request.rate.numerator, rateDenominator: request.rate.denominator)
        let converters = try (0..<workerCount).map { _ in
            try VideoEncoder.yuvConverter(width: request.width, height: request.height, incremental: request.reusesPreviousFrame)
        }
        progress?.started(total: frameIndices.count)
        var done = 0
        try renderFrames(nil, { worker, canvas -> RawFrame in
            kind == .y4m ? .yuv(try converters[worker].convert(canvas))
                         : .rgba(canvas.rgba8())
        }, consume: { _, frame in
            switch frame {
            case .yuv(let f): try writer.append(f)
            case .rgba(let bytes): try writer.append(rgba: bytes)
            }
            done += 1
            progress?.advanced(done: done, total: frameIndices.count)
        })
        if let file {
            try handle.close()
            try file.commit()
            return [request.output]
        }
        return []
    }

    private enum RawFrame { case yuv(VideoFrame), rgba([UInt8]) }

    private func renderPNGSequence() throws -> [URL] {
        var written: [URL] = []
        progress?.started(total: frameIndices.count)
        try renderFrames(nil, { [request] _, canvas in
            try canvas.rgba8().withUnsafeBufferPointer {
                try PNGEncoder.encode(rgba: $0, width: request.width, height: request.height)
            }
        }, consume: { index, output in
            let url = URL(fileURLWithPath: FramePattern.expand(request.output.path, index))
            try OutputFile.write(Data(output), to: url)
            written.append(url)
            progress?.advanced(done: written.count, total: frameIndices.count)
        })
        return written
    }

    private func renderPNGStill() throws -> URL {
        var canvas = Canvas(width: request.width, height: request.height)
        request.render(request.frames.lowerBound, into: &canvas)
        if isCancelled() { throw CancellationError() }
        try canvas.writePNG(to: request.output)
        return request.output
    }
}
