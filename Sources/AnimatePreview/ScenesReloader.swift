import Animate
import AnimateCLI
import Foundation

/// `preview --watch` without relinking the tool: the package's scenes module is compiled alone, as
/// SwiftPM compiles it (the arguments of its own build plan, `.build/<configuration>.yaml`), into a
/// shared library that the running preview loads, and its `scenes` replace the ones shown.
///
/// It needs the executable to export its symbols (`--export-dynamic`, which `animate new` packages
/// link with), so the library's calls into animate reach the running copy; each library has a
/// module name of its own, so its types never meet the ones linked into the executable. Otherwise
/// the watcher rebuilds with `swift build` and restarts.
final class ScenesReloader: @unchecked Sendable {
    /// The scenes module's name in the package, and its build arguments (minus inputs and outputs).
    let module: String
    private let arguments: [String]
    private let sources: URL
    private let scratch: URL
    private var generation = 0

    /// What a reload took, in seconds.
    struct Timing: Sendable {
        var compile = 0.0, load = 0.0
    }

    /// Why a reload did not happen.
    enum Failure: Error {
        /// The sources do not compile: the compiler's output.
        case compile(String)
        /// The library could not be loaded or gave no scenes (the watcher falls back to a rebuild).
        case load(String)
    }

    /// The reloader for `package`, or nil when its executable cannot load libraries against itself
    /// or its build plan names no single scenes module (a library target under Sources/ or Scenes/
    /// that defines `scenes`).
    init?(package: SourceWatcher.Package, exportsSymbols: Bool = ScenesReloader.executableExportsSymbols) {
        guard exportsSymbols else { return nil }
        let plan = package.root.appendingPathComponent(".build/\(package.configuration).yaml")
        guard let yaml = try? String(contentsOf: plan, encoding: .utf8) else { return nil }
        let candidates = ToolBuild.moduleCommands(in: yaml).filter { command in
            command.sources.allSatisfy { $0.hasPrefix(package.root.path + "/Sources/") || $0.hasPrefix(package.root.path + "/Scenes/") }
                && !command.sources.isEmpty
                && !command.sources.contains { $0.hasSuffix("/main.swift") }
                && command.arguments.contains("-parse-as-library")
                && !command.sources.contains { $0.contains("/Tests/") }
                && Self.definesScenes(command.sources)
        }
        guard candidates.count == 1, let command = candidates.first,
              let directory = Self.commonDirectory(command.sources) else { return nil }
        module = command.module
        arguments = ToolBuild.libraryArguments(command.arguments)
        sources = directory
        // A folder of this process's own: two previews of one package do not share libraries.
        scratch = package.root.appendingPathComponent(".build/animate-preview-reload/\(getpid())")
        try? FileManager.default.removeItem(at: scratch)
        guard (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil else { return nil }
    }

    /// Whether this process's executable exports its own symbols to libraries it loads.
    static var executableExportsSymbols: Bool {
        guard let me = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(me, "animate_frame_clock_get") != nil
    }

    /// Whether every one of `paths` is a source of the scenes module.
    func covers(_ paths: some Collection<String>) -> Bool {
        paths.allSatisfy { $0.hasPrefix(sources.path + "/") && $0.hasSuffix(".swift") }
    }

    /// Compiles the module once without loading it, so the compiler's caches are warm before the
    /// first edit (which is then no slower than the later ones).
    func warmUp() {
        if let library = try? compile() { try? FileManager.default.removeItem(at: library) }
    }

    /// Compiles the module's current sources into a new library and loads its scenes.
    func reload() throws(Failure) -> (scenes: [Scene], timing: Timing) {
        var timing = Timing()
        let started = Date.timeIntervalSinceReferenceDate
        let library = try compile()
        timing.compile = Date.timeIntervalSinceReferenceDate - started
        let loading = Date.timeIntervalSinceReferenceDate
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL) else {
            throw .load(dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        guard let symbol = dlsym(handle, "animate_preview_scenes") else { throw .load("no animate_preview_scenes in \(library.path)") }
        typealias Entry = @convention(c) (UnsafeMutableRawPointer) -> Void
        let make = unsafeBitCast(symbol, to: Entry.self)
        let slot = UnsafeMutablePointer<[Scene]>.allocate(capacity: 1)
        defer { slot.deallocate() }
        make(UnsafeMutableRawPointer(slot))
        let scenes = slot.move()
        timing.load = Date.timeIntervalSinceReferenceDate - loading
        // The library stays loaded (its scenes' code runs from it); its file can go.
        try? FileManager.default.removeItem(at: library)
        return (scenes, timing)
    }

    /// Compiles the module's current sources, with an entry point that hands over its `scenes`,
    /// into a library of a module name of its own.
    private func compile() throws(Failure) -> URL {
        generation += 1
        let library = scratch.appendingPathComponent("lib\(module)-\(generation).so")
        let entry = scratch.appendingPathComponent("AnimatePreviewEntry.swift")
        let entrySource = """
            import Animate
            @_cdecl("animate_preview_scenes")
            public func animatePreviewScenes(_ result: UnsafeMutableRawPointer) {
                result.assumingMemoryBound(to: [Scene].self).initialize(to: scenes)
            }

            """
        do { try Data(entrySource.utf8).write(to: entry) } catch { throw .load("cannot write \(entry.path): \(error)") }
        let files = SourceWatcher.swiftFiles(under: sources).map(\.path) + [entry.path]
        let reloadedModule = "\(module)_preview\(generation)"
        let output = ToolBuild.run(arguments + ["-module-name", reloadedModule, "-emit-library", "-o", library.path] + files)
        guard output.status == 0 else {
            // Our own entry file failing means the module has no `scenes` to show; code naming its
            // own module (`\(module).intro`) cannot compile under another name: rebuild instead.
            if output.log.contains(entry.path + ":") { throw .load("the scenes module defines no `scenes` list") }
            if output.log.contains("'\(module)'") { throw .load("the scenes name their own module") }
            throw .compile(output.log)
        }
        return library
    }

    /// Whether the sources declare a top-level `scenes` the executable shows.
    static func definesScenes(_ files: [String]) -> Bool {
        files.contains { path in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
            return text.contains("let scenes") || text.contains("var scenes")
        }
    }

    /// The folder holding every one of `files`.
    static func commonDirectory(_ files: [String]) -> URL? {
        guard var common = files.first.map({ URL(fileURLWithPath: $0).deletingLastPathComponent().path }) else { return nil }
        for file in files.dropFirst() {
            while !file.hasPrefix(common + "/") {
                common = URL(fileURLWithPath: common).deletingLastPathComponent().path
                if common == "/" { return nil }
            }
        }
        return URL(fileURLWithPath: common)
    }
}
