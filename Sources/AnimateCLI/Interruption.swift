import Animate
import Foundation
import Synchronization

/// SIGINT, SIGTERM and SIGHUP (a closed terminal): the first signal asks the command to stop (it
/// then deletes its temporary files and exits 128 + the signal); a second one deletes the
/// temporary files and exits at once.
enum Interruption {
    static let signal = Atomic<Int32>(0)

    static func install() {
        // A file-size limit (ulimit -f) should fail the write with EFBIG and a message, not kill us.
        Foundation.signal(SIGXFSZ, SIG_IGN)
        // A reader that goes away (`| head`) should fail the write with a message, not kill us silently.
        Foundation.signal(SIGPIPE, SIG_IGN)
        OutputFile.prepareForSignals()
        for sig in Self.handled {
            // Without SA_RESTART: an open or write blocked on a FIFO or a stalled pipe returns
            // EINTR, and the output code sees the interruption instead of waiting on.
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                OutputFile.interruptBlockedOutputs()
                // A second signal: no waiting for the render to notice, but no temporary file left either.
                if Interruption.signal.exchange(received, ordering: .relaxed) != 0 {
                    OutputFile.discardAllPendingFromSignalHandler()
                    _exit(128 + received)
                }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
        // A parent may hand us a signal mask with these blocked (a blocked signal stays pending and
        // never reaches the handler): unblock them on this thread, which the workers' masks inherit.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in Self.handled { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    static let handled = [SIGINT, SIGTERM, SIGHUP]

    /// Throws `CancellationError` once a signal was received.
    static func check() throws {
        if received != 0 { throw CancellationError() }
    }

    /// The signal received, or 0.
    static var received: Int32 { signal.load(ordering: .relaxed) }
}
