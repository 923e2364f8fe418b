package import CFFmpeg
import Foundation
package import Synchronization

/// A request to give up on outputs that block (a FIFO nobody opened for reading, a pipe whose
/// reader stopped reading): set from a signal handler or by a caller, it makes the opens and
/// writes of outputs, ours and FFmpeg's, end with `CancellationError` instead of waiting forever.
package enum OutputInterruption {
    package static let requested = Atomic<Bool>(false)
    private static let closedStandardOutput = Atomic<Bool>(false)

    /// Whether standard output was found closed when the program started.
    package static var standardOutputIsClosed: Bool { closedStandardOutput.load(ordering: .relaxed) }

    /// Records that standard output was closed at start (before /dev/null took its number).
    package static func markStandardOutputClosed() { closedStandardOutput.store(true, ordering: .relaxed) }
    /// When finishing what an interrupted render kept must give up (monotonic nanoseconds; 0: never).
    private static let finishingDeadline = Atomic<UInt64>(0)

    static var isRequested: Bool {
        if requested.load(ordering: .relaxed) { return true }
        let deadline = finishingDeadline.load(ordering: .relaxed)
        return deadline != 0 && DispatchTime.now().uptimeNanoseconds > deadline
    }

    /// Lifts an interruption so what was kept can be finished (a trailer written, a file
    /// closed), for at most `seconds` of waiting on outputs: a reader that stopped reading can
    /// no longer hold the run after the first signal.
    package static func allowFinishing(within seconds: Double) {
        finishingDeadline.store(DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9), ordering: .relaxed)
        requested.store(false, ordering: .relaxed)
    }

    /// Ends the time `allowFinishing` gave (what was kept is finished, or given up).
    package static func endFinishing() { finishingDeadline.store(0, ordering: .relaxed) }

    /// FFmpeg's I/O asks this between tries of a read, write or open that was interrupted.
    static var callback: AVIOInterruptCB {
        AVIOInterruptCB(callback: { _ in OutputInterruption.isRequested ? 1 : 0 }, opaque: nil)
    }

    /// Opens `path` for writing. A FIFO is opened without blocking, tried again every 20 ms
    /// until a reader comes or an interruption is requested (then `CancellationError`), and stays
    /// non-blocking (its open file description is ours alone), so `write` waits for room itself;
    /// what `open` refuses is returned as -1 with `errno`.
    package static func openForWriting(_ path: String, flags: Int32, mode: mode_t = 0o644) throws -> Int32 {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return open(path, flags, mode) }
        while true {
            if isRequested { throw CancellationError() }
            let fd = open(path, flags | O_NONBLOCK)
            if fd >= 0 { return fd }
            guard errno == ENXIO || errno == EINTR else { return -1 }
            usleep(20_000)
        }
    }

    /// Standard output to write to: for a pipe, a descriptor of its own on the same pipe (opened
    /// again through /proc), non-blocking, so waiting for the reader never blocks in `write`;
    /// otherwise descriptor 1 itself.
    package static func standardOutputForWriting() -> Int32 {
        var info = stat()
        guard fstat(1, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return 1 }
        let fd = open("/proc/self/fd/1", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        return fd >= 0 ? fd : 1
    }

    /// Writes all of `bytes` to `fd`, asking for an interruption before every call that could
    /// wait (then `CancellationError`). A reader that does not read never holds it for more than
    /// a tenth of a second at a time: a non-blocking descriptor waits in `poll`, and a blocking
    /// pipe or socket is written a pipe buffer at a time once `poll` says there is room, so a
    /// signal delivered to another thread is never missed. Returns 0, or the `errno` of a failed write.
    package static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        var info = stat()
        let kind = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
        let blocking = fcntl(fd, F_GETFL) & O_NONBLOCK == 0
        let mayWait = blocking && (kind == S_IFIFO || kind == S_IFSOCK)
        var done = 0
        while done < bytes.count {
            if isRequested { throw CancellationError() }
            if mayWait, !waitForRoom(fd) { continue }
            let n = Foundation.write(fd, base + done, mayWait ? min(bytes.count - done, Int(PIPE_BUF)) : bytes.count - done)
            if n > 0 { done += n; continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { _ = waitForRoom(fd); continue }
            return n < 0 ? errno : EIO
        }
        return 0
    }

    /// Waits up to a tenth of a second for `fd` to take more bytes (or to fail: the write then says why).
    private static func waitForRoom(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 100) > 0
    }
}
