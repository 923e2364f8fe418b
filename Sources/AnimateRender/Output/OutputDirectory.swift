package import Foundation

/// A folder of outputs written beside its destination under a temporary name and swapped into
/// place only when complete (as `OutputFile` does for one file): an interrupted or failed run
/// leaves the previous folder exactly as it was.
package final class OutputDirectory {
    /// Where the finished folder goes.
    package let destination: URL
    /// Where it is filled meanwhile.
    package let temporary: URL
    private var committed = false

    /// Creates the temporary folder beside `destination` (removing any a killed run left).
    package init(destination: URL) throws {
        self.destination = destination
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw OutputError.cannotWrite(path: destination.path, .isAFileNotAFolder)
        }
        temporary = try Self.temporaryFolder(for: destination, naming: destination)
    }

    /// Creates an empty folder to fill for `destination`, beside it under a temporary name
    /// (removing one a killed run left). Errors name `shown`, the path the user gave.
    static func temporaryFolder(for destination: URL, naming shown: URL) throws -> URL {
        try OutputFile.checkName(of: destination)
        let parent = destination.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw OutputError.cannotWrite(path: shown.path, .directoryMissing(parent.path))
        }
        guard access(parent.path, W_OK) == 0 else {
            throw OutputError.cannotWrite(path: shown.path, .directoryNotWritable(parent.path))
        }
        OutputFile.removeStale(of: destination)
        let folder = parent.appendingPathComponent(OutputFile.temporaryName(for: destination.lastPathComponent, pid: getpid()))
        try? FileManager.default.removeItem(at: folder)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw OutputError.cannotWrite(path: shown.path, .other(error.localizedDescription))
        }
        // A second Ctrl-C exits from the signal handler: it removes the folder too.
        OutputFile.register(folder, folder: true)
        return folder
    }

    /// Puts the finished folder in place of the previous one (which is then removed).
    package func commit() throws {
        guard !committed else { return }
        let old = destination.deletingLastPathComponent()
            .appendingPathComponent(OutputFile.temporaryName(for: destination.lastPathComponent + ".old", pid: getpid()))
        let hadPrevious = FileManager.default.fileExists(atPath: destination.path)
        if hadPrevious, rename(destination.path, old.path) != 0 {
            throw OutputError.cannotReplace(path: destination.path, .system(errno))
        }
        if rename(temporary.path, destination.path) != 0 {
            let reason = errno
            if hadPrevious { rename(old.path, destination.path) }
            throw OutputError.cannotWrite(path: destination.path, .system(reason))
        }
        committed = true
        OutputFile.unregister(temporary)
        if hadPrevious { try? FileManager.default.removeItem(at: old) }
    }

    /// Makes the folder `url` (and the folders above it) where outputs go; an error names the path
    /// and the reason in our words (a file in the way, a read-only or full disk).
    package static func create(_ url: URL) throws {
        var path = ""
        for component in url.standardizedFileURL.pathComponents {
            path = component == "/" ? "/" : (path == "/" ? "/" : path + "/") + component
            var info = stat()
            if stat(path, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { throw OutputError.cannotWrite(path: url.path, .other("\(path) is a file, not a folder")) }
                continue
            }
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw OutputError.cannotWrite(path: url.path, .system(errno)) }
        }
    }

    /// Removes the temporary folder (done automatically if never committed).
    package func discard() {
        if !committed { try? FileManager.default.removeItem(at: temporary) }
        OutputFile.unregister(temporary)
    }

    deinit { discard() }
}
