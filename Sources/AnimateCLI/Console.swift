package import Animate
import Foundation

/// Everything the command line tells the user on standard error, worded in one place. Writes go
/// straight to descriptor 2 and never fail the command: a closed or full standard error, or a
/// reader that went away, loses the message, never the output.
package enum Console {
    /// A failure, as one `error: ...` line.
    package static func error(_ error: any Error) {
        write("error: \(visible("\(error)"))\n")
    }

    /// Something worth knowing that changes nothing (a default chosen, a leftover removed).
    package static func note(_ text: String) {
        write("note: \(visible(text))\n")
    }

    /// Something done although it may not be what was meant (`concat --force`).
    package static func warning(_ text: String) {
        write("warning: \(visible(text))\n")
    }

    /// A run stopped by a signal (`Interruption`), and what it kept (`PartialRender`) or that it kept nothing.
    package static func interrupted(kept partial: PartialRender? = nil) {
        write("\(Tool.name): interrupted; \(visible(partial.map(\.description) ?? "nothing was written"))\n")
    }

    /// A line of the command's own report (what was written where).
    package static func report(_ line: String) {
        write(visible(line) + "\n")
    }

    /// `text` as a terminal should show it (`TerminalText`): a file name cannot move the cursor,
    /// recolour or rewrite the terminal.
    package static func visible(_ text: String) -> String { TerminalText.visible(text.unicodeScalars) }

    /// What the command prints as its result (a manifest, a list, a verdict) on standard output,
    /// whole; a write that fails (a full disk, a closed pipe) is the command's failure, since
    /// its result was lost.
    package static func output(_ text: String) throws {
        try output(bytes: Array(text.utf8))
    }

    /// Part of the command's result, as bytes (written piece by piece for a large result).
    package static func output(bytes: [UInt8]) throws {
        // Closed when the tool started (`>&-`): the result would go nowhere.
        if OutputInterruption.standardOutputIsClosed { throw OutputError.cannotWrite(path: "standard output", .other("it is closed")) }
        let failure = bytes.withUnsafeBytes { write($0, to: 1) }
        if failure != 0 { throw OutputError.cannotWrite(path: "standard output", .system(failure)) }
    }

    /// Opens /dev/null on any of descriptors 0, 1 and 2 that is closed, so no file the command
    /// opens later (an output) takes the number of a standard stream and receives its writes.
    package static func holdStandardDescriptors() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            if fd == 1 { OutputInterruption.markStandardOutputClosed() }
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }

    /// Writes `text` whole to descriptor 2, giving up silently if it cannot.
    package static func write(_ text: String) {
        _ = write(text, to: 2)
    }

    /// Writes `text` whole to `descriptor`, retrying on EINTR and short writes; returns 0, or the
    /// `errno` of the write that failed.
    private static func write(_ text: String, to descriptor: Int32) -> Int32 {
        Array(text.utf8).withUnsafeBytes { write($0, to: descriptor) }
    }

    private static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let n = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return n < 0 ? errno : EIO }
        }
        return 0
    }
}
