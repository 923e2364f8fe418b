public import Animate
public import ArgumentParser
import Foundation

/// The `animate` command line for your own scenes: every subcommand and option of `animate`
/// (render, list, sheet, hash, verify, concat, `--shard`), with its progress bar, interruption
/// handling and exit codes, in an executable of your package:
///
/// ```swift
/// import AnimateCLI
///
/// @main enum MyLessons {
///     static func main() { AnimateCLI.main(scenes: [intro, triangles]) }
/// }
/// ```
///
/// Then `swift run -c release my-lessons intro -o intro.mp4`.
public enum AnimateCLI {
    /// Parses the command line, runs the command with `scenes`, and exits with its code. `commands`
    /// adds subcommands from other products, e.g. `[PreviewCommand.self]` from `AnimatePreview`.
    public static func main(scenes: [Scene], commands: [ParsableCommand.Type] = []) {
        main(catalog: SceneCatalog(scenes), commands: commands)
    }

    /// Parses the command line, runs the command with the scenes of `catalog`, and exits with its
    /// code. `offersNewProject` adds `new`, which starts a package of your own (the `animate` tool's).
    public static func main(catalog: SceneCatalog, offersNewProject: Bool = false, commands: [ParsableCommand.Type] = [],
                            arguments: [String]? = nil) {
        exit(ThreadStack.run { start(catalog: catalog, offersNewProject: offersNewProject, commands: commands, arguments: arguments) })
    }

    private static func start(catalog: SceneCatalog, offersNewProject: Bool, commands: [ParsableCommand.Type],
                              arguments: [String]?) -> Int32 {
        Tool.name = URL(fileURLWithPath: CommandLine.arguments.first ?? "animate").lastPathComponent
        // First: a signal from here on is never lost (see `Interruption`).
        Interruption.install(tool: Tool.name)
        Console.holdStandardDescriptors()
        MemoryBudget.limitAddressSpaceOverhead()
        Tool.catalog = catalog
        Tool.offersNewProject = offersNewProject
        Tool.extraCommands = commands
        if let setting = FontLibrary.unusableConfigurationFile {
            Console.note("\(setting) is not a readable regular file of at most 1 MB; fonts come from the system's fontconfig configuration")
        }
        FontLibrary.noted = { Console.note($0) }
        RenderWarnings.handler = { Console.warning($0) }
        OutputFile.removedStaleFile = { url in
            Console.note("removed \(url.path), a temporary file left by a run that was killed")
        }
        var arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        // `animate Lesson.swift ...`: the lesson's scenes are the catalog (not for the commands
        // that read a Swift file as text or take no scene).
        let lesson = LessonSource.split(arguments)
        if !lesson.files.isEmpty, !["code", "math", "concat", "new", "help"].contains(arguments.first ?? "") {
            do throws(LessonSource.Failure) {
                let scenes = try LessonSource(files: lesson.files).scenes()
                Tool.catalog = SceneCatalog(scenes)
                Tool.defaultScene = scenes.first?.name
                Tool.lessonFiles = lesson.files
                AssetCatalog.searchFolder = lesson.folder ?? lesson.files.first?.deletingLastPathComponent()
            } catch {
                if case .compile(let log, _) = error { Console.write(log.hasSuffix("\n") ? log : log + "\n") }
                Console.error(error)
                return ExitCode.failure.rawValue
            }
            arguments = lesson.rest
        }
        return run(arguments)
    }

    /// Parses and runs one command line, printing what argument-parser has to say (help, a usage
    /// mistake) as `answer(to:)` words it.
    static func run(_ arguments: [String]) -> Int32 {
        do {
            var command = try AnimateCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch {
            let (text, code) = answer(to: error)
            guard !text.isEmpty else { return code.rawValue }
            guard code == .success else {
                Console.write(text)
                return code.rawValue
            }
            do { try Console.output(text) } catch {
                Console.error(error)
                return ExitCode.failure.rawValue
            }
            return code.rawValue
        }
    }

    /// What argument-parser prints for `error` and the exit code, with the user's own text made
    /// visible, since a usage mistake quotes the argument back.
    static func answer(to error: any Error) -> (text: String, code: ExitCode) {
        let message = AnimateCommand.fullMessage(for: error)
        let code = AnimateCommand.exitCode(for: error)
        guard !message.isEmpty else { return ("", code) }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { Console.visible(String($0)) }
        return (lines.joined(separator: "\n") + "\n", code)
    }
}

/// What the running tool knows: set once by `AnimateCLI.main` before any argument is parsed.
package enum Tool {
    nonisolated(unsafe) package static var catalog = SceneCatalog([])
    nonisolated(unsafe) static var offersNewProject = false
    nonisolated(unsafe) static var extraCommands: [ParsableCommand.Type] = []
    /// The executable's name, as commands and messages show it.
    nonisolated(unsafe) package static var name = "animate"
    /// The scene commands take when none is named: a lesson file's first.
    nonisolated(unsafe) package static var defaultScene: String?
    /// The lesson files the scenes came from, if they did (`preview --watch` watches them).
    nonisolated(unsafe) package static var lessonFiles: [URL] = []
}
