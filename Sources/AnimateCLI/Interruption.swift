import Animate
import Foundation
import Synchronization

/// SIGINT/SIGTERM handling: the first signal asks the render to stop (it then deletes its
/// temporary file and exits 130 or 143); a second one deletes the temporary files and exits at once.
enum Interruption {
    static let signal = Atomic<Int32>(0)

    static func install() {
        // A file-size limit (ulimit -f) should fail the write with EFBIG and a message, not kill us.
        Foundation.signal(SIGXFSZ, SIG_IGN)
        // A reader that goes away (`| head`) should fail the write with a message, not kill us silently.
        Foundation.signal(SIGPIPE, SIG_IGN)
        OutputFile.prepareForSignals()
        for sig in [SIGINT, SIGTERM] {
            Foundation.signal(sig) { received in
                // A second signal: no waiting for the render to notice, but no temporary file left either.
                if Interruption.signal.exchange(received, ordering: .relaxed) != 0 {
                    OutputFile.discardAllPendingFromSignalHandler()
                    _exit(128 + received)
                }
            }
        }
        // A parent may hand us a signal mask with these blocked (a blocked signal stays pending and
        // never reaches the handler): unblock them on this thread, which the workers' masks inherit.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The signal received, or 0.
    static var received: Int32 { signal.load(ordering: .relaxed) }
}
