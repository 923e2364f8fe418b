import Foundation

/// Writes an output through a temporary file beside the target and renames it into place only
/// when complete, so a failed or interrupted render never leaves a truncated file and never
/// destroys the previous good one.
///
/// A destination that is a device, pipe or socket (`/dev/null`, a FIFO) is written in place:
/// there is nothing to replace atomically, and renaming over it would destroy the device node.
/// A symbolic link is followed, so the file it points to is replaced, not the link.
public final class OutputFile {
    /// Where the finished file goes.
    public let destination: URL
    /// Where it is written meanwhile (same directory, so the rename is atomic), or the destination
    /// itself when that is not a regular file.
    public let temporary: URL
    /// The destination is a device, pipe or socket, written directly.
    public var isSpecial: Bool { renameTarget == nil }
    /// The regular file the temporary replaces (the destination with symbolic links resolved);
    /// nil when the destination is written in place.
    private let renameTarget: URL?
    private var committed = false

    /// Prepares to write `destination`. Fails with a clear message when its directory is missing,
    /// is not writable, or when `destination` is a directory.
    public init(destination: URL) throws {
        self.destination = destination
        var info = stat()
        if stat(destination.path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR {
            guard access(destination.path, W_OK) == 0 else {
                throw OutputError("cannot write \(destination.path): \(String(cString: strerror(errno)))")
            }
            temporary = destination
            renameTarget = nil
            return
        }
        let target = destination.resolvingSymlinksInPath()
        let dir = target.deletingLastPathComponent()
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
            throw OutputError("cannot write \(destination.path): directory \(dir.path) does not exist")
        }
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDir), isDir.boolValue {
            throw OutputError("cannot write \(destination.path): it is a directory")
        }
        guard access(dir.path, W_OK) == 0 else {
            throw OutputError("cannot write \(destination.path): directory \(dir.path) is not writable")
        }
        temporary = dir.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).partial")
        renameTarget = target
        OutputFile.register(temporary)
    }

    /// Writes `bytes` to `url` atomically: a temporary file beside it, renamed over it when complete.
    public static func write(_ bytes: Data, to url: URL) throws {
        let file = try OutputFile(destination: url)
        let handle = try file.openForWriting()
        do {
            try handle.write(contentsOf: bytes)
            try handle.close()
        } catch {
            throw OutputError("cannot write \(url.path): \(error.localizedDescription)")
        }
        try file.commit()
    }

    /// Opens where the bytes go: a new, empty temporary file, or the device or pipe itself.
    public func openForWriting() throws -> FileHandle {
        // Never FileManager.createFile here: it writes atomically, by renaming over the path.
        let fd = isSpecial ? open(temporary.path, O_WRONLY) : open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw OutputError("cannot write \(destination.path): \(String(cString: strerror(errno)))") }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// Moves the finished temporary file over the destination.
    public func commit() throws {
        guard let renameTarget else { committed = true; return }
        if rename(temporary.path, renameTarget.path) != 0 {
            let reason = String(cString: strerror(errno))
            throw OutputError("cannot write \(destination.path): \(reason)")
        }
        committed = true
        OutputFile.unregister(temporary)
    }

    /// Deletes the temporary file (done automatically if never committed).
    public func discard() {
        guard !isSpecial else { return }
        if !committed { unlink(temporary.path) }
        OutputFile.unregister(temporary)
    }

    deinit { if !committed { discard() } }

    // Temporary files in flight, so a signal handler can remove them before exiting.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pending: Set<String> = []

    private static func register(_ url: URL) { lock.lock(); pending.insert(url.path); lock.unlock() }
    private static func unregister(_ url: URL) { lock.lock(); pending.remove(url.path); lock.unlock() }

    /// Deletes every temporary file not yet committed (for interruption handlers).
    public static func discardAllPending() {
        lock.lock(); let paths = pending; pending.removeAll(); lock.unlock()
        for p in paths { unlink(p) }
    }
}

/// An output that cannot be written: one line naming the path and the reason.
public struct OutputError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
