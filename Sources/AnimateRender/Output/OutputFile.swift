import AnimateVideo
import CSignalSafe
package import Foundation
import Synchronization

/// Writes an output through a temporary file beside the target and renames it into place only
/// when complete, so a failed or interrupted render never leaves a truncated file and never
/// destroys the previous good one.
///
/// A destination that is a device, pipe or socket (`/dev/null`, a FIFO) is written in place:
/// there is nothing to replace atomically, and renaming over it would destroy the device node.
/// A symbolic link is followed, so the file it points to is replaced, not the link.
package final class OutputFile {
    /// Where the finished file goes.
    package let destination: URL
    /// Where it is written meanwhile (same directory, so the rename is atomic), or the destination
    /// itself when that is not a regular file.
    package let temporary: URL
    /// The destination is a device, pipe or socket, written directly.
    package var isSpecial: Bool { renameTarget == nil }
    /// The regular file the temporary replaces (the destination with symbolic links resolved);
    /// nil when the destination is written in place.
    private let renameTarget: URL?
    private var committed = false

    /// Prepares to write `destination`. Fails with a clear message when its directory is missing,
    /// is not writable, or when `destination` is a directory.
    package init(destination: URL) throws {
        self.destination = destination
        try Self.checkName(of: destination)
        var info = stat()
        if stat(destination.path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR {
            guard access(destination.path, W_OK) == 0 else {
                throw OutputError.cannotWrite(path: destination.path, .system(errno))
            }
            temporary = destination
            renameTarget = nil
            return
        }
        let target = destination.resolvingSymlinksInPath()
        let dir = target.deletingLastPathComponent()
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
            throw OutputError.cannotWrite(path: destination.path, .directoryMissing(dir.path))
        }
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDir), isDir.boolValue {
            throw OutputError.cannotWrite(path: destination.path, .isADirectory)
        }
        guard access(dir.path, W_OK) == 0 else {
            throw OutputError.cannotWrite(path: destination.path, .directoryNotWritable(dir.path))
        }
        OutputFile.removeStale(of: target)
        temporary = dir.appendingPathComponent(OutputFile.temporaryName(for: target.lastPathComponent, pid: getpid()))
        renameTarget = target
        OutputFile.register(temporary)
    }

    /// The longest file name, in bytes, the file systems we write allow.
    static let maximumNameBytes = 255

    /// Refuses a destination whose name the file system would refuse, before anything is written.
    static func checkName(of destination: URL) throws(OutputError) {
        let bytes = destination.lastPathComponent.utf8.count
        guard bytes <= maximumNameBytes else { throw .cannotWrite(path: destination.path, .nameTooLong(bytes)) }
    }

    /// The temporary file's name for `name`: `.NAME.PID.partial`, with a long name shortened (its
    /// middle replaced by a hash) so the result stays within the file system's 255 bytes.
    static func temporaryName(for name: String, pid: Int32) -> String {
        let suffix = ".\(pid).partial"
        let limit = maximumNameBytes - 1 - suffix.utf8.count
        guard name.utf8.count > limit else { return "." + name + suffix }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let tag = "~" + String(hash, radix: 16)
        var kept = ""
        for character in name where kept.utf8.count + character.utf8.count + tag.utf8.count <= limit { kept.append(character) }
        return "." + kept + tag + suffix
    }

    /// Called with each temporary file a killed run left beside an output, when it is removed.
    nonisolated(unsafe) package static var removedStaleFile: ((URL) -> Void)?

    /// Removes temporary files of `target` left by runs that no longer exist (killed before
    /// they could clean up): `.NAME.PID.partial` whose process is gone.
    static func removeStale(of target: URL) {
        let dir = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        for entry in entries where entry.hasSuffix(".partial") && entry.hasPrefix(".") {
            let parts = entry.dropLast(".partial".count)
            guard let dot = parts.lastIndex(of: "."), let pid = Int32(parts[parts.index(after: dot)...]), pid != getpid(),
                  entry == temporaryName(for: name, pid: pid) else { continue }
            // The process is gone (kill with signal 0 finds no such process).
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            let url = dir.appendingPathComponent(entry)
            if (try? FileManager.default.removeItem(at: url)) != nil { removedStaleFile?(url) }
        }
    }

    /// Writes `bytes` to `url` atomically: a temporary file beside it, renamed over it when complete.
    package static func write(_ bytes: Data, to url: URL) throws {
        let file = try OutputFile(destination: url)
        try file.write(bytes)
        try file.commit()
    }

    /// Writes `bytes` as the whole (not yet committed) file.
    package func write(_ bytes: Data) throws {
        let handle = try openForWriting()
        let failed = try bytes.withUnsafeBytes { try OutputInterruption.write($0, to: handle.fileDescriptor) }
        guard failed == 0 else { throw OutputError.cannotWrite(path: destination.path, .system(failed)) }
        do { try handle.close() } catch {
            throw OutputError.cannotWrite(path: destination.path, .other(error.localizedDescription))
        }
    }

    /// Opens where the bytes go: a new, empty temporary file, or the device or pipe itself.
    package func openForWriting() throws -> FileHandle {
        // Never FileManager.createFile here: it writes atomically, by renaming over the path.
        let fd = isSpecial ? try OutputInterruption.openForWriting(temporary.path, flags: O_WRONLY)
                           : open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw OutputError.cannotWrite(path: destination.path, .system(errno)) }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// Moves the finished temporary file over the destination.
    package func commit() throws {
        guard !committed else { return }
        guard let renameTarget else { committed = true; return }
        if rename(temporary.path, renameTarget.path) != 0 {
            let reason = errno
            throw OutputError.cannotWrite(path: destination.path, .system(reason))
        }
        committed = true
        OutputFile.unregister(temporary)
    }

    /// Puts `files` in place together, in order: all of them, or none. Each previous file is
    /// kept under a second (hard-linked) name until every rename has succeeded, so a rename that
    /// fails (a name the file system refuses, a file that cannot be replaced) puts back the ones
    /// already done and leaves every destination as it was.
    package static func commit(_ files: [OutputFile]) throws {
        var done: [(file: OutputFile, previous: URL?, existed: Bool)] = []
        func drop(_ previous: URL?) {
            guard let previous else { return }
            unlink(previous.path)
            unregister(previous)
        }
        do {
            for file in files {
                var previous: URL?
                let existed = file.renameTarget.map { access($0.path, F_OK) == 0 } ?? false
                if let target = file.renameTarget, existed {
                    let aside = target.deletingLastPathComponent()
                        .appendingPathComponent(temporaryName(for: target.lastPathComponent + ".previous", pid: getpid()))
                    unlink(aside.path)
                    register(aside)
                    // Without hard links (some file systems), the file cannot be put back: it is replaced as one file would be.
                    if link(target.path, aside.path) == 0 { previous = aside } else { unregister(aside) }
                }
                do { try file.commit() } catch { drop(previous); throw error }
                done.append((file, previous, existed))
            }
        } catch {
            for (file, previous, existed) in done.reversed() {
                guard let target = file.renameTarget else { continue }
                if let previous { rename(previous.path, target.path); unregister(previous) } else if !existed { unlink(target.path) }
            }
            for file in files where !file.committed { file.discard() }
            throw error
        }
        for (_, previous, _) in done { drop(previous) }
    }

    /// Deletes the temporary file (done automatically if never committed).
    package func discard() {
        guard !isSpecial else { return }
        if !committed { unlink(temporary.path) }
        OutputFile.unregister(temporary)
    }

    deinit { if !committed { discard() } }

    // Temporary files (and staged folders) in flight, so an interruption can remove them before exiting: their paths
    // as C strings in fixed slots, which a signal handler can walk with nothing but `unlink` (a
    // second Ctrl-C exits from inside the handler). A string is never freed once registered: the
    // handler may be reading it.
    private static let lock = NSLock()
    private static let slotCount = 256
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: slotCount)
        p.initialize(repeating: nil, count: slotCount)
        return p
    }()

    /// Which slots hold a folder (of files, no subfolders) rather than a file.
    nonisolated(unsafe) private static let folderSlots: UnsafeMutablePointer<Bool> = {
        let p = UnsafeMutablePointer<Bool>.allocate(capacity: slotCount)
        p.initialize(repeating: false, count: slotCount)
        return p
    }()

    static func register(_ url: URL, folder: Bool = false) {
        lock.lock(); defer { lock.unlock() }
        if let free = (0..<slotCount).first(where: { slots[$0] == nil }) {
            folderSlots[free] = folder
            slots[free] = strdup(url.path)
        }
    }

    static func unregister(_ url: URL) {
        lock.lock(); defer { lock.unlock() }
        for i in 0..<slotCount where slots[i].map({ String(cString: $0) == url.path }) == true { slots[i] = nil }
    }

    /// Removes what slot `i` holds with system calls alone.
    private static func remove(slot i: Int, _ path: UnsafeMutablePointer<CChar>) {
        if folderSlots[i] { animate_remove_flat_folder(path) } else { unlink(path) }
    }

    /// Makes outputs that block (a FIFO with no reader, a pipe whose reader stopped) give up with
    /// `CancellationError` instead of waiting: an atomic store, safe in a signal handler.
    package static func interruptBlockedOutputs() { OutputInterruption.requested.store(true, ordering: .relaxed) }

    /// Makes the signal-safe list ready; call before installing a signal handler that uses it.
    package static func prepareForSignals() { _ = slots; _ = folderSlots }

    /// Deletes every temporary file not yet committed (for interruption handlers).
    package static func discardAllPending() {
        lock.lock(); defer { lock.unlock() }
        for i in 0..<slotCount {
            if let p = slots[i] { remove(slot: i, p); slots[i] = nil }
        }
    }

    /// Deletes every temporary file not yet committed using only async-signal-safe calls: for a
    /// signal handler about to `_exit`.
    package static func discardAllPendingFromSignalHandler() {
        for i in 0..<slotCount { if let p = slots[i] { remove(slot: i, p) } }
    }
}
