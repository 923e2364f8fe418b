import Animate
import ArgumentParser
import Foundation

/// `hash`: a frame-hash manifest in FFmpeg's framemd5 format.
struct HashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash",
        abstract: "Print the MD5 of each frame's RGBA bytes, in FFmpeg's framemd5 format.",
        discussion: """
        The output is a manifest: FFmpeg's framemd5 lines (the same as `ffmpeg -f rawvideo -pix_fmt rgba \
        -s WxH -r FPS -i frames.rgba -f framemd5 -` prints for the same frames) plus an `#animate:` line \
        with what is needed to re-render them. A render with sound also gets the sound's lines, so a \
        changed narration or cue is caught. Check it later with `verify`.
        """
    )

    @OptionGroup var options: SceneOptions

    @Option(help: "Hash every Nth frame of the range.")
    var step: Int = 1

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the manifest here instead of standard output.", valueName: "path"))
    var output: String?

    @Flag(help: "Also store each frame as a PNG in a folder named after the manifest (m.framemd5: m.frames/), as references for `verify --diff`.")
    var saveFrames = false

    @Flag(name: .customLong("no-audio"), help: "Leave the sound out. By default a render with sound (narration, cues, --audio) also gets FFmpeg's framemd5 audio lines: stream 1, 16-bit 48 kHz stereo, 1024-sample packets.")
    var noAudio = false

    func validate() throws {
        if saveFrames && output == nil { throw ValidationError("--save-frames needs -o: the frames are stored beside the manifest.") }
        _ = try options.request(output: nil, step: step, readingImages: false)
    }

    func run() throws {
        let request = try options.request(output: nil, step: step)
        Interruption.arm()
        let url = output.map { URL(fileURLWithPath: $0) }
        try reportingFailures {
            // Reference frames and manifest are replaced together, only when both are complete.
            // Both checked before any frame is drawn.
            let file = try url.map { try OutputFile(destination: $0) }
            let frames = try saveFrames ? url.map { try OutputDirectory(destination: Self.referenceDirectory(for: $0)) } : nil
            defer { frames?.discard() }
            let manifest: FrameManifest
            do {
                manifest = try FrameHashing.manifest(for: request, includingAudio: request.hasSound && !noAudio, saveFramesTo: frames?.temporary,
                                                     isCancelled: { Interruption.received != 0 })
            } catch let OutputError.cannotWrite(path, reason) where frames.map({ path.hasPrefix($0.temporary.path + "/") }) == true {
                // A reference frame that cannot be written is named where it was going, not where it was staged.
                let name = String(path.dropFirst(frames!.temporary.path.count + 1))
                throw OutputError.cannotWrite(path: frames!.destination.appendingPathComponent(name).path, reason)
            }
            if let file {
                try file.write(Data(manifest.text.utf8))
                try frames?.commit()
                try file.commit()
            } else {
                try Console.output(manifest.text)
            }
        }
    }

    /// Where reference frames of a manifest live: `<manifest without extension>.frames/`.
    static func referenceDirectory(for manifest: URL) -> URL {
        manifest.deletingPathExtension().appendingPathExtension("frames")
    }
}

/// `verify`: re-render the frames of a manifest and compare.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Re-render the frames a manifest names and report every mismatch (exit 0 only when all match)."
    )

    @Argument(help: "A manifest written by `hash`.")
    var manifest: String

    @Option(help: ArgumentHelp("Write evidence for each mismatching frame here: the actual frame, and a diff image when a reference frame is stored beside the manifest.", valueName: "dir"))
    var diff: String?

    @Option(help: "Threads drawing (default: the number of cores): frames of their own, or bands of one frame when there are more threads than frames.")
    var threads: Int?

    @Flag(help: "Print nothing when every frame matches.")
    var quiet = false

    func run() throws {
        let url = URL(fileURLWithPath: manifest)
        Interruption.arm()
        try reportingFailures {
            let parsed = try FrameManifest(contentsOf: url, isCancelled: { Interruption.received != 0 })
            guard let scene = try? Tool.catalog.scene(named: parsed.scene) else {
                throw ManifestError.unknownScene(path: url.path, scene: parsed.scene)
            }
            var verifier = FrameVerifier(manifest: parsed, scene: scene, threads: threads)
            verifier.referenceDirectory = HashCommand.referenceDirectory(for: url)
            verifier.diffDirectory = diff.map { URL(fileURLWithPath: $0) }
            let mismatches: [FrameMismatch]
            let audioMismatches: [AudioMismatch]
            do {
                // Progress on stderr for a long check (stdout holds the verdict).
                let reporter = ProgressReporter(label: "verify", silentFor: 2)
                defer { reporter.finished() }
                mismatches = try verifier.run(progress: quiet ? nil : reporter, isCancelled: { Interruption.received != 0 })
                audioMismatches = try verifier.audioMismatches(isCancelled: { Interruption.received != 0 })
            } catch let error as RenderError {
                // The manifest, not the command line, broke a rule: a failure naming the file.
                throw ManifestError.refusedRender(path: url.path, reason: "\(error)")
            }
            for m in mismatches {
                var line = "frame \(m.index): expected \(m.expected), got \(m.actual)"
                if let n = m.changedPixels, let d = m.maxChannelDifference {
                    line += " (\(n) pixel\(n == 1 ? "" : "s") differ from the reference, max channel difference \(d))"
                }
                if !m.evidence.isEmpty { line += "; see \(m.evidence.map(\.path).joined(separator: ", "))" }
                try Console.output(line + "\n")
            }
            for m in audioMismatches {
                try Console.output(String(format: "sound at %.3f s (sample %d): expected %@, got %@\n", m.time, m.sample,
                                          m.expected ?? "no packet", m.actual ?? "no packet"))
            }
            let sound = parsed.includesAudio ? " and their sound" : ""
            if mismatches.isEmpty && audioMismatches.isEmpty {
                if !quiet { try Console.output("\(parsed.frames.count) frames\(sound) match \(url.lastPathComponent)\n") }
            } else {
                if !mismatches.isEmpty {
                    try Console.output("\(mismatches.count) of \(parsed.frames.count) frames differ from \(url.lastPathComponent)\n")
                }
                if !audioMismatches.isEmpty {
                    try Console.output("\(audioMismatches.count) of \(parsed.audio.count) sound packets differ from \(url.lastPathComponent)\n")
                }
                throw ExitCode.failure
            }
        }
    }
}
