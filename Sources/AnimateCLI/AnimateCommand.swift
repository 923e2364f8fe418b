import Animate
import ArgumentParser
import Foundation

/// The root command: a thin front end over the `Animate` library.
struct AnimateCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        var subcommands: [ParsableCommand.Type] = [RenderCommand.self, ListCommand.self, HashCommand.self, VerifyCommand.self,
                                                   SheetCommand.self, ConcatCommand.self, FarmCommand.self, ChaptersCommand.self, DescribeCommand.self, PresentCommand.self, MathCommand.self, CodeCommand.self]
        subcommands += Tool.extraCommands
        if Tool.offersNewProject { subcommands.append(NewCommand.self) }
        return CommandConfiguration(
            commandName: Tool.name,
            abstract: "Render programmatic 2D animations to MP4, GIF or PNG.",
            discussion: "Run `\(Tool.name) list` to see the scenes; `\(Tool.name) <scene>` renders one; `\(Tool.name) Lesson.swift` renders a lesson file's.",
            version: ToolBuild.current.map { "\(Tool.name) \($0.version)" } ?? "",
            subcommands: subcommands,
            defaultSubcommand: RenderCommand.self
        )
    }
}
