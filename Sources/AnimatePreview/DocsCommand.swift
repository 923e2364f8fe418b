import AnimateCLI
public import ArgumentParser
import Foundation

/// `docs`: the reference (the DocC catalog, with the snippets' code) served as a static site on
/// 127.0.0.1, so it reads in any browser without Xcode. The site is built from the checkout the
/// tool was built in (`scripts/docs --static`), once, and again after the tool is rebuilt.
public struct DocsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Read the reference in a browser, served on 127.0.0.1 (built from the tool's checkout on first use).",
        discussion: """
        Articles (getting started, scenes, storyboards, text, formulas, sound, the command line...) \
        and every public type and function, with the snippets' code. The first run builds the site \
        into the checkout's .build/docs/site, which takes a minute or two.
        """
    )

    @Option(help: "The port on 127.0.0.1 (0: any free port).")
    var port: Int = 8766

    @Flag(help: "Open the reference in the default browser.")
    var open = false

    @Flag(help: "Build the site again even if it is up to date.")
    var rebuild = false

    public init() {}

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535.") }
    }

    public func run() throws {
        guard let build = ToolBuild.current else {
            Console.write("error: docs: this executable is not in a checkout's .build folder; run scripts/docs --static in the checkout and open .build/docs/site\n")
            throw ExitCode.failure
        }
        let site = build.root.appendingPathComponent(".build/docs/site")
        if rebuild || Self.isStale(site: site, tool: build.executable) {
            Console.write("docs: building the reference from \(build.root.path) (once; a minute or two)\n")
            let script = build.root.appendingPathComponent("scripts/docs").path
            let (status, log) = ToolBuild.run([script, "--static"] + (build.configuration == "release" ? ["--release"] : []), in: build.root)
            guard status == 0 else {
                Console.write(log.hasSuffix("\n") || log.isEmpty ? log : log + "\n")
                Console.write("error: docs: scripts/docs --static failed (exit \(status)); its output is above\n")
                throw ExitCode.failure
            }
        }
        let open = self.open
        let handler = DocsSite(root: site)
        try LoopbackServer(name: "docs", port: port).run(handler, onListening: { port in
            handler.listening.set(port)
            let url = "http://127.0.0.1:\(port)/documentation/animate"
            print("docs: \(url) (Ctrl-C to stop)")
            fflush(stdout)
            if open { PreviewCommand.openInBrowser(url) }
        })
    }

    /// Whether the site is missing, or older than the tool (built again since, maybe from newer sources).
    static func isStale(site: URL, tool: URL) -> Bool {
        func modified(_ url: URL) -> Date? { try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date }
        guard let built = modified(site.appendingPathComponent("index.html")) else { return true }
        guard let toolBuilt = modified(tool) else { return false }
        return toolBuilt > built
    }
}
