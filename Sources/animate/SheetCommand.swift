import Animate
import ArgumentParser
import Foundation

/// `animate sheet`: a contact sheet of frames across a scene's duration.
struct SheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Write a PNG grid of frames spread across the scene's duration, to check it at a glance."
    )

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Output PNG (default: <scene>-sheet.png).", valueName: "path"))
    var output: String?

    @Option(help: "Columns of frames.")
    var columns: Int = 4

    @Option(help: "Rows of frames.")
    var rows: Int = 3

    func validate() throws {
        guard (1...16).contains(columns), (1...16).contains(rows) else { throw ValidationError("--columns and --rows must be 1...16.") }
    }

    func run() throws {
        var sized = options
        if sized.size == nil { sized.size = FrameSize(argument: "480x270") }   // thumbnails by default
        let request = try reportingFailures { try sized.request(output: URL(fileURLWithPath: "/dev/null"), format: .png) }
        let url = URL(fileURLWithPath: output ?? "\(options.scene)-sheet.png")
        try reportingFailures {
            let sheet = try ContactSheet.render(request, columns: columns, rows: rows)
            try sheet.writePNG(to: url)
            FileHandle.standardError.write(Data("\(options.scene): \(columns * rows) frames → \(url.path)\n".utf8))
        }
    }
}

