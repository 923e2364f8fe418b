import Animate
import ArgumentParser
import Foundation

/// `concat`: join rendered segments (shards) by stream copy.
struct ConcatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "concat",
        abstract: "Join video segments (e.g. --shard renders; MP4, MOV, MKV or WebM, one codec) into one file by stream copy, without re-encoding.",
        discussion: """
        Segments must come from the same scene options (size, fps, encoder settings), in order. \
        Shards are rendered without sound; the joined file gets the render's whole sound (the \
        scene's narration and cues, and the --audio file), mixed as a single render mixes it.
        """
    )

    @Argument(help: "The segments, in order.")
    var segments: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The joined file: .mp4, .mov, .mkv or .webm (it may differ from the segments' container if it holds their codec).", valueName: "path"))
    var output: String

    func run() throws {
        let join = try reportingFailures { try SegmentJoin(segments: segments.map { URL(fileURLWithPath: $0) }, output: URL(fileURLWithPath: output)) }
        Interruption.install()
        try reportingFailures {
            let audio = try join.sound(in: Tool.catalog)
            let frames: Int
            do {
                frames = try join.run(audio: audio, isCancelled: { Interruption.received != 0 })
            } catch is CancellationError where Interruption.received != 0 {
                Console.interrupted()
                throw CancellationError()
            }
            let sound = audio == nil ? "" : " with sound"
            Console.report("joined \(segments.count) segments, \(frames) frames\(sound) → \(join.output.path)")
        }
    }
}
