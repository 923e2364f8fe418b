import AnimateCLI
import Foundation

/// `preview --watch`: polls the package's sources; on a change rebuilds the running executable's
/// product in its configuration, and when the build succeeds asks the preview to restart on the
/// new binary. A failed build is reported to the pages (the compiler's first error, its file and
/// line, and the log) while this process keeps serving the last good build.
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
    private let interval: TimeInterval

    init(package: Package, events: PreviewEvents, interval: TimeInterval = 0.3, onRebuilt: @escaping @Sendable () -> Void) {
        self.package = package
        self.events = events
        self.interval = interval
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
        while true {
            Thread.sleep(forTimeInterval: interval)
            var now = signature()
            guard now != seen else { continue }
            // Let an editor finish writing (several files, or a write then a rename).
            repeat {
                seen = now
                Thread.sleep(forTimeInterval: interval)
                now = signature()
            } while now != seen
            if rebuild() { onRebuilt(); return }
        }
    }

    /// Modification times and sizes of every watched file.
    private func signature() -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        let manifest = package.root.appendingPathComponent("Package.swift")
        for url in [manifest] + package.watched.flatMap(files(under:)) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { continue }
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes[.size] as? NSNumber)?.doubleValue ?? 0
            result[url.path] = [date, size]
        }
        return result
    }

    private func files(under root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    /// Builds the product; true when it built.
    private func rebuild() -> Bool {
        events.build("building", message: "Building \(package.product)…")
        Console.report("preview: sources changed; building \(package.product) (\(package.configuration))")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "-c", package.configuration, "--product", package.product,
                             "--package-path", package.root.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch {
            events.build("failed", message: "cannot run swift build: \(error)")
            return false
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
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
