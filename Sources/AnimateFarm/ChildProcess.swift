package import Foundation

/// A program the farm starts and watches (a shard's process, GNU parallel; the tests' servers):
/// spawned with the signals a fresh process has (no blocked mask, default actions), whatever
/// thread starts it, so that it and its own children hear when theirs end; its output appended
/// to a log file (or dropped), and reaped here. (Foundation's `Process` also blocks in waitpid
/// once a child closes the descriptors it inherited, as daemons do.)
package final class ChildProcess {
    package let pid: pid_t
    private var exit: Int32?

    /// `environment` adds to (or replaces in) this process's.
    package init(_ path: String, _ arguments: [String], in directory: URL? = nil, log: URL? = nil,
                 environment: [String: String] = [:]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // In another directory: through the shell, which changes to it and becomes the program.
        let words = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0.path, path] + arguments } ?? [path] + arguments
        let argv = words.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { strdup("\($0)=\($1)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, words[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw FarmError.submitFailed(path, String(cString: strerror(result))) }
        pid = child
    }

    /// Whether it still runs (reaping it when it has ended).
    package var isRunning: Bool {
        if exit != nil { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exit = status }
        return exit == nil
    }

    /// Its exit status once ended (128 + signal when a signal ended it).
    package var status: Int32? {
        guard !isRunning, let exit else { return nil }
        return exit & 0x7F == 0 ? (exit >> 8) & 0xFF : 128 + (exit & 0x7F)
    }

    package func terminate() { if isRunning { kill(pid, SIGTERM) } }

    /// Waits for it to end.
    package func wait() {
        while isRunning { usleep(20_000) }
    }

    /// SIGTERM, then SIGKILL if it still runs after `seconds`; reaped.
    package func stop(within seconds: Double = 10) {
        terminate()
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning, Date() < deadline { usleep(20_000) }
        if isRunning { kill(pid, SIGKILL) }
        wait()
    }

    deinit {
        // Never left a zombie: a child still running is stopped and reaped.
        if isRunning { stop() }
    }
}
