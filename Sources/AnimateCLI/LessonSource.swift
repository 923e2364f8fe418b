package import Animate
package import Foundation
import AnimateMath
import ArgumentParser

/// A lesson written as Swift files and named on the command line (`animate Lesson.swift -o
/// out.mp4`): compiled against this tool's own modules into a library, kept in the cache by its
/// content, loaded, and its scenes read: every top-level `let` or `var` that is a `Scene`, in the
/// order written, or its `scenes` list when it declares one. No package and no second build of
/// the library: the tool's executable exports its symbols to the library it loads.
package struct LessonSource {
    /// The lesson's files.
    package let files: [URL]

    package init(files: [URL]) { self.files = files }

    /// The lesson files named in `arguments` (`.swift` files, and the Swift files of each app
    /// folder: an existing folder where a scene or a file could stand, not an option's value), the
    /// arguments without them, and the first app folder.
    package static func split(_ arguments: [String]) -> (files: [URL], rest: [String], folder: URL?) {
        var files: [URL] = [], rest: [String] = []
        var folder: URL?
        var options = true
        var previous: String?
        for argument in arguments {
            if argument == "--" { options = false }
            defer { previous = argument }
            if options && argument.hasSuffix(".swift") && !argument.hasPrefix("-") {
                files.append(URL(fileURLWithPath: argument))
                continue
            }
            var isDirectory: ObjCBool = false
            // A subcommand's name first is that command, even where a folder has the name (`docs`).
            if options, !argument.hasPrefix("-"), !takesValue(previous), !(previous == nil && subcommands.contains(argument)),
               FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                let url = URL(fileURLWithPath: argument, isDirectory: true)
                let found = appFiles(in: url)
                // A folder without Swift files is not an app (a scene or file may be named like it).
                if !found.isEmpty {
                    files += found
                    folder = folder ?? url
                    continue
                }
            }
            rest.append(argument)
        }
        return (files, rest, folder)
    }

    /// The tool's subcommands, as its command line declares them.
    private static var subcommands: Set<String> { Set(AnimateCommand.configuration.subcommands.map { $0._commandName } + ["help"]) }

    /// The options that take no value, after which a folder is an app folder.
    private static let flags: Set<String> = ["--quiet", "--open", "--watch", "--low-memory", "--keep-partial", "--burn-captions",
                                             "--save-frames", "--no-audio", "--inline", "--force", "--rebuild", "--help", "-h"]

    private static func takesValue(_ previous: String?) -> Bool {
        guard let previous, previous.hasPrefix("-"), previous != "--", !previous.contains("=") else { return false }
        return !flags.contains(previous)
    }

    /// An app folder's Swift files, as Xcode's target holds them: every `.swift` file in it and
    /// its subfolders, in path order, but the app's entry point (`@main`: its `App` and `some
    /// Scene`, which a lesson has no use for), packages' manifests, tests and build products.
    package static func appFiles(in folder: URL) -> [URL] {
        var found: [URL] = []
        func walk(_ url: URL) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = url.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if ["build", "DerivedData", "Pods", "Carthage"].contains(name) || name.hasSuffix("Tests") || name.contains(".") { continue }
                    walk(child)
                } else if name.hasSuffix(".swift"), name != "Package.swift",
                          // A file that cannot be read is kept, to be refused by name when the lesson is read.
                          !((try? String(contentsOf: child, encoding: .utf8)).map(declaresEntryPoint) ?? false) {
                    found.append(child)
                }
            }
        }
        walk(folder)
        return found
    }

    /// Whether a file is an app's entry point: `@main` at the start of a line, outside comments.
    static func declaresEntryPoint(_ text: String) -> Bool {
        text.split(separator: "\n").contains { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("@main") }
    }

    /// Why a lesson could not be loaded.
    package enum Failure: Error, CustomStringConvertible {
        case unreadable(String, String)
        /// The tool runs from no checkout's build (its modules are not where it was built).
        case noBuild(String)
        /// The compiler's own report (shown before the one line), and the files.
        case compile(String, [String])
        case load(String)
        case noScenes([String])

        package var description: String {
            switch self {
            case let .unreadable(path, reason): return "cannot read \(path): \(reason)"
            case .noBuild(let executable):
                return "\(executable) was not built in a checkout with its build plan beside it; single-file lessons need the tool scripts/animate builds"
            case let .compile(_, files):
                return "\(files.joined(separator: ", ")) did not compile (the compiler's report is above)"
            case .load(let reason): return "cannot load the compiled lesson: \(reason)"
            case .noScenes(let files):
                return "\(files.joined(separator: ", ")) declares no scene (a top-level `let name = Scene(...)`, or a `scenes` list)"
            }
        }
    }

    /// The lesson's scenes, compiled (or found in the cache) and loaded.
    package func scenes(build: ToolBuild? = .current, cache: URL = LessonSource.cacheDirectory) throws(Failure) -> [Scene] {
        var texts: [String] = []
        for file in files { texts.append(try Self.text(of: file)) }
        // Playground listings: their page lines become the views to show (`PlaygroundListing`).
        let adapted = texts.map(PlaygroundListing.adapted)
        texts = zip(texts, adapted).map { $1?.text ?? $0 }
        let liveViews = zip(files, adapted).flatMap { file, adaptation in (adaptation?.liveViews ?? []).map { (file, $0) } }
        guard let build, var command = build.libraryCommand(like: "AnimateScenes") else {
            throw .noBuild(build?.executable.path ?? CommandLine.arguments.first ?? "animate")
        }
        let names = files.map(\.lastPathComponent)
        let declarations = texts.map(LessonDeclarations.init(reading:))
        let entry = Self.entrySource(declaring: texts.flatMap(Self.topLevelNames), files: files, declarations: declarations,
                                     liveViews: liveViews)
        if declarations.contains(where: { !$0.previews.isEmpty }) {
            command += ["-load-plugin-library", try MacroPlugin.library(swiftc: command[0], root: build.root, cache: cache).path]
        }
        // The library is a function of the tool that loads it, the compiler's arguments and the sources.
        let attributes = try? FileManager.default.attributesOfItem(atPath: build.executable.path)
        var key = KeyHash()
        key.add(build.executable.path)
        key.add("\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) \((attributes?[.size] as? Int) ?? 0)")
        command.forEach { key.add($0) }
        key.add(entry)
        for (file, text) in zip(files, texts) { key.add(file.path); key.add(text) }
        let library = cache.appendingPathComponent("lesson-\(key.hex).so")
        // A library cut short or damaged since it was compiled is compiled again.
        if !CompiledLesson.isSound(library) {
            try compile(command, entry: entry, module: "Lesson_\(key.hex.prefix(12))", into: library, names: names,
                        adapted: zip(files, adapted).compactMap { file, adaptation in adaptation.map { (file, $0.text) } })
        }
        let previews = zip(files, declarations).flatMap { file, declared in
            declared.previews.map { MacroPlugin.entryName(file: file.path, line: $0.line, column: $0.column) }
        }
        let scenes = Self.distinctlyNamed(try Self.load(library, previews: previews))
        guard !scenes.isEmpty else { throw .noScenes(names) }
        return scenes
    }

    /// A lesson file's text; a file that is not UTF-8 is refused naming the first byte that is not.
    package static func text(of file: URL) throws(Failure) -> String {
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw .unreadable(file.path, (error as NSError).localizedFailureReason ?? "\(error)")
        }
        if let (offset, cut) = Self.firstInvalidUTF8(in: data) {
            let line = 1 + data.prefix(offset).count { $0 == 0x0A }
            let what = cut ? "it ends inside a character (line \(line))"
                : "byte \(offset) (line \(line)) is \(String(format: "0x%02X", data[data.startIndex + offset]))"
            throw .unreadable(file.path, "not UTF-8 text: \(what); save the file as UTF-8")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Where the first character that is not well-formed UTF-8 starts, and whether it is one the
    /// text's end cut short; nil for UTF-8 text.
    package static func firstInvalidUTF8(in data: Data) -> (offset: Int, cut: Bool)? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (offset: Int, cut: Bool)? in
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b < 0x80 { i += 1; continue }
                let length: Int, low: UInt8, high: UInt8
                switch b {
                case 0xC2...0xDF: length = 2; low = 0x80; high = 0xBF
                case 0xE0: length = 3; low = 0xA0; high = 0xBF
                case 0xE1...0xEC, 0xEE...0xEF: length = 3; low = 0x80; high = 0xBF
                case 0xED: length = 3; low = 0x80; high = 0x9F
                case 0xF0: length = 4; low = 0x90; high = 0xBF
                case 0xF1...0xF3: length = 4; low = 0x80; high = 0xBF
                case 0xF4: length = 4; low = 0x80; high = 0x8F
                default: return (i, false)
                }
                guard i + 1 < n else { return (i, true) }
                guard (low...high).contains(bytes[i + 1]) else { return (i, false) }
                for k in 2..<length {
                    guard i + k < n else { return (i, true) }
                    guard bytes[i + k] & 0xC0 == 0x80 else { return (i, false) }
                }
                i += length
            }
            return nil
        }
    }

    /// Where compiled lessons are kept: `$XDG_CACHE_HOME/animate/lessons` or `~/.cache/animate/lessons`.
    package static var cacheDirectory: URL {
        let base = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("animate/lessons")
    }

    /// Compiles the files and the entry into `library` (written under another name, then renamed).
    /// `adapted` files are compiled from their adapted text (a copy in the build folder); the
    /// compiler's report names the user's file.
    private func compile(_ command: [String], entry: String, module: String, into library: URL, names: [String],
                         adapted: [(file: URL, text: String)] = []) throws(Failure) {
        let folder = library.deletingLastPathComponent()
        let scratch = folder.appendingPathComponent("build-\(getpid())")
        CompiledLesson.removeStaleBuilds(in: folder)
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try Data(entry.utf8).write(to: scratch.appendingPathComponent("LessonEntry.swift"))
        } catch { throw .unreadable(scratch.path, "\(error)") }
        defer { try? FileManager.default.removeItem(at: scratch) }
        var sources = files.map(\.path), copies: [(copy: String, original: String)] = []
        for (index, (file, text)) in adapted.enumerated() {
            let copy = scratch.appendingPathComponent("adapted/\(index)/\(file.lastPathComponent)")
            do {
                try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: copy)
            } catch { throw .unreadable(copy.path, "\(error)") }
            if let at = sources.firstIndex(of: file.path) { sources[at] = copy.path }
            copies.append((copy.path, file.path))
        }
        let output = scratch.appendingPathComponent(library.lastPathComponent)
        let arguments = command + ["-module-name", module, "-emit-library", "-o", output.path]
            + sources + [scratch.appendingPathComponent("LessonEntry.swift").path]
        var (status, log) = ToolBuild.run(arguments, in: scratch)
        for (copy, original) in copies { log = log.replacingOccurrences(of: copy, with: original) }
        guard status != -1 else { throw .load(log) }
        guard status == 0 else {
            throw .compile(retypedReport(log, arguments: arguments, scratch: scratch) ?? log, names)
        }
        // Sealed, then put in place at once (over a damaged one, or one another run compiled meanwhile).
        do { try CompiledLesson.seal(output) } catch { throw .load("cannot keep \(library.path): \(error)") }
        guard rename(output.path, library.path) == 0 else {
            throw .load("cannot keep \(library.path): \(String(cString: strerror(errno)))")
        }
        Self.prune(folder)
    }

    /// The report of compiling again with the drawing closures the first report blamed given
    /// typed parameters (`ClosureRetyping`), told with the user's paths and lines; nil when
    /// there is none to retype or the second report says no more.
    private func retypedReport(_ log: String, arguments: [String], scratch: URL) -> String? {
        let places = ClosureRetyping.places(in: log)
        guard !places.isEmpty else { return nil }
        var arguments = arguments, copies: [(copy: String, original: String)] = [], lines: [String] = []
        for (index, file) in files.enumerated() {
            let blamed = places.filter { $0.path == file.path }.sorted { ($0.line, $0.column) > ($1.line, $1.column) }
            guard !blamed.isEmpty, var text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for place in blamed {
                guard let retyped = ClosureRetyping.retyped(text, line: place.line, column: place.column) else { continue }
                text = retyped
                lines.append("\(file.lastPathComponent):\(place.line)")
            }
            let copy = scratch.appendingPathComponent("retyped/\(index)/\(file.lastPathComponent)")
            do {
                try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: copy)
            } catch { return nil }
            guard let at = arguments.lastIndex(of: file.path) else { return nil }
            arguments[at] = copy.path
            copies.append((copy.path, file.path))
        }
        guard !lines.isEmpty else { return nil }
        var (status, report) = ToolBuild.run(arguments, in: scratch)
        guard status > 0, !report.contains(ClosureRetyping.symptom) else { return nil }
        for (copy, original) in copies { report = report.replacingOccurrences(of: copy, with: original) }
        return report + "note: the drawing closure\(lines.count == 1 ? "" : "s") at \(lines.joined(separator: ", ")) compiled again with typed "
            + "parameters, { (context: inout GraphicsContext, frame: Frame) in ... }, to find the mistake above\n"
    }

    /// How long a compiled lesson is kept after it was compiled.
    package static let keptFor: TimeInterval = 30 * 24 * 3600

    /// Removes the compiled lessons in `folder` compiled more than `keptFor` before `now` (a
    /// lesson used since is compiled again, in seconds).
    package static func prune(_ folder: URL, now: Date = Date()) {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        for file in files where file.lastPathComponent.hasPrefix("lesson-") && file.pathExtension == "so" {
            guard let date = try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate,
                  now.timeIntervalSince(date) > keptFor else { continue }
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// The scenes a compiled lesson hands over: its entry's, then those of the `#Preview`
    /// expansions named `previews`.
    private static func load(_ library: URL, previews: [String]) throws(Failure) -> [Scene] {
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL) else {
            throw .load(dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        guard let symbol = dlsym(handle, "animate_lesson_scenes") else { throw .load("\(library.path) has no animate_lesson_scenes") }
        typealias Entry = @convention(c) (UnsafeMutableRawPointer) -> Void
        let slot = UnsafeMutablePointer<[Scene]>.allocate(capacity: 1)
        defer { slot.deallocate() }
        unsafeBitCast(symbol, to: Entry.self)(UnsafeMutableRawPointer(slot))
        var scenes = slot.move()
        let one = UnsafeMutablePointer<Scene>.allocate(capacity: 1)
        defer { one.deallocate() }
        for name in previews {
            // A `#Preview` the compiler did not see (inside an inactive `#if`) has no entry point.
            guard let preview = dlsym(handle, name) else { continue }
            unsafeBitCast(preview, to: Entry.self)(UnsafeMutableRawPointer(one))
            scenes.append(one.move())
        }
        return scenes
    }

    /// `scenes` with each name that repeats an earlier one made distinct (`ContentView`,
    /// `ContentView-2`): two untitled previews of one file are both named after it.
    package static func distinctlyNamed(_ scenes: [Scene]) -> [Scene] {
        var taken = Set<String>()
        return scenes.map { scene in
            var scene = scene, n = 1
            let base = scene.name
            while taken.contains(scene.name) { n += 1; scene.name = "\(base)-\(n)" }
            taken.insert(scene.name)
            return scene
        }
    }

    /// The names of a file's top-level constants and variables (those other files can see), in
    /// order: a declaration at the start of a line, after attributes and access but `private`.
    static func topLevelNames(_ text: String) -> [String] {
        let modifiers: Set<Substring> = ["public", "internal", "package", "nonisolated(unsafe)", "@MainActor", "nonisolated", "static"]
        var names: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Only lines outside any type or function: Swift does not care about indentation.
        let depths = SourceDepth.depths(of: lines)
        for (line, depth) in zip(lines, depths) where depth == 0 {
            guard let first = line.first, first.isLetter || first == "@" else { continue }
            var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
            while let word = words.first, modifiers.contains(word) { words = words.dropFirst() }
            guard let keyword = words.first, keyword == "let" || keyword == "var", words.count > 1 else { continue }
            let name = words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if let head = name.first, head.isLetter || head == "_" { names.append(String(name)) }
        }
        return names
    }

    /// The file added to a lesson's: a C entry point handing over its scenes (its `scenes` when it
    /// has them, else each of `names` that is a `Scene`, chosen by the compiler's overloads), then
    /// a scene for each `PreviewProvider`'s previews. A file with none of these and no `#Preview`
    /// shows its view: the one named like the file, else its only one.
    package static func entrySource(declaring names: [String], files: [URL] = [], declarations: [LessonDeclarations] = [],
                                    liveViews: [(file: URL, view: PlaygroundListing.LiveView)] = []) -> String {
        var picked = names.contains("scenes") ? ["scenes"] : names
        for (file, live) in liveViews {
            picked.append("_PreviewScene(preview: nil, file: \(Self.literal(file.lastPathComponent)), line: \(live.line)) { \(live.name).view }")
        }
        for (file, declared) in zip(files, declarations) {
            for provider in declared.previewProviders {
                picked.append("_PreviewScene(preview: nil, file: \(Self.literal(file.lastPathComponent)), line: 0) { \(provider).previews }")
            }
        }
        if picked.isEmpty && declarations.allSatisfy({ $0.previews.isEmpty }) {
            let views = declarations.flatMap(\.views)
            for (file, declared) in zip(files, declarations) {
                let stem = file.deletingPathExtension().lastPathComponent
                if let view = declared.views.first(where: { $0 == stem }) ?? (views.count == 1 ? views.first : nil) {
                    picked.append("_PreviewScene(preview: nil, file: \(Self.literal(file.lastPathComponent)), line: 0) { \(view)() }")
                    break
                }
            }
        }
        return """
            import Animate
            import SwiftUI
            import Foundation
            \(liveViews.isEmpty ? "" : "import PlaygroundSupport")

            \(_SceneTime.lessonPrelude)

            private func animateCollect(_ scene: Scene, into found: inout [Scene]) { found.append(scene) }
            private func animateCollect(_ scenes: [Scene], into found: inout [Scene]) { found += scenes }
            private func animateCollect<T>(_ other: T, into found: inout [Scene]) {}

            @_cdecl("animate_lesson_scenes")
            public func animateLessonScenes(_ result: UnsafeMutableRawPointer) {
                \(picked.isEmpty ? "let" : "var") found: [Scene] = []
            \(picked.map { "    animateCollect(\($0), into: &found)" }.joined(separator: "\n"))
                result.assumingMemoryBound(to: [Scene].self).initialize(to: found)
            }

            """
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : $0.isASCII && $0.value >= 0x20 ? "\($0)" : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
    }

}
