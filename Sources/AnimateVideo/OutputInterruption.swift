import CFFmpeg
import Foundation
import Synchronization

/// A request to give up on outputs that block (a FIFO nobody opened for reading, a pipe whose
/// reader stopped reading): set from a signal handler or by a caller, it makes the opens and
/// writes of outputs, ours and FFmpeg's, end with `CancellationError` instead of waiting forever.
package enum OutputInterruption {
    package static let requested = Atomic<Bool>(false)

    static var isRequested: Bool { requested.load(ordering: .relaxed) }

    /// FFmpeg's I/O asks this between tries of a read, write or open that was interrupted.
    static var callback: AVIOInterruptCB {
        AVIOInterruptCB(callback: { _ in OutputInterruption.isRequested ? 1 : 0 }, opaque: nil)
    }

    /// Opens `path` for writing. A FIFO is opened without blocking, tried again every 20 ms
    /// until a reader comes or an interruption is requested (then `CancellationError`); what
    /// `open` refuses is returned as -1 with `errno`.
    package static func openForWriting(_ path: String, flags: Int32, mode: mode_t = 0o644) throws -> Int32 {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return open(path, flags, mode) }
        while true {
            let fd = open(path, flags | O_NONBLOCK)
            if fd >= 0 {
                // Writes block as usual from here on (each still ends on an interruption).
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                return fd
            }
            guard errno == ENXIO || errno == EINTR else { return -1 }
            if isRequested { throw CancellationError() }
            usleep(20_000)
        }
    }

    /// Writes all of `bytes` to `fd`; a write interrupted by a signal is tried again unless an
    /// interruption is requested (`CancellationError`). Returns 0, or the `errno` of a failed write.
    package static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws -> Int32 {
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n > 0 { done += n; continue }
            if n < 0 && errno == EINTR {
                if isRequested { throw CancellationError() }
                continue
            }
            return n < 0 ? errno : EIO
        }
        return 0
    }
}
