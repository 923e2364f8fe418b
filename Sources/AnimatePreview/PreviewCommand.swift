import Animate
import AnimateCLI
public import ArgumentParser
import FlyingFox
import FlyingSocks
import Foundation

/// `preview <scene>`: a page on 127.0.0.1 to scrub, play and step through every frame of every
/// scene the executable knows, drawn on demand; with `--watch`, rebuilt and reloaded as you edit.
public struct PreviewCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Scrub any frame of any scene in a browser, on 127.0.0.1; --watch rebuilds as you edit.",
        discussion: """
        Serves one page: the frame, a timeline scrubber, play/pause at the scene's rate, frame steps \
        (arrow keys), start/end, a scene picker and the render command for the current frame. \
        Frames are drawn on demand with the same rules and bytes as `render`.
        """
    )

    @Argument(help: "The scene to open (the page can switch to any other; a lesson file's first when not named).")
    var scene: String?

    /// The scene named, or the lesson's first.
    private var name: String { scene ?? Tool.defaultScene ?? "" }

    @Option(help: "The port on 127.0.0.1 (0: any free port).")
    var port: Int = 8765

    @Option(help: ArgumentHelp("Frame size in pixels, WxH (default: the scene's size).", valueName: "WxH"))
    var size: FrameSize?

    @Option(help: ArgumentHelp("Frames per second (at most \(RenderRequest.maximumFrameRate)).", valueName: "fps"))
    var fps: FrameRate = FrameRate(numerator: 60)!

    @Option(help: "Seed for the scene's random numbers.")
    var seed: UInt64 = 0

    @Option(help: ArgumentHelp("A folder of PNG/JPEG pictures for scenes that show pictures.", valueName: "dir"))
    var images: String?

    @Option(help: ArgumentHelp("A sound file to play under every scene's own sounds, as render's --audio does.", valueName: "file"))
    var audio: String?

    @Option(name: .customLong("audio-offset"), parsing: .unconditional, help: ArgumentHelp("Start the --audio file this many seconds into the scene (negative: skip its first seconds).", valueName: "seconds"))
    var audioOffset: Double = 0

    @Flag(help: "Open the page in the default browser.")
    var open = false

    @Flag(help: "Watch the package's sources; rebuild and restart on a change, keeping the page where it was.")
    var watch = false

    public init() {}

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535.") }
        guard scene != nil || Tool.defaultScene != nil else { throw ValidationError("Missing expected argument '<scene>'") }
        // The page's first frame, under render's rules.
        _ = try reportingFailures {
            try RenderRequest(scene: Tool.catalog.scene(named: name), size: size, rate: fps, seed: seed, soundtrack: soundtrack)
        }
        if watch && Tool.lessonFiles.isEmpty && SourceWatcher.Package(executable: Self.executable) == nil {
            throw ValidationError("--watch needs the executable inside its package's .build folder (run it with `swift run`).")
        }
    }

    /// The running executable's path, read when the command starts (after a rebuild replaced the
    /// file, the kernel's link names the old one as deleted).
    static let executable: URL = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL }
        var path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
        return URL(fileURLWithPath: path)
    }()

    private var soundtrack: Soundtrack? { audio.map { Soundtrack(path: $0, offset: audioOffset) } }

    public func run() throws {
        let inputs = try reportingFailures { try images.map { try SceneInputs(imagesIn: URL(fileURLWithPath: $0)) } ?? SceneInputs() }
        // A soundtrack that cannot be read fails now, not when the page first plays.
        if let audio { _ = try reportingFailures { try AudioDecoder.decode(path: audio, limit: 1) } }
        let page = try reportingFailures { try Self.page() }
        let events = PreviewEvents()
        let frames = FrameService(catalog: Tool.catalog, inputs: inputs, soundtrack: soundtrack)
        let handler = PreviewServer(tool: Tool.name, frames: frames, events: events, page: Data(page),
                                    defaults: .init(scene: name, size: size, rate: fps, seed: seed))
        let state = ServerRun()
        let open = self.open, watch = self.watch
        try LoopbackServer(name: "preview", port: port)
            .run(handler, onListening: { port in
                handler.listening.set(port)
                state.set { $0.port = port }
                let url = "http://127.0.0.1:\(port)/"
                print("preview: \(url) (Ctrl-C to stop)")
                fflush(stdout)
                if open { Self.openInBrowser(url) }
                if watch && !Tool.lessonFiles.isEmpty {
                    LessonWatcher(lesson: LessonSource(files: Tool.lessonFiles), events: events, onReloaded: { scenes in
                        frames.catalog = SceneCatalog(scenes)
                    }).start()
                } else if watch, let package = SourceWatcher.Package(executable: Self.executable) {
                    SourceWatcher(package: package, events: events, onReloaded: { scenes in
                        frames.catalog = SceneCatalog(scenes)
                    }, onRebuilt: {
                        state.set { $0.restart = true }
                        kill(getpid(), SIGTERM)             // a graceful stop, then exec the new build
                    }).start()
                }
            }, onStop: { events.finishAll() })
        let outcome = state.get
        if outcome.restart {
            // The same command on the new build, on the same port (the page reconnects to it),
            // without opening another browser window.
            let arguments = Self.restartArguments(CommandLine.arguments, port: outcome.port)
            let path = Self.executable.path
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            execv(path, &argv)
            Console.write("error: preview: cannot restart \(path): \(String(cString: strerror(errno)))\n")
            throw ExitCode.failure
        }
    }

    /// `arguments` with `--open` dropped and the port fixed to `port`.
    static func restartArguments(_ arguments: [String], port: Int) -> [String] {
        var result: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext { skipNext = false; continue }
            if argument == "--open" || argument.hasPrefix("--port=") { continue }
            if argument == "--port" { skipNext = true; continue }
            result.append(argument)
        }
        return result + ["--port", String(port)]
    }

    /// The page, a resource of this module found beside the executable.
    static func page() throws -> [UInt8] {
        let dir = executable.deletingLastPathComponent()
        let bundles = (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?
            .filter { $0.hasSuffix("_AnimatePreview.resources") }.sorted() ?? []
        for bundle in bundles {
            if let data = FileManager.default.contents(atPath: dir.appendingPathComponent(bundle).appendingPathComponent("preview.html").path) {
                return Array(data)
            }
        }
        throw PreviewError.pageMissing(beside: executable.path)
    }

    static func openInBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            Console.note("cannot open a browser (xdg-open): open \(url) yourself")
        }
    }
}

/// What the server's task and the watcher's thread report, read once the server stopped.
private final class ServerRun: @unchecked Sendable {
    struct State {
        /// The port it listened on.
        var port = 0
        /// A rebuild succeeded: start again on the new build.
        var restart = false
    }
    private let lock = NSLock()
    private var state = State()
    func set(_ change: (inout State) -> Void) { lock.lock(); change(&state); lock.unlock() }
    var get: State { lock.lock(); defer { lock.unlock() }; return state }
}

/// A preview that cannot start. `description` is the one line a user reads.
enum PreviewError: Error, CustomStringConvertible {
    /// The page's resources are not beside the executable at this path.
    case pageMissing(beside: String)

    var description: String {
        switch self {
        case .pageMissing(let executable):
            "cannot find the preview page (a folder *_AnimatePreview.resources beside \(executable)); keep it beside the executable"
        }
    }
}
