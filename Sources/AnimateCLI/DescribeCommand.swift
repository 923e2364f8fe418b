import Animate
import ArgumentParser
import Foundation

/// `describe`: a scene's audio description, where each description is spoken; `--check` lists
/// what is shown with neither narration nor a description.
struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "List the scene's descriptions and where they are spoken; --check finds what is shown undescribed.",
        discussion: """
        Each description is spoken in the first silence of the narration after its moment that holds \
        it (within 5 seconds); one that fits no silence is spoken over what follows, unless the render \
        is --extended, which holds the picture while it is spoken (the list says for how long). A \
        storyboard's text and formulas shown with neither narration nor a description are read aloud \
        as descriptions (formulas in words).

        --check lists the beats that bring something new into view with neither narration nor a \
        description over them, and fails (exit 1) if there is one. A storyboard's beats are its \
        plays; a scene drawn by a closure is looked at, ten frames a second, for spans in which its \
        picture changes.
        """
    )

    @OptionGroup var options: SceneOptions

    @Flag(help: "List the beats shown with neither narration nor a description; fail if there is one.")
    var check = false

    func run() throws {
        let request = try options.request(output: nil, readingImages: true)
        let scene = request.scene
        if check { return try checkBeats(request) }
        let spoken = try reportingFailures { try scene.spokenDescriptions() }
        guard !spoken.isEmpty else {
            try reportingFailures { throw RenderError.descriptionsMissing(scene.name) }
            return
        }
        var lines = ["\(scene.name): \(spoken.count) description\(spoken.count == 1 ? "" : "s"), voice \(Self.name(of: scene.descriptionVoice))"]
        for d in spoken {
            let when = String(format: "%7.2f s  said %.2f–%.2f s", d.cue.time, d.start, d.end)
            lines.append("\(when)\(d.fits ? "" : " (no silence holds it: spoken over what follows; --extended holds the picture)")  \(d.text)")
        }
        for hold in scene.heldFrames {
            lines.append(String(format: "held: frame %d (%.2f s) for %d frames (%.2f s)", hold.frame, request.rate.time(ofFrame: hold.frame),
                                hold.frames, request.rate.time(ofFrame: hold.frames)))
        }
        try reportingFailures { try Console.output(lines.joined(separator: "\n") + "\n") }
    }

    private func checkBeats(_ request: RenderRequest) throws {
        let scene = request.scene
        let beats = scene.visualBeats.isEmpty ? VisualChangeScan.changes(in: request) : scene.visualBeats
        let missing = scene.undescribedBeats(beats)
        var lines: [String] = []
        for beat in missing {
            lines.append(String(format: "%7.2f–%.2f s  ", beat.start, beat.end) + "shows \(beat.shows.joined(separator: ", ")): no narration or description")
        }
        if missing.isEmpty {
            lines.append("\(scene.name): all \(beats.count) beat\(beats.count == 1 ? "" : "s") that show something new are narrated or described")
        }
        try reportingFailures { try Console.output(lines.joined(separator: "\n") + "\n") }
        if !missing.isEmpty {
            Console.error(Undescribed(scene: scene.name, missing: missing.count, beats: beats.count))
            throw ExitCode.failure
        }
    }

    static func name(of voice: Voice) -> String {
        voice.engine == .piper ? "piper:\(voice.name)" : "\(voice.name) (pitch \(voice.pitch))"
    }
}

/// What `describe --check` found: beats shown with neither narration nor a description.
struct Undescribed: Error, CustomStringConvertible {
    let scene: String
    let missing: Int
    let beats: Int
    var description: String { "\(scene): \(missing) of \(beats) beats show something new with neither narration nor a description" }
}
