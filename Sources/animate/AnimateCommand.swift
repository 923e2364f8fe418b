import Animate
import ArgumentParser
import Foundation

/// The `animate` command: a thin front end over the `Animate` library.
@main
struct AnimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Render programmatic 2D animations to MP4, GIF or PNG.",
        discussion: "Run `animate list` to see the built-in scenes; `animate <scene>` renders one.",
        subcommands: [RenderCommand.self, ListCommand.self, HashCommand.self, VerifyCommand.self, SheetCommand.self, ConcatCommand.self],
        defaultSubcommand: RenderCommand.self
    )
}
