import Animate
import ArgumentParser
import Foundation

/// `concat`: join rendered segments (shards) by stream copy.
struct ConcatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "concat",
        abstract: "Join video segments (e.g. --shard renders; MP4, MOV, MKV or WebM, one codec) into one file by stream copy, without re-encoding.",
        discussion: """
        Segments must come from the same scene options (size, fps, encoder settings), in order; \
        each is decoded whole first, and a damaged or truncated one is refused before anything \
        is written. Shards are rendered without sound; the joined file gets the render's whole \
        sound (the scene's narration and cues), mixed as a single render mixes it. Segments \
        rendered with --audio need the same file given here: concat reads no file its segments name.
        """
    )

    @Argument(help: "The segments, in order.")
    var segments: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The joined file: .mp4, .mov, .mkv or .webm (it may differ from the segments' container if it holds their codec).", valueName: "path"))
    var output: String

    @Option(help: ArgumentHelp("The sound file the segments were rendered with (--audio), matched by name; repeat for several.", valueName: "path"))
    var audio: [String] = []

    @Flag(help: "Join segments whose render tags say they are out of order, have a gap or a repeat, or come from different renders (each is still decoded whole); a warning says which.")
    var force = false

    func run() throws {
        var join = try reportingFailures {
            try SegmentJoin(segments: segments.map { URL(fileURLWithPath: $0) }, output: URL(fileURLWithPath: output),
                            soundtracks: audio.map { URL(fileURLWithPath: $0) })
        }
        join.joinsOutOfSequence = force
        // No lesson code runs here: the join stops by itself, however long its sound takes to mix.
        Interruption.arm(stopsWithin: nil)
        try reportingFailures {
            let summary: SegmentJoin.Summary
            do {
                summary = try join.run(soundFrom: Tool.catalog, isCancelled: { Interruption.received != 0 })
            } catch is CancellationError where Interruption.received != 0 {
                Console.interrupted()
                throw CancellationError()
            }
            for warning in summary.warnings { Console.warning(warning) }
            let sound = summary.hasSound ? " with sound" : ""
            Console.report("joined \(segments.count) segments, \(summary.frames) frames\(sound) → \(join.output.path)")
        }
    }
}
