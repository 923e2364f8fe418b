import Animate
import ArgumentParser
import Foundation

/// `concat`: join rendered segments (shards) by stream copy.
struct ConcatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "concat",
        abstract: "Join MP4 segments (e.g. --shard renders) into one file by stream copy, without re-encoding.",
        discussion: "Segments must come from the same scene options (size, fps, encoder settings), in order."
    )

    @Argument(help: "The segments, in order.")
    var segments: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The joined MP4.", valueName: "path"))
    var output: String

    func run() throws {
        let join = try reportingFailures { try SegmentJoin(segments: segments.map { URL(fileURLWithPath: $0) }, output: URL(fileURLWithPath: output)) }
        try reportingFailures {
            let frames = try join.run()
            FileHandle.standardError.write(Data("joined \(segments.count) segments, \(frames) frames → \(join.output.path)\n".utf8))
        }
    }
}
