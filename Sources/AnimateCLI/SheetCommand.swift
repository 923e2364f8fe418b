import Animate
import ArgumentParser
import Foundation

/// `sheet`: a contact sheet of frames across a scene's duration.
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
        let request = try options.request(output: nil, size: ContactSheet.defaultThumbnailSize, readingImages: false)
        _ = try reportingFailures { try ContactSheet(request, columns: columns, rows: rows) }
    }

    func run() throws {
        let request = try options.request(output: nil, size: ContactSheet.defaultThumbnailSize)
        let sheet = try reportingFailures { try ContactSheet(request, columns: columns, rows: rows) }
        let url = URL(fileURLWithPath: output ?? "\(options.name)-sheet.png")
        Interruption.arm()
        try reportingFailures {
            let renderer = Renderer(request: request)
            renderer.isCancelled = { Interruption.received != 0 }
            do {
                try renderer.run(into: sheet, frames: sheet.indices)
                try Interruption.check()
                let png = try sheet.pngData()
                // The last moment a signal can keep the previous sheet.
                try Interruption.check()
                try OutputFile.write(png, to: url)
            } catch is CancellationError where Interruption.received != 0 {
                Console.interrupted()
                throw CancellationError()
            }
            Console.report("\(options.name): \(sheet.indices.count) frames → \(url.path)")
        }
    }
}
