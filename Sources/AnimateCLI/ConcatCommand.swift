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

    func validate() throws {
        guard !segments.isEmpty else { throw ValidationError("Give at least one segment to join.") }
        guard (output as NSString).pathExtension.lowercased() == "mp4" else { throw ValidationError("The joined file must be an .mp4.") }
    }

    func run() throws {
        try reportingFailures {
            let url = URL(fileURLWithPath: output)
            let file = try OutputFile(destination: url)
            defer { file.discard() }
            let frames = try VideoConcatenator.concatenate(segments.map { URL(fileURLWithPath: $0).path }, to: file.temporary.path)
            try file.commit()
            FileHandle.standardError.write(Data("joined \(segments.count) segments, \(frames) frames → \(url.path)\n".utf8))
        }
    }
}
