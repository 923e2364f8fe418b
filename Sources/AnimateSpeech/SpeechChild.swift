import CSpeechChild
import Foundation

/// Starts the speech child (`CSpeechChild`): this executable again, through `posix_spawn`, with
/// the flag in its environment that makes it speak and exit before `main`.
enum SpeechChild {
    /// Runs the child with `arguments` after the program name and `input` on its standard input;
    /// returns everything it wrote to its standard output.
    static func run(arguments: [String], input: [UInt8]) throws(SpeechError) -> [UInt8] {
        func failure(_ what: String, _ code: Int32 = errno) -> SpeechError {
            .cannotStart(call: what, errno: code)
        }
        var request: [Int32] = [0, 0], reply: [Int32] = [0, 0]
        guard animate_speech_pipe(&request) == 0 else { throw failure("pipe") }
        guard animate_speech_pipe(&reply) == 0 else {
            close(request[0]); close(request[1])
            throw failure("pipe")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, request[0], 0)
        posix_spawn_file_actions_adddup2(&actions, reply[1], 1)
        // What a failing child would print (a runtime's backtrace, an allocator's complaint) is
        // not the user's to read: its failure comes back as one line, from its status.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var environment = ProcessInfo.processInfo.environment
        environment[ANIMATE_SPEECH_CHILD_ENV] = "1"
        let argv = ["animate-speech"] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let spawned = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnvp in posix_spawn(&pid, "/proc/self/exe", &actions, nil, cArgv, cEnvp) }
        }
        close(request[0])
        close(reply[1])
        guard spawned == 0 else {
            close(request[1]); close(reply[0])
            throw failure("posix_spawn", spawned)
        }
        // The child reads all its input before it writes: write it all, then read to the end.
        // A child that died early makes the write fail (EPIPE), not stop this process (SIGPIPE).
        let wrote = withoutBrokenPipeSignal { input.withUnsafeBytes { writeAll(request[1], $0) } }
        close(request[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(reply[0], $0.baseAddress, $0.count) }
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) } else if n < 0 && errno == EINTR { continue } else { break }
        }
        close(reply[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Killed by a signal: the low seven bits hold it (0x7f would mean stopped, not ended).
        let signal = status & 0x7f
        if signal != 0 && signal != 0x7f {
            var limit = rlimit()
            let limited = getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
            throw .crashed(signal: signal, addressSpaceLimit: limited ? Int(clamping: limit.rlim_cur) : nil)
        }
        guard wrote else { throw .stoppedBeforeReading }
        return bytes
    }

    /// Runs `body` with SIGPIPE blocked on this thread, and takes back a SIGPIPE it raised, so a
    /// write to a closed pipe fails with EPIPE instead of ending the process.
    private static func withoutBrokenPipeSignal<R>(_ body: () -> R) -> R {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        let alreadyPending = sigismember(&pending, SIGPIPE) == 1
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let result = body()
        sigpending(&pending)
        if !alreadyPending && sigismember(&pending, SIGPIPE) == 1 {
            var none = timespec()
            _ = sigtimedwait(&pipeSignal, nil, &none)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return result
    }

    private static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
            if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { return false }
        }
        return true
    }

    /// `strings` as a NULL-terminated C array for the duration of `body`.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies + [nil])
    }
}
