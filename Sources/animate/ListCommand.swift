import Animate
import ArgumentParser

/// `animate list`: each scene with its description and default duration.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the built-in scenes.")

    func run() {
        let width = BuiltinScenes.all.map(\.name.count).max() ?? 0
        for scene in BuiltinScenes.all {
            let name = scene.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let seconds = scene.duration.rounded() == scene.duration ? String(Int(scene.duration)) : String(scene.duration)
            print("\(name)  \(seconds.leftPadded(to: 3)) s  \(scene.description)")
        }
    }
}

extension String {
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
