public import Animate
public import ArgumentParser
import Foundation

extension CaptionStyle.Highlight: ExpressibleByArgument {}
extension CaptionStyle.Position: ExpressibleByArgument {}

extension FrameRate: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension FrameSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension FrameSelection: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

/// A `--max-memory` value: bytes, or a number with K, M, G or T.
package struct MemorySize: ExpressibleByArgument {
    package let bytes: Int
    package init?(argument: String) {
        guard let bytes = MemoryPlan.bytes(parsing: argument) else { return nil }
        self.bytes = bytes
    }
}

extension Shard: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

/// Options shared by every command that renders frames of a scene.
package struct SceneOptions: ParsableArguments {
    @Argument(help: "The scene to render (see the `list` command; a lesson file's first when not named).")
    package var scene: String?

    /// The scene named, or the lesson's first.
    package var name: String { scene ?? Tool.defaultScene ?? "" }

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second: an integer, a decimal, or a fraction such as 30000/1001 (at most \(RenderRequest.maximumFrameRate)).", valueName: "fps"))
    package var fps: FrameRate = FrameRate(numerator: 60)!

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame size in pixels, WxH (each \(RenderRequest.sizeLimits.lowerBound)...\(RenderRequest.sizeLimits.upperBound); default: the scene's size).", valueName: "WxH"))
    package var size: FrameSize?

    @Option(parsing: .unconditional, help: ArgumentHelp("Duration in seconds (default: the scene's own).", valueName: "seconds"))
    package var duration: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("The first N frames, or an inclusive range of frame indices A..B.", valueName: "N|A..B"))
    package var frames: FrameSelection?

    @Option(help: ArgumentHelp("Only this section of a storyboard scene (its frames, as with --frames).", valueName: "name"))
    package var section: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Render shard I of N (0-based): one contiguous part of the frames, as a self-contained segment; join with `concat`.", valueName: "I/N"))
    package var shard: Shard?

    @Option(help: "Seed for the scene's random numbers.")
    package var seed: UInt64 = 0

    @Option(help: "Threads drawing (default: the number of cores): frames of their own, or bands of one frame when there are more threads than frames.")
    package var threads: Int?

    @Option(help: ArgumentHelp("A folder of PNG/JPEG pictures for scenes that show pictures.", valueName: "dir"))
    package var images: String?

    @Option(help: ArgumentHelp("An Xcode asset catalog (Assets.xcassets) that Color(\"name\"), Image(\"name\") and UIImage(named:) read (default: those found beside the lesson file, or in the current folder).", valueName: "dir"))
    package var assets: String?

    @Option(help: ArgumentHelp("A sound file to play under the scene's own sounds (WAV, FLAC, MP3, M4A, Ogg/Opus: anything FFmpeg reads); cut at the video's end, padded with silence. MP4, MOV and MKV only.", valueName: "file"))
    package var audio: String?

    @Option(name: .customLong("audio-offset"), parsing: .unconditional, help: ArgumentHelp("Start the --audio file this many seconds into the scene (negative: skip its first seconds).", valueName: "seconds"))
    package var audioOffset: Double = 0

    @Option(name: .customLong("audio-gain"), parsing: .unconditional, help: ArgumentHelp("Volume of the --audio file: 1 as recorded, 0.5 about 6 dB quieter.", valueName: "gain"))
    package var audioGain: Double = 1

    @Flag(name: .customLong("burn-captions"), help: "Draw the narration's captions over the frames.")
    package var burnCaptions = false

    @Option(name: .customLong("caption-style"), help: ArgumentHelp("How burnt-in captions show the word being spoken: none, color, pill, karaoke or pop (implies --burn-captions). A portrait frame gets short-video captions: larger, in its safe area.", valueName: "style"))
    package var captionStyle: CaptionStyle.Highlight?

    @Option(name: .customLong("caption-position"), help: "Where burnt-in captions sit: bottom, middle or top (implies --burn-captions).")
    package var captionPosition: CaptionStyle.Position?

    @Option(help: ArgumentHelp("Render the lesson in another language: a gettext .po file of its strings (narration lines, Text literals, the words it times beats on), or a language code whose CODE.po is in a Localizations folder beside the lesson file or in the current folder (from a checkout, Scenes/Localizations holds the built-in lessons'). The narration is spoken in the file's X-Voice (or espeak-ng's voice for its Language) and the beats wait for it.", valueName: "file|code"))
    package var language: String?

    @Option(help: ArgumentHelp("Speak the narration in this voice instead of the one the lesson gives (lines that name their own keep it): piper:joe (or piper), espeak:fr, or an espeak-ng voice name.", valueName: "voice"))
    package var voice: String?

    @Flag(help: "Extended audio description: where a description finds no silence in the narration long enough, hold the picture (and pause its sound) while it is spoken, then go on.")
    package var extended = false

    @Option(help: ArgumentHelp("A scripted user for a scene that shows a SwiftUI view: a JSON touch track ([{\"wait\": 1}, {\"tap\": \"Start\"}, {\"drag\": {\"from\": [300, 400], \"by\": [-240, 0], \"duration\": 0.3}}, {\"longPress\": \"Photo\"}]) in place of any the lesson writes.", valueName: "file"))
    var touches: String?

    @Option(name: .customLong("max-memory"), help: ArgumentHelp("The memory the render may use, e.g. 800M or 2G (default: what the system or its cgroup has available); fewer drawing threads are used to stay within it.", valueName: "size"))
    package var maxMemory: MemorySize?

    package init() {}

    package func validate() throws {
        guard scene != nil || Tool.defaultScene != nil else { throw ValidationError("Missing expected argument '<scene>'") }
        _ = try reportingFailures { try Tool.catalog.scene(named: name) }
    }

    /// The string table `--language` names: a .po file, or a code's `CODE.po` in a
    /// `Localizations` folder: beside the lesson file, in the current folder, or the built-in
    /// lessons' (`Scenes/Localizations`, from a checkout).
    static func stringTable(_ language: String) throws -> StringTable {
        var path = language
        if !language.lowercased().hasSuffix(".po") {
            let folders = Tool.lessonFiles.map { $0.deletingLastPathComponent().appendingPathComponent("Localizations").path }
                + ["Localizations", "Scenes/Localizations"]
            let candidates = folders.map { "\($0)/\(language).po" }
            path = candidates.first { FileManager.default.fileExists(atPath: $0) } ?? "Localizations/\(language).po"
        }
        guard FileManager.default.fileExists(atPath: path) else { throw LanguageFileError(path: path, reason: "no such file") }
        do { return try StringTable(contentsOf: URL(fileURLWithPath: path)) } catch let error as StringTable.ParseError {
            throw LanguageFileError(path: path, reason: error.description)
        } catch {
            throw LanguageFileError(path: path, reason: "cannot be read (\(error.localizedDescription))")
        }
    }

    /// Burnt-in captions as `--caption-style` and `--caption-position` ask: a word style looks
    /// as short videos do (`CaptionStyle.short`).
    private var burntCaptionStyle: CaptionStyle {
        var style = CaptionStyle.standard
        if let highlight = captionStyle {
            if highlight != .none { style = .short }
            style.highlight = highlight
        }
        if let captionPosition { style.position = captionPosition }
        return style
    }

    /// The request these options describe. The rules are checked first with the scene as it is
    /// without inputs (a usage error, exit 64, before any picture is read); then, with
    /// `readingImages`, `--images` is read (a failure, exit 1, naming the file) and the scene made
    /// with it. Commands check the rules in `validate()`, so a broken one is reported with their usage.
    package func request(output: Output?, size defaultSize: FrameSize? = nil, stillTime: Double? = nil, step: Int = 1,
                 encoding: EncodingSettings = EncodingSettings(), lowMemory: Bool = false,
                 readingImages: Bool = true, quiet: Bool = false) throws -> RenderRequest {
        func make(_ inputs: SceneInputs) throws -> RenderRequest {
            let scene = try reportingFailures { try Tool.catalog.scene(named: name, inputs: inputs) }
            if let touches {
                guard let override = scene.touchOverride else {
                    throw ValidationError("--touches scripts the user of a scene that shows a SwiftUI view; '\(scene.name)' is drawn otherwise.")
                }
                override.file = try reportingFailures { try TouchTrackFile(contentsOf: URL(fileURLWithPath: touches)) }
            }
            let plain = try reportingFailures { try make(scene, inputs) }
            guard extended else { return plain }
            // Held on the frames of the rate the render has.
            let held = try reportingFailures { try scene.extended(at: plain.rate) }
            return try reportingFailures { try make(held, inputs) }
        }
        func make(_ scene: Scene, _ inputs: SceneInputs) throws(RenderError) -> RenderRequest {
            try RenderRequest(scene: scene, output: output, size: size ?? defaultSize,
                              rate: fps, duration: duration, frames: frames, shard: shard, stillTime: stillTime, step: step,
                              seed: seed, threads: threads, encoding: encoding, lowMemory: lowMemory,
                              soundtrack: audio.map { Soundtrack(path: $0, offset: audioOffset, gain: audioGain) },
                              burnsCaptions: burnCaptions || captionStyle != nil || captionPosition != nil, captionStyle: burntCaptionStyle,
                              maximumMemory: maxMemory?.bytes, section: section)
        }
        if let assets {
            AssetCatalog.current = try reportingFailures { try AssetCatalog(contentsOf: URL(fileURLWithPath: assets)) }
        }
        if let language {
            StringTable.active = try reportingFailures { try Self.stringTable(language) }
        }
        if let voice {
            // The voice rides on the string table (the lesson's own strings when there is none).
            let spec = voice.lowercased() == "piper" ? "piper:joe" : voice
            let table = StringTable.active
            StringTable.active = StringTable(entries: table?.entries ?? [:], language: table?.language, voice: spec)
        }
        let request = try make(SceneInputs())
        guard readingImages, let images else { return request }
        // Pictures are kept at the size this render's frames can show them.
        let side = max(request.width, request.height)
        let reporter = ProgressReporter(label: "reading pictures", unit: "pictures", silentFor: 2)
        let inputs = try reportingFailures {
            try SceneInputs(imagesIn: URL(fileURLWithPath: images), fitting: side, progress: quiet ? nil : reporter,
                            isCancelled: { Interruption.received != 0 })
        }
        return try make(inputs)
    }
}

/// A `--language` file that cannot be used: its path and why, in one line.
struct LanguageFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot read the strings of --language \(path): \(reason)" }
}

