import Animate
import Foundation
import Synchronization

/// SIGINT, SIGTERM, SIGHUP (a closed terminal) and SIGQUIT, caught from the moment the tool
/// starts. Until a command arms the interruption (`arm()`), a signal removes the temporary files
/// and exits at once with 128 + the signal. Once armed, the first signal asks the command to stop
/// (it then deletes its temporary files and exits 128 + the signal), and makes every output that
/// waits (an open or a write on a FIFO or a pipe) give up; a second one deletes the temporary
/// files and exits at once. No signal is forgotten: every wait on an output asks for it in steps
/// of at most a tenth of a second, whichever thread the signal was delivered to.
enum Interruption {
    static let signal = Atomic<Int32>(0)
    /// Whether the running command stops by itself on a signal.
    private static let armed = Atomic<Bool>(false)

    /// What a signal that ends the process at once says on standard error, made before any
    /// handler runs (a handler may only `write` it).
    nonisolated(unsafe) private static var message: (text: UnsafeMutablePointer<CChar>, count: Int)?

    /// Catches the signals; `tool` is the name the message gives.
    static func install(tool: String) {
        let line = "\(Console.visible(tool)): interrupted; nothing was written\n"
        message = (strdup(line)!, line.utf8.count)
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
                // Not armed yet, or a second signal: no waiting for the command to notice, but no
                // temporary file left either.
                let second = Interruption.signal.exchange(received, ordering: .relaxed) != 0
                if second || !Interruption.armed.load(ordering: .relaxed) {
                    OutputFile.discardAllPendingFromSignalHandler()
                    if !second, let message = Interruption.message { _ = write(2, message.text, message.count) }
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

    /// The command checks `received` from now on (between frames, in every wait on an output)
    /// and stops by itself. A signal that arrived before is still seen: it ended the process.
    static func arm() { armed.store(true, ordering: .relaxed) }

    static let handled = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Throws `CancellationError` once a signal was received.
    static func check() throws {
        if received != 0 { throw CancellationError() }
    }

    /// The signal received, or 0.
    static var received: Int32 { signal.load(ordering: .relaxed) }
}
