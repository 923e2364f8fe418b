import Foundation

/// Writes an output through a temporary file beside the target and renames it into place only
/// when complete, so a failed or interrupted render never leaves a truncated file and never
/// destroys the previous good one.
public final class OutputFile {
    /// Where the finished file goes.
    public let destination: URL
    /// Where it is written meanwhile (same directory, so the rename is atomic).
    public let temporary: URL
    private var committed = false

    /// Prepares to write `destination`. Fails with a clear message when its directory is missing,
    /// is not writable, or when `destination` is a directory.
    public init(destination: URL) throws {
        self.destination = destination
        let dir = destination.deletingLastPathComponent()
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
            throw VideoError("cannot write \(destination.path): directory \(dir.path) does not exist")
        }
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDir), isDir.boolValue {
            throw VideoError("cannot write \(destination.path): it is a directory")
        }
        guard access(dir.path, W_OK) == 0 else {
            throw VideoError("cannot write \(destination.path): directory \(dir.path) is not writable")
        }
        let name = destination.lastPathComponent
        temporary = dir.appendingPathComponent(".\(name).\(getpid()).partial")
        OutputFile.register(temporary)
    }

    /// Writes `bytes` to `url` atomically: a temporary file beside it, renamed over it when complete.
    public static func write(_ bytes: Data, to url: URL) throws {
        let file = try OutputFile(destination: url)
        guard FileManager.default.createFile(atPath: file.temporary.path, contents: bytes) else {
            file.discard()
            throw VideoError("cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
        try file.commit()
    }

    /// Moves the finished temporary file over the destination.
    public func commit() throws {
        if rename(temporary.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            throw VideoError("cannot write \(destination.path): \(reason)")
        }
        committed = true
        OutputFile.unregister(temporary)
    }

    /// Deletes the temporary file (done automatically if never committed).
    public func discard() {
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
