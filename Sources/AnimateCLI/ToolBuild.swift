package import Foundation

/// Where this tool was built: the checkout and configuration its executable came from, and how
/// SwiftPM compiled Swift against its modules there (the arguments of its build plan,
/// `.build/<configuration>.yaml`), so a lesson's own files compile against the same modules.
package struct ToolBuild: Sendable {
    /// The checkout the executable was built in.
    package let root: URL
    /// `debug` or `release`.
    package let configuration: String
    /// The executable itself.
    package let executable: URL

    /// The build of `executable`, found from its path (`<root>/.build/<triple>/<configuration>/...`).
    package init?(executable: URL) {
        let components = executable.resolvingSymlinksInPath().pathComponents
        guard let build = components.lastIndex(of: ".build"), build + 2 < components.count else { return nil }
        root = URL(fileURLWithPath: NSString.path(withComponents: Array(components[..<build])))
        configuration = components[components.count - 2]
        self.executable = executable.resolvingSymlinksInPath()
    }

    /// The build this process runs from.
    package static var current: ToolBuild? {
        ToolBuild(executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
    }

    /// What `--version` says: where the tool was built and when, and the checkout's commit.
    package var version: String {
        let built = (try? FileManager.default.attributesOfItem(atPath: executable.path)[.modificationDate] as? Date).map {
            ISO8601DateFormatter.string(from: $0, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withInternetDateTime])
        } ?? "at an unknown time"
        return "built in \(root.path) (\(configuration)) \(built)" + (commit.map { "; the checkout is at \($0)" } ?? "")
    }

    /// The commit the checkout is at now (read from its `.git`), or nil.
    package var commit: String? {
        var git = root.appendingPathComponent(".git")
        // A worktree's `.git` is a file naming its folder.
        if let pointer = try? String(contentsOf: git, encoding: .utf8), pointer.hasPrefix("gitdir: ") {
            git = URL(fileURLWithPath: pointer.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: root)
        }
        guard let head = try? String(contentsOf: git.appendingPathComponent("HEAD"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard head.hasPrefix("ref: ") else { return String(head.prefix(12)) }
        let ref = String(head.dropFirst(5))
        var folders = [git]
        if let common = try? String(contentsOf: git.appendingPathComponent("commondir"), encoding: .utf8) {
            folders.append(URL(fileURLWithPath: common.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: git))
        }
        for folder in folders {
            if let hash = try? String(contentsOf: folder.appendingPathComponent(ref), encoding: .utf8) { return String(hash.prefix(12)) }
            if let packed = try? String(contentsOf: folder.appendingPathComponent("packed-refs"), encoding: .utf8) {
                for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) { return String(line.prefix(12)) }
            }
        }
        return nil
    }

    /// The build plan SwiftPM wrote for this configuration.
    package var plan: URL { root.appendingPathComponent(".build/\(configuration).yaml") }

    /// The compiler and its arguments for one library that imports `Animate`, as SwiftPM compiles
    /// `module` of the plan (search paths, C module maps, optimization), without that module's
    /// inputs, outputs and upcoming language features: a lesson is plain Swift 5.
    package func libraryCommand(like module: String) -> [String]? {
        guard let yaml = try? String(contentsOf: plan, encoding: .utf8),
              let command = Self.moduleCommands(in: yaml).first(where: { $0.module == module }) else { return nil }
        var arguments: [String] = []
        var skip = false
        for argument in Self.libraryArguments(command.arguments) {
            if skip { skip = false; continue }
            if argument == "-enable-upcoming-feature" || argument == "-enable-experimental-feature" { skip = true; continue }
            arguments.append(argument)
        }
        return arguments
    }

    /// Runs a tool (`arguments[0]`, a path), in `directory` when given (its temporary files too);
    /// its exit status (-1 when it could not start) and what it printed on either stream. A
    /// signal that ends this process ends the tool and the jobs it started (`ToolProcess`).
    package static func run(_ arguments: [String], in directory: URL? = nil) -> (status: Int32, log: String) {
        ToolProcess.run(arguments, in: directory)
    }

    /// A module's compile command in a build plan: its name, Swift sources and arguments.
    package struct ModuleCommand: Sendable {
        package let module: String
        package let sources: [String]
        package let arguments: [String]
    }

    /// The Swift module compile commands of a SwiftPM build plan (`.build/debug.yaml`).
    package static func moduleCommands(in yaml: String) -> [ModuleCommand] {
        var commands: [ModuleCommand] = []
        var inputs: [String] = []
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: true) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("inputs: ") {
                inputs = jsonStrings(text.dropFirst("inputs: ".count))
            } else if text.hasPrefix("args: ") {
                let args = jsonStrings(text.dropFirst("args: ".count))
                guard args.first?.hasSuffix("swiftc") == true, let i = args.firstIndex(of: "-module-name"), i + 1 < args.count,
                      args.contains("-emit-module") else { continue }
                commands.append(ModuleCommand(module: args[i + 1], sources: inputs.filter { $0.hasSuffix(".swift") }, arguments: args))
            }
        }
        return commands
    }

    /// The strings of a JSON array of strings (empty when it is not one).
    static func jsonStrings(_ text: Substring) -> [String] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String] ?? []
    }

    /// `arguments` for one whole-module library build: SwiftPM's flags for the module (search
    /// paths, C module maps, defines, optimization, language mode) without its inputs, outputs,
    /// incremental bookkeeping, index and debug info.
    package static func libraryArguments(_ arguments: [String]) -> [String] {
        let withValue: Set<String> = ["-module-name", "-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path"]
        let dropped: Set<String> = ["-emit-dependencies", "-emit-module", "-incremental", "-enable-batch-mode", "-serialize-diagnostics",
                                    "-parseable-output", "-emit-objc-header", "-c", "-g"]
        let passing: Set<String> = ["-Xcc", "-Xlinker", "-Xfrontend", "-Xclang-linker"]
        var result: [String] = []
        var skip = false, pass = false
        for argument in arguments {
            if skip { skip = false; continue }
            // An argument handed on to another tool goes with the flag before it, whatever it says.
            if pass { pass = false; result.append(argument); continue }
            if passing.contains(argument) { pass = true; result.append(argument); continue }
            if withValue.contains(argument) { skip = true; continue }
            if dropped.contains(argument) || argument.hasPrefix("@") || argument.hasPrefix("-j") { continue }
            result.append(argument)
        }
        return result + ["-wmo"]
    }
}
