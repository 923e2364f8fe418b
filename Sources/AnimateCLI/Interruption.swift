import Animate
import CSignalSafe
import Foundation
import Synchronization

/// SIGINT, SIGTERM, SIGHUP (a closed terminal) and SIGQUIT, caught from the moment the tool
/// starts. Until a command arms the interruption (`arm()`), a signal removes the temporary files
/// and exits at once with 128 + the signal. Once armed, the first signal asks the command to stop
/// (it then deletes its temporary files and exits 128 + the signal), and makes every output that
/// waits (an open or a write on a FIFO or a pipe) give up; a second one deletes the temporary
/// files and exits at once. Every signal ends the tools the command runs (`ToolProcess`). No signal is forgotten: every wait on an output asks for it in steps
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
                // A compiler we wait for ends with us, and the jobs it started (their process group).
                animate_kill_child_groups(SIGKILL)
                // Not armed yet, or a second signal: no waiting for the command to notice, but no
                // temporary file left either.
                let second = Interruption.signal.exchange(received, ordering: .relaxed) != 0
                if !second, let watchdog = Interruption.watchdog { sem_post(watchdog) }
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
    /// `stopsWithin`: if the command has not ended that many seconds after the first signal
    /// (lesson code that never returns: a drawing closure in an endless loop), the process ends
    /// as at a second signal. Nil for a command that runs no lesson code (the farm, concat).
    static func arm(stopsWithin grace: Double? = 3) {
        if let grace, watchdog == nil { startWatchdog(grace: grace) }
        armed.store(true, ordering: .relaxed)
    }

    /// Posted by the handler at the first signal once armed (`sem_post` may be called there).
    nonisolated(unsafe) private static var watchdog: UnsafeMutablePointer<sem_t>?

    private static func startWatchdog(grace: Double) {
        let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
        watchdog = semaphore
        let thread = Thread {
            while let semaphore = Interruption.watchdog, sem_wait(semaphore) != 0 {}
            usleep(UInt32(grace * 1_000_000))
            // Still here: the command never came back to see the signal.
            OutputFile.discardAllPendingFromSignalHandler()
            animate_kill_child_groups(SIGKILL)
            let frame = Renderer.lastFrameBegun.load(ordering: .relaxed)
            let what = Renderer.framesDrawing.load(ordering: .relaxed) > 0
                ? "the lesson's code did not return (drawing frame \(frame)), so it was stopped where it stood"
                : "what was running did not stop within \(Int(grace)) s, so it was ended there"
            let line = "\(Console.visible(Tool.name)): interrupted; \(what); nothing was written\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            _exit(128 + Interruption.received)
        }
        thread.name = "animate-interruption-watchdog"
        thread.start()
    }

    static let handled = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Throws `CancellationError` once a signal was received.
    static func check() throws {
        if received != 0 { throw CancellationError() }
    }

    /// The signal received, or 0.
    static var received: Int32 { signal.load(ordering: .relaxed) }
}
