import Animate
public import ArgumentParser
import Foundation

/// `<tool> <scene>`: render a scene to a video, GIF, PNG or raw frames.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene (the default command: `<tool> <scene>` = `<tool> render <scene>`).",
        discussion: """
        The format follows the output's extension: .mp4 (H.264), .mov (ProRes 4444 with alpha: \
        what the scene leaves undrawn stays transparent, for video editors), .mkv (H.264), .webm \
        (VP9 with alpha, for web pages), .apng (lossless, with alpha), .webp (with alpha), .gif, or \
        .png — a numbered sequence when the name has a %05d-style pattern, otherwise one still (the \
        frame at --at, or the single frame of --frames K..K, else the middle frame). --format \
        overrides it.

        --codec picks another codec for the container: h264, hevc (tagged hvc1 for Apple players), \
        vp9, av1 (SVT-AV1) or prores; .mp4 holds h264, hevc, vp9 and av1; .mov prores, h264 and \
        hevc; .webm vp9 and av1; .mkv any. --pix-fmt yuv420p10le or yuv444p10le encodes 10 bits a \
        sample. --quality maps to each encoder's own scale; --crf, --preset and --tune take the \
        encoder's own values.

        4:2:0 video needs an even width and height (VP9 excepted); odd sizes are rejected. GIF frame \
        delays are whole hundredths of a second and browsers slow down delays under 2, so GIFs \
        above 50 fps are rendered at 50 fps.

        Sound: an MP4, MOV or MKV carries the scene's narration and sound cues, and --audio under \
        them, as AAC (48 kHz stereo), in sync to the sample. --captions writes the narration's \
        captions beside the video; --burn-captions draws them into the frames.

        Output is written to a temporary file beside the target and renamed over it only when \
        complete: an existing file is replaced only by a successful render.
        """
    )

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file (default: <scene>.mp4).", valueName: "path"))
    var output: String?

    @Option(help: "Output format, overriding the extension: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")) (y4m and rgba can go to standard output with -o -).")
    var format: OutputFormat?

    @Option(help: "Video codec: h264, hevc, vp9, av1 or prores (default: the container's own, e.g. h264 for .mp4).")
    var codec: VideoCodec?

    @Option(parsing: .unconditional, help: ArgumentHelp("For a PNG still: the time of the frame, in seconds.", valueName: "seconds"))
    var at: Double?

    @Flag(inversion: .prefixedNo, help: "Keep what the scene leaves undrawn transparent (default: where the format has alpha: ProRes, VP9 in WebM, APNG, WebP, PNG); --alpha refuses formats without it and gives VP9 alpha in .mkv too; --no-alpha makes ProRes and VP9 opaque.")
    var alpha: Bool?

    @Option(help: "Constant rate factor on the encoder's scale, lower is better: H.264 and HEVC 0...51, VP9 0...63, AV1 1...63 (default: the quality's).")
    var crf: Int?

    @Option(help: "Encoder speed preset: x264/x265 names (ultrafast ... veryslow), VP9 cpu-used 8...0, AV1 SVT preset 13...0 (default: the quality's).")
    var preset: String?

    @Option(help: "x264 or x265 tune, e.g. animation (flat colours) or film.")
    var tune: String?

    @Option(name: .customLong("encoder-threads"), help: "Threads the encoder uses (default 0: one per core).")
    var encoderThreads: Int = 0

    @Option(help: ArgumentHelp("At most this many frames between keyframes (default: the encoder's own, 250 for H.264 and HEVC); the encoder may add more at scene cuts.", valueName: "frames"))
    var keyint: Int?

    @Flag(name: .customLong("low-memory"), help: "Keep peak memory down: one drawing thread unless --threads is given, x264 slice threads, and nothing kept from the previous frame; the same picture, slower.")
    var lowMemory = false

    @Option(help: "draft, normal or high, mapped to each encoder's scale (H.264: ultrafast CRF 23, veryfast CRF 18, slow CRF 16; ProRes: high is 4444 XQ; WebP: lossy 60, 90, lossless); --crf and --preset override it.")
    var quality: EncodingSettings.Quality = .normal

    @Option(name: .customLong("pix-fmt"), help: "yuv420p (plays everywhere), yuv444p (crisp coloured hairlines; plays in fewer browsers), yuv420p10le or yuv444p10le (10 bits a sample).")
    var pixelFormat: PixelFormat?

    @Flag(help: "If interrupted (SIGINT/SIGTERM), finalise the frames rendered so far into a playable file instead of discarding them.")
    var keepPartial = false

    @Option(help: ArgumentHelp("Write the narration's captions to this .vtt (WebVTT), .srt (SubRip) or .json (each word with its time, as Remotion's captions) file, timed to the rendered frames.", valueName: "path"))
    var captions: String?

    @Flag(name: .customLong("caption-words"), help: "In a WebVTT captions file, give each word its time inline, for players that light words as they are spoken.")
    var captionWords = false

    @Option(help: ArgumentHelp("Write the scene's chapters (its sections) to this .vtt file (WebVTT chapters), timed to the rendered frames. MP4, MOV, MKV and WebM carry them inside too.", valueName: "path"))
    var chapters: String?

    @Option(name: .customLong("audio-description"), help: "Where the scene's audio description (its descriptions, spoken) goes in a video with sound: track (a second sound stream tagged for the visually impaired; the default), mix (spoken in the one stream) or off.")
    var audioDescription: AudioDescriptionOutput?

    @Option(help: ArgumentHelp("Write the scene's descriptions to this .vtt (a WebVTT descriptions track) or .srt file, each cue from when it is spoken until it ends.", valueName: "path"))
    var descriptions: String?

    @Option(help: ArgumentHelp("Write the lesson as text to this .html page (headings per section, narration, descriptions, formulas as MathML and words, code, a still of each beat with alt text; no network needed) or .txt file.", valueName: "path"))
    var transcript: String?

    @Option(help: ArgumentHelp("Also write the lesson as a presentation: one offline .html file that plays each slide and stops (see `present`).", valueName: "path"))
    var slides: String?

    @Option(help: ArgumentHelp("Also write a PDF handout: a page per slide with its last frame, narration and descriptions.", valueName: "path"))
    var handout: String?

    @Option(help: ArgumentHelp("Render the lesson in each of these languages (codes or .po files, as --language takes them; a code without a table is the lesson as written) into one .mkv or .mp4: each language's sound and captions as tagged streams over one picture, or each language's own picture where its timing differs.", valueName: "list"))
    var languages: String?

    @Flag(help: "No progress or summary on stderr.")
    var quiet = false

    func validate() throws {
        if let keyint, !EncodingSettings.keyframeIntervalRange.contains(keyint) {
            throw ValidationError("--keyint takes a whole number of frames from 1 to \(EncodingSettings.keyframeIntervalRange.upperBound).")
        }
        if languages != nil {
            guard let output, output.lowercased().hasSuffix(".mkv") || output.lowercased().hasSuffix(".mp4") else {
                throw ValidationError("--languages writes a Matroska or MP4 file: give -o a .mkv or .mp4 name.")
            }
            guard options.language == nil, captions == nil, chapters == nil else {
                throw ValidationError("--languages makes every language's sound and captions itself: leave out --language, --captions and --chapters.")
            }
        }
        let request = try request(readingImages: false)
        if let captions { _ = try reportingFailures { try CaptionFile(path: captions, request: request) } }
        if let chapters { _ = try reportingFailures { try ChapterFile(path: chapters, request: request) } }
        if let descriptions { _ = try reportingFailures { try CaptionFile(path: descriptions, request: request, describes: true) } }
        if let transcript { _ = try reportingFailures { try TranscriptFile(path: transcript, request: request) } }
        if let slides { _ = try reportingFailures { try PresentationFile(path: slides, kind: .slides, request: request) } }
        if let handout { _ = try reportingFailures { try PresentationFile(path: handout, kind: .handout, request: request) } }
    }

    /// The request the options describe (see `SceneOptions.request`).
    func request(readingImages: Bool) throws -> RenderRequest {
        let output = try reportingFailures { try Output(path: self.output ?? "\(options.name).\((format ?? .mp4).rawValue)", format: format) }
        var encoding = EncodingSettings(quality: quality, codec: codec, pixelFormat: pixelFormat, alpha: alpha, crf: crf, preset: preset, tune: tune,
                                        encoderThreads: encoderThreads)
        encoding.keyframeInterval = keyint
        var request = try options.request(output: output, stillTime: at, encoding: encoding, lowMemory: lowMemory,
                                          readingImages: readingImages, quiet: quiet)
        // An extended render is made for its descriptions: they are spoken in its one sound stream unless asked otherwise.
        request.audioDescription = audioDescription ?? (options.extended ? .mixed : .track)
        return request
    }

    func run() throws {
        if let languages { return try renderLanguages(languages) }
        let request = try request(readingImages: true)
        if !quiet {
            for note in request.notes { Console.note(note) }
            if request.audioDescription != .none, request.output?.format.videoContainer?.carriesSound == true,
               let unfit = try? request.scene.spokenDescriptions().filter({ !$0.fits }).count, unfit > 0 {
                Console.note("\(unfit) of the scene's descriptions find no silence long enough in the narration and are spoken over it; --extended holds the picture for them (`\(Tool.name) describe` lists them).")
            }
        }

        Interruption.arm()
        let renderer = Renderer(request: request)
        let reporter = ProgressReporter(label: request.scene.name)
        if !quiet { renderer.progress = reporter }
        renderer.isCancelled = { Interruption.received != 0 }
        renderer.keepPartial = keepPartial
        try reportingFailures {
            renderer.captions = try captions.map { path throws(RenderError) in
                var file = try CaptionFile(path: path, request: request)
                file.wordTimes = captionWords
                return file
            }
            renderer.chapters = try chapters.map { path throws(RenderError) in try ChapterFile(path: path, request: request) }
            renderer.descriptions = try descriptions.map { path throws(RenderError) in try CaptionFile(path: path, request: request, describes: true) }
            renderer.transcript = try transcript.map { path throws(RenderError) in try TranscriptFile(path: path, request: request) }
            renderer.slides = try slides.map { path throws(RenderError) in try PresentationFile(path: path, kind: .slides, request: request) }
            renderer.handout = try handout.map { path throws(RenderError) in try PresentationFile(path: path, kind: .handout, request: request) }
            do {
                let summary = try renderer.run()
                if let captionFile = renderer.captions, let cues = summary.captionCues, !quiet {
                    Console.report("captions: \(cues) cues → \(captionFile.url.path)")
                }
                if let chapterFile = renderer.chapters, let count = summary.chapters, !quiet {
                    Console.report("chapters: \(count) → \(chapterFile.url.path)")
                }
                if let file = renderer.descriptions, !quiet { Console.report("descriptions → \(file.url.path)") }
                if let file = renderer.transcript, !quiet { Console.report("transcript → \(file.url.path)") }
                if let file = renderer.slides, let count = summary.slides, !quiet { Console.report("slides: \(count) → \(file.url.path)") }
                if let file = renderer.handout, let count = summary.handoutPages, !quiet { Console.report("handout: \(count) pages → \(file.url.path)") }
                if !quiet { Console.report(Summary.line(summary, request: request)) }
            } catch let partial as PartialRender {
                reporter.finished()
                Console.interrupted(kept: partial)
                throw ExitCode(128 + Interruption.received)
            } catch {
                // Clear the progress bar; reportingFailures prints the error or handles the interruption.
                reporter.finished()
                if error is CancellationError && Interruption.received != 0 {
                    Console.interrupted()
                }
                throw error
            }
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
extension AudioDescriptionOutput: ExpressibleByArgument {}
extension PixelFormat: ExpressibleByArgument {}
extension VideoCodec: ExpressibleByArgument {}
extension EncodingSettings.Quality: ExpressibleByArgument {}

/// The one-line summary printed after a render.
enum Summary {
    static func line(_ s: RenderSummary, request: RenderRequest) -> String {
        let speed = s.wallSeconds > 0 ? Double(s.frames) / s.wallSeconds : 0
        let destination = s.paths.isEmpty ? "standard output"
            : s.paths.count == 1 ? s.paths[0].path : "\(s.paths.count) files, \(s.paths[0].path)…"
        return String(format: "%@: %d %@ (%.2f s at %@ fps, %dx%d) in %.1f s, %.1f fps, %@ → %@",
                      request.scene.name, s.frames, s.frames == 1 ? "frame" : "frames", s.seconds, request.rate.description, request.width, request.height,
                      s.wallSeconds, speed, byteCount(s.bytes), destination)
    }

    static func byteCount(_ n: Int) -> String {
        n >= 1 << 20 ? String(format: "%.1f MB", Double(n) / 1_048_576) : String(format: "%.1f kB", Double(n) / 1024)
    }
}

extension RenderCommand {
    /// `--languages`: each language rendered by this tool in a process of its own (a language is
    /// the process's: its string table, its voice), to MP4 with SubRip captions, then the versions
    /// put into one Matroska file by stream copy.
    func renderLanguages(_ list: String) throws {
        let codes = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !codes.isEmpty, let output else { throw ValidationError("--languages needs at least one language.") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("animate-languages-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let hasNarration = (try? request(readingImages: false))?.scene.narration != nil
        var versions: [LanguageMultiplexer.Version] = []
        for (k, code) in codes.enumerated() {
            let video = scratch.appendingPathComponent("\(k).mp4").path, srt = scratch.appendingPathComponent("\(k).srt").path
            // The lesson as written for a code without a table; else that language's.
            let table = code.lowercased().hasSuffix(".po") || (try? SceneOptions.stringTable(code)) != nil
            var arguments = Self.arguments(without: ["--languages", "-o", "--output"]) + ["-o", video, "--quiet"]
            if table { arguments += ["--language", code] }
            if hasNarration { arguments += ["--captions", srt] }
            if !quiet { Console.note("rendering the lesson in \(code)") }
            let status = try Self.runSelf(arguments)
            guard status == 0 else { throw ExitCode(status) }
            let language = code.lowercased().hasSuffix(".po") ? ((try? StringTable(contentsOf: URL(fileURLWithPath: code)))?.language ?? "und") : code
            versions.append(LanguageMultiplexer.Version(video: video, captions: hasNarration ? srt : nil, language: language))
        }
        // One picture for all when every version's frames are the same (their video digests agree).
        let tags = versions.map { try? VideoConcatenator.comment(of: $0.video) }
        let shares = tags.allSatisfy { $0 != nil && $0 == tags[0] }
        try reportingFailures {
            let file = try OutputFile(destination: URL(fileURLWithPath: output))
            do {
                try LanguageMultiplexer.mux(versions, sharesVideo: shares, to: file.temporary.path,
                                            container: output.lowercased().hasSuffix(".mp4") ? .mp4 : .mkv)
                try file.commit()
            } catch {
                file.discard()
                throw error
            }
        }
        if !quiet {
            Console.report("\(codes.count) languages → \(output) (\(shares ? "one picture, a sound and captions for each" : "a picture, sound and captions for each"))")
        }
    }

    /// This command's arguments with the options named (and their values) left out.
    static func arguments(without names: Set<String>) -> [String] {
        var out: [String] = []
        var skip = false
        for argument in CommandLine.arguments.dropFirst() {
            if skip { skip = false; continue }
            if names.contains(argument) { skip = true; continue }
            if let eq = argument.firstIndex(of: "="), names.contains(String(argument[..<eq])) { continue }
            out.append(argument)
        }
        return out
    }

    /// Runs this executable with `arguments`, its output passed through; its exit status.
    static func runSelf(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

