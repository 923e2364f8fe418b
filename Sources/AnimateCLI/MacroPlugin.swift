import AnimateMath
package import Foundation

/// The compiler plugin behind `#Preview` (Sources/AnimateMacros), built by the tool itself
/// against the toolchain's own SwiftSyntax libraries (`usr/lib/swift/host`, which the compiler's
/// own macros use), so no build of swift-syntax is ever needed. Built once per toolchain and
/// source, the first time a lesson uses a preview, beside the tool's build (or in the lesson cache).
package enum MacroPlugin {
    /// The plugin library for a lesson compiled with `swiftc` from the checkout at `root`: built
    /// if not yet, else found. Its name says its module (`libAnimateMacros.so`), its folder the key.
    package static func library(swiftc: String, root: URL, cache: URL) throws(LessonSource.Failure) -> URL {
        let sourceFolder = root.appendingPathComponent("Sources/AnimateMacros")
        let sources = ((try? FileManager.default.contentsOfDirectory(atPath: sourceFolder.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { sourceFolder.appendingPathComponent($0) }
        guard !sources.isEmpty else { throw .load("the #Preview plugin's sources are not in \(sourceFolder.path)") }
        let host = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift/host")
        var key = KeyHash()
        key.add(swiftc)
        for source in sources {
            key.add(source.lastPathComponent)
            key.add((try? String(contentsOf: source, encoding: .utf8)) ?? "")
        }
        // Beside the tool's build when it may write there (every user of the checkout shares it),
        // else in the user's cache.
        let build = root.appendingPathComponent(".build")
        let home = FileManager.default.isWritableFile(atPath: build.path) ? build.appendingPathComponent("animate-macros") : cache
        let folder = home.appendingPathComponent("macros-\(key.hex)")
        let library = folder.appendingPathComponent("libAnimateMacros.so")
        // Sealed as a compiled lesson is: one damaged since it was built is built again.
        if CompiledLesson.isSound(library) { return library }
        let scratch = home.appendingPathComponent("macros-build-\(getpid())")
        do { try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true) } catch {
            throw .unreadable(scratch.path, "\(error)")
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("libAnimateMacros.so")
        let (status, log) = ToolBuild.run([swiftc, "-emit-library", "-module-name", "AnimateMacros", "-O",
                                           "-I", host.path, "-L", host.path, "-lSwiftSyntax", "-lSwiftSyntaxMacros",
                                           "-Xlinker", "-rpath", "-Xlinker", host.path, "-o", output.path] + sources.map(\.path), in: scratch)
        guard status == 0 else { throw .load("cannot build the #Preview plugin with \(swiftc) (the toolchain's SwiftSyntax in \(host.path)):\n\(log)") }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try CompiledLesson.seal(output)
        } catch { throw .load("cannot keep \(library.path): \(error)") }
        // At once, over a damaged one or one another run built meanwhile.
        guard rename(output.path, library.path) == 0 else { throw .load("cannot keep \(library.path): \(String(cString: strerror(errno)))") }
        return library
    }

    /// The C name a preview's expansion gives its entry point: from where the `#` of `#Preview`
    /// stands (the file's path as the compiler was given it, its line and its UTF-8 column).
    package static func entryName(file: String, line: Int, column: Int) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in file.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return "animate_preview_\(String(repeating: "0", count: 16 - digits.count) + digits)_\(line)_\(column)"
    }
}
