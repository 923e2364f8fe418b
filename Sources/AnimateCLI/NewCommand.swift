import ArgumentParser
import Foundation

/// `new`: start a package of your own with an example scene.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a SwiftPM package with an example scene and its own command line.",
        discussion: """
        The package depends on animate from the checkout this tool was built from (by path), or \
        from --package-url or --package-path. Then, in the new folder: \
        `swift run -c release <name> intro -o intro.mp4`.
        """
    )

    @Argument(help: ArgumentHelp("The folder to create; its name is the package's and the executable's.", valueName: "dir"))
    var directory: String

    @Option(help: ArgumentHelp("Depend on the animate checkout in this folder.", valueName: "path"))
    var packagePath: String?

    @Option(help: ArgumentHelp("Depend on animate's git repository at this URL (main branch).", valueName: "url"))
    var packageURL: String?

    func validate() throws {
        if packagePath != nil && packageURL != nil { throw ValidationError("Give --package-path or --package-url, not both.") }
    }

    func run() throws {
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        let checkout = packagePath.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? ProjectTemplate.builtFromCheckout
        let dependency: ProjectTemplate.Dependency
        if let packageURL {
            dependency = .git(packageURL)
        } else if let checkout {
            dependency = .path(checkout.path)
        } else {
            throw ValidationError("This \(Tool.name) was not built from a checkout that still exists: give --package-url URL or --package-path DIR.")
        }
        var template: ProjectTemplate
        do {
            template = try ProjectTemplate(name: target.lastPathComponent, dependency: dependency,
                                           gitURL: checkout.flatMap(ProjectTemplate.originURL(ofCheckout:)))
        } catch {
            throw ValidationError("\(error)")
        }
        // `#Preview` in the package's SwiftUI files: the plugin from the checkout it depends on.
        if case .path(let root) = dependency, let swiftc = ToolBuild.current?.libraryCommand(like: "AnimateScenes")?.first {
            do {
                template.previewPlugin = try MacroPlugin.library(swiftc: swiftc, root: URL(fileURLWithPath: root), cache: LessonSource.cacheDirectory).path
            } catch {
                Console.note("#Preview will not compile in the package: \(error)")
            }
        }
        try reportingFailures { try template.write(to: target) }
        print("""
        Created \(target.path): scene 'intro' in Sources/\(template.scenesModule)/Intro.swift.
          cd \(target.path)
          swift run -c release \(template.name) intro -o intro.mp4
        """)
    }
}
