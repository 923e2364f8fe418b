import Animate
import ArgumentParser
import Foundation

/// `animate <scene>`: render a scene to MP4, GIF or PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene (the default command: `animate starfield` = `animate render starfield`).",
        discussion: """
        The format follows the output's extension: .mp4 (H.264), .gif, or .png — a numbered \
        sequence when the name has a %05d-style pattern, otherwise one still (the frame at --at, \
        or the single frame of --frames K..K, else the middle frame). --format overrides it.

        MP4 needs an even width and height (4:2:0 chroma); odd sizes are rejected. GIF frame \
        delays are whole hundredths of a second and browsers slow down delays under 2, so GIFs \
        above 50 fps are rendered at 50 fps.

        Output is written to a temporary file beside the target and renamed over it only when \
        complete: an existing file is replaced only by a successful render.
        """
    )

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file (default: <scene>.mp4).", valueName: "path"))
    var output: String?

    @Option(help: "Output format, overriding the extension: mp4, gif, png, y4m or rgba (y4m and rgba can go to standard output with -o -).")
    var format: OutputFormat?

    @Option(help: ArgumentHelp("For a PNG still: the time of the frame, in seconds.", valueName: "seconds"))
    var at: Double?

    @Option(help: "H.264 constant rate factor, 0 (lossless) to 51 (default 18: visually lossless for graphics).")
    var crf: Int?

    @Option(help: "x264 preset: ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow (default veryfast).")
    var preset: String?

    @Option(help: "x264 tune, e.g. animation (flat colours) or film.")
    var tune: String?

    @Option(name: .customLong("encoder-threads"), help: "Threads x264 uses (default 0: one per core).")
    var encoderThreads: Int = 0

    @Flag(name: .customLong("low-memory"), help: "Keep peak memory down (about 236 MB at 1080p instead of 330-360): one drawing thread unless --threads is given, x264 slice threads, and nothing kept from the previous frame; the same picture, slower.")
    var lowMemory = false

    @Option(help: "Encoding preset: draft (ultrafast, CRF 23), normal (veryfast, CRF 18) or high (slow, CRF 16); --crf and --preset override it.")
    var quality: Quality = .normal

    enum Quality: String, ExpressibleByArgument, CaseIterable {
        case draft, normal, high
        var preset: String { ["draft": "ultrafast", "normal": "veryfast", "high": "slow"][rawValue]! }
        var crf: Int { ["draft": 23, "normal": 18, "high": 16][rawValue]! }
    }

    @Option(name: .customLong("pix-fmt"), help: "MP4 chroma: yuv420p (plays everywhere) or yuv444p (crisp coloured hairlines; plays in fewer browsers).")
    var pixelFormat: ChromaFormat = .yuv420p

    @Flag(help: "If interrupted (SIGINT/SIGTERM), finalise the frames rendered so far into a playable file instead of discarding them.")
    var keepPartial = false

    @Flag(help: "No progress or summary on stderr.")
    var quiet = false

    static let tunes = ["film", "animation", "grain", "stillimage", "psnr", "ssim", "fastdecode", "zerolatency"]
    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    func validate() throws {
        if let crf { guard (0...51).contains(crf) else { throw ValidationError("--crf \(crf) is out of range 0...51.") } }
        if let preset, !Self.presets.contains(preset) {
            throw ValidationError("--preset '\(preset)' is not an x264 preset (\(Self.presets.joined(separator: ", "))).")
        }
        guard (0...64).contains(encoderThreads) else { throw ValidationError("--encoder-threads must be 0...64.") }
        if let tune, !Self.tunes.contains(tune) {
            throw ValidationError("--tune '\(tune)' is not an x264 tune (\(Self.tunes.joined(separator: ", "))).")
        }
        if let at { guard at.isFinite, at >= 0 else { throw ValidationError("--at must be a time in seconds, 0 or more.") } }
    }

    /// The output path and format, from `-o` and `--format`.
    func resolveOutput() throws -> (URL, OutputFormat) {
        let path = output ?? "\(options.scene).\((format ?? .mp4).rawValue)"
        if path == "-" {
            guard let format, format.canStream else {
                throw ValidationError("'-o -' writes raw frames to standard output: use it with --format y4m or --format rgba.")
            }
            return (URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("-"), format)
        }
        if path.hasPrefix("-") || path.contains("://") || path.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil {
            throw ValidationError("Output '\(path)' is not a local file path (URLs, protocols and '-' are not supported).")
        }
        let url = URL(fileURLWithPath: path)
        if let format { return (url, format) }
        guard let inferred = OutputFormat(pathExtension: url.pathExtension) else {
            let ext = url.pathExtension.isEmpty ? "no extension" : "extension '.\(url.pathExtension)'"
            throw ValidationError("Cannot tell the format of '\(path)' (\(ext)); use .mp4, .gif, .png, .y4m or .rgba, or --format.")
        }
        return (url, inferred)
    }

    func run() throws {
        let (url, format) = try resolveOutput()
        var request = try reportingFailures { try options.request(output: url, format: format) }
        request.video.crf = crf ?? quality.crf
        request.video.preset = preset ?? quality.preset
        request.video.tune = tune
        request.video.encoderThreads = encoderThreads
        if lowMemory {
            request.video.sliceThreads = true
            request.reusesPreviousFrame = false
            if options.threads == nil { request.threads = 1 }
        }
        request.video.chroma = pixelFormat
        if format == .mp4 && pixelFormat == .yuv420p && (request.width % 2 != 0 || request.height % 2 != 0) {
            throw ValidationError("--size \(request.width)x\(request.height): MP4 (H.264 4:2:0) needs an even width and height.")
        }
        if format == .gif && request.rate.framesPerSecond > 50 {
            let rate = FrameRate(numerator: 50)!
            if !quiet {
                FileHandle.standardError.write(Data("note: GIF cannot play \(request.rate) fps (frame delays are whole 1/100 s, and browsers slow delays under 2/100 s); rendering at 50 fps.\n".utf8))
            }
            request = try options.rescaled(request, to: rate)
        }
        if format == .png && !FramePattern.isPattern(url.path) {
            let index: Int
            if let at {
                index = request.rate.frameIndex(at: at)
                guard index < request.timelineFrames else {
                    throw ValidationError("--at \(at) is past the end of the scene (\(String(format: "%.3g", request.rate.time(ofFrame: request.timelineFrames))) s).")
                }
            } else if options.frames != nil {
                guard request.frames.count == 1 else {
                    throw ValidationError("A PNG still takes one frame (--frames K..K); for a sequence put a pattern such as %05d in the file name.")
                }
                index = request.frames.lowerBound
            } else {
                index = request.timelineFrames / 2
            }
            request.frames = index...index
        }

        Interruption.install()
        let renderer = Renderer(request: request)
        let reporter = ProgressReporter(label: request.scene.name)
        if !quiet { renderer.progress = reporter }
        renderer.isCancelled = { Interruption.received != 0 }
        renderer.keepPartial = keepPartial
        try reportingFailures {
            do {
                let summary = try renderer.run()
                if !quiet { FileHandle.standardError.write(Data((Summary.line(summary, request: request) + "\n").utf8)) }
            } catch let partial as PartialRender {
                reporter.finished()
                FileHandle.standardError.write(Data("animate: interrupted; \(partial)\n".utf8))
                throw ExitCode(128 + Interruption.received)
            } catch {
                // Clear the progress bar; reportingFailures prints the error or handles the interruption.
                reporter.finished()
                if error is CancellationError && Interruption.received != 0 {
                    FileHandle.standardError.write(Data("animate: interrupted; nothing was written\n".utf8))
                }
                throw error
            }
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
extension ChromaFormat: ExpressibleByArgument {}

extension SceneOptions {
    /// `request` at another frame rate, with the same duration and time range.
    func rescaled(_ request: RenderRequest, to rate: FrameRate) throws -> RenderRequest {
        var copy = options(rate: rate)
        copy.frames = frames.map { f in
            // Map the selected frame range through time.
            let t0 = request.rate.time(ofFrame: f.first), t1 = request.rate.time(ofFrame: f.last)
            return FrameSelection(argument: "\(rate.frameIndex(at: t0))..\(rate.frameIndex(at: t1))")!
        }
        var result = try copy.request(output: request.output, format: request.format)
        result.video = request.video
        result.video.rateNumerator = rate.numerator
        result.video.rateDenominator = rate.denominator
        return result
    }

    private func options(rate: FrameRate) -> SceneOptions {
        var copy = self
        copy.fps = rate
        return copy
    }
}

/// The one-line summary printed after a render.
enum Summary {
    static func line(_ s: RenderSummary, request: RenderRequest) -> String {
        let speed = s.wallSeconds > 0 ? Double(s.frames) / s.wallSeconds : 0
        let where_ = s.paths.count == 1 ? s.paths[0].path : "\(s.paths.count) files, \(s.paths.first?.path ?? "")…"
        return String(format: "%@: %d frames (%.2f s at %@ fps, %dx%d) in %.1f s, %.1f fps, %@ → %@",
                      request.scene.name, s.frames, s.seconds, request.rate.description, request.width, request.height,
                      s.wallSeconds, speed, byteCount(s.bytes), where_)
    }

    static func byteCount(_ n: Int) -> String {
        n >= 1 << 20 ? String(format: "%.1f MB", Double(n) / 1_048_576) : String(format: "%.1f kB", Double(n) / 1024)
    }
}
