import CSignalSafe
import Foundation

/// A tool the command line runs and waits for (the compiler, `swift build`): started in a process
/// group of its own, which the signal handler ends with this process (`Interruption`), so that a
/// compiler and the jobs it starts never outlive a `kill`, `timeout` or supervisor that signals
/// only us. Its temporary files go to `directory` when one is given (`TMPDIR`).
enum ToolProcess {
    /// Runs `arguments` (`arguments[0]` a path): its exit status (128 + the signal that ended it;
    /// -1 when it could not start) and what it printed on either stream.
    static func run(_ arguments: [String], in directory: URL?) -> (status: Int32, log: String) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return (-1, "cannot run \(arguments[0]): \(String(cString: strerror(errno)))") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var environment = ProcessInfo.processInfo.environment
        if let directory { environment["TMPDIR"] = directory.path }
        // In another directory: through the shell, which changes to it and becomes the tool.
        let words = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0.path] + arguments } ?? arguments
        let argv = words.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        // No signal between the start and the group's registration: it would leave the child running.
        var handled = sigset_t(), previous = sigset_t()
        sigemptyset(&handled)
        for sig in Interruption.handled { sigaddset(&handled, sig) }
        pthread_sigmask(SIG_BLOCK, &handled, &previous)
        var child: pid_t = 0
        let started = posix_spawn(&child, words[0], &actions, &attributes, argv, envp)
        if started == 0 { _ = animate_add_child_group(child) }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        close(fds[1])
        defer { close(fds[0]) }
        guard started == 0 else { return (-1, "cannot run \(arguments[0]): \(String(cString: strerror(started)))") }
        defer { animate_remove_child_group(child) }
        var log = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n > 0 { log += buffer[..<n]; continue }
            if n < 0 && errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (code, String(decoding: log, as: UTF8.self))
    }
}
