import Animate
import AnimateCLI
import Foundation

/// `preview --watch`: polls the package's sources; on a change compiles the scenes module alone
/// and loads it into the running preview (`ScenesReloader`), or, where that cannot be done,
/// rebuilds the running executable's product in its configuration and asks the preview to
/// restart on the new binary. A failed build is reported to the pages (the compiler's first
/// error, its file and line, and the log) while this process keeps serving the last good build.
final class SourceWatcher: @unchecked Sendable {
    /// The package that built the running executable: its root, the product and the configuration.
    struct Package {
        let root: URL
        let product: String
        let configuration: String
        let executable: URL

        /// The package the executable at `executable` was built in (`<root>/.build/.../<configuration>/<product>`).
        init?(executable: URL) {
            let resolved = executable.resolvingSymlinksInPath()
            var dir = resolved.deletingLastPathComponent()
            configuration = dir.lastPathComponent
            guard configuration == "release" || configuration == "debug" else { return nil }
            while dir.path != "/" {
                if dir.lastPathComponent == ".build" {
                    root = dir.deletingLastPathComponent()
                    product = resolved.lastPathComponent
                    self.executable = resolved
                    guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else { return nil }
                    return
                }
                dir = dir.deletingLastPathComponent()
            }
            return nil
        }

        /// What is watched: Package.swift and every Swift file under Sources/ and Scenes/.
        var watched: [URL] { [root.appendingPathComponent("Sources"), root.appendingPathComponent("Scenes")] }
    }

    let package: Package
    private let events: PreviewEvents
    private let onRebuilt: @Sendable () -> Void
    private let onReloaded: @Sendable ([Scene]) -> Void
    private let interval: TimeInterval

    init(package: Package, events: PreviewEvents, interval: TimeInterval = 0.1, onReloaded: @escaping @Sendable ([Scene]) -> Void,
         onRebuilt: @escaping @Sendable () -> Void) {
        self.package = package
        self.events = events
        self.interval = interval
        self.onReloaded = onReloaded
        self.onRebuilt = onRebuilt
    }

    /// Starts watching on a thread of its own.
    func start() {
        let thread = Thread { [self] in self.watch() }
        thread.name = "animate.preview.watch"
        thread.start()
    }

    private func watch() {
        var seen = signature()
        var reloader = ScenesReloader(package: package)
        reloader?.warmUp()
        if reloader == nil {
            Console.note("preview: this executable cannot load edited scenes into itself (link it with --export-dynamic, as `animate new` packages are); a change rebuilds and restarts it")
        }
        while true {
            let before = seen
            seen = Self.nextChange(from: seen, interval: interval, signature)
            let changed = Set(before.keys).union(seen.keys).filter { before[$0] != seen[$0] }
            // Only changes inside the scenes module can be loaded alone.
            if let scenesReloader = reloader, scenesReloader.covers(changed) {
                if reload(with: scenesReloader) { continue }
                reloader = nil
            }
            if rebuild() { onRebuilt(); return }
        }
    }

    /// Compiles and loads the scenes module; false when it has to be rebuilt whole instead.
    private func reload(with reloader: ScenesReloader) -> Bool {
        events.build("building", message: "Compiling \(reloader.module)…")
        let result: (scenes: [Scene], timing: ScenesReloader.Timing)
        do {
            result = try reloader.reload()
        } catch {
            switch error {
            case .compile(let log):
                let first = Self.firstError(in: log)
                events.build("failed", message: first?.message ?? "the scenes do not compile", file: first?.file, line: first?.line,
                             log: String(log.suffix(8000)))
                Console.report("preview: build failed\(first.map { ": \($0.file):\($0.line): \($0.message)" } ?? ""); still serving the last good build")
                return true
            case .load(let why):
                Console.note("preview: cannot load the edited scenes (\(why)); rebuilding instead")
                return false
            }
        }
        onReloaded(result.scenes)
        let message = String(format: "Reloaded %@: compiled and linked in %.2f s, loaded in %.3f s", reloader.module,
                             result.timing.compile, result.timing.load)
        events.reloaded(message: message)
        Console.report("preview: \(message)")
        return true
    }

    /// Modification times and sizes of every watched file.
    private func signature() -> [String: [Double]] {
        Self.signature(of: [package.root.appendingPathComponent("Package.swift")] + package.watched.flatMap(Self.swiftFiles(under:)))
    }

    /// Modification times and sizes of `files` (those that are there).
    static func signature(of files: [URL]) -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for url in files {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { continue }
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes[.size] as? NSNumber)?.doubleValue ?? 0
            result[url.path] = [date, size]
        }
        return result
    }

    /// Polls `signature` every `interval` until it differs from `seen`, then until it holds
    /// still (an editor may write several files, or write then rename); the signature then.
    static func nextChange(from seen: [String: [Double]], interval: TimeInterval, _ signature: () -> [String: [Double]]) -> [String: [Double]] {
        var seen = seen, now = seen
        repeat {
            Thread.sleep(forTimeInterval: interval)
            now = signature()
        } while now == seen
        repeat {
            seen = now
            Thread.sleep(forTimeInterval: interval)
            now = signature()
        } while now != seen
        return now
    }

    /// The Swift files under `root`, in path order.
    static func swiftFiles(under root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// Builds the product; true when it built.
    private func rebuild() -> Bool {
        events.build("building", message: "Building \(package.product)…")
        Console.report("preview: sources changed; building \(package.product) (\(package.configuration))")
        let (status, output) = ToolBuild.run(["/usr/bin/env", "swift", "build", "-c", package.configuration, "--product", package.product,
                                         "--package-path", package.root.path])
        guard status != -1 else {
            events.build("failed", message: output)
            return false
        }
        guard status == 0 else {
            let error = Self.firstError(in: output)
            events.build("failed", message: error?.message ?? "swift build failed", file: error?.file, line: error?.line,
                         log: String(output.suffix(8000)))
            Console.report("preview: build failed\(error.map { ": \($0.file):\($0.line): \($0.message)" } ?? ""); still serving the last good build")
            return false
        }
        events.build("succeeded", message: "Built; restarting…")
        return true
    }

    /// The compiler's first `file:line:column: error: message` line.
    static func firstError(in log: String) -> (file: String, line: Int, message: String)? {
        for line in log.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[3].trimmingCharacters(in: .whitespaces) == "error",
                  let number = Int(parts[1]), Int(parts[2]) != nil else { continue }
            return (String(parts[0]), number, parts[4].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
