import Animate
import ArgumentParser

/// `list`: each scene with its default duration and description.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the scenes.")

    func run() throws {
        let scenes = Tool.catalog.scenes()
        let width = scenes.map(\.name.count).max() ?? 0
        for scene in scenes {
            let name = scene.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let seconds = scene.duration.rounded() == scene.duration ? String(Int(scene.duration)) : String(format: "%.2f", scene.duration)
            let padded = String(repeating: " ", count: max(0, 3 - seconds.count)) + seconds
            try reportingFailures { try Console.output("\(name)  \(padded) s  \(scene.description)\n") }
        }
    }
}
