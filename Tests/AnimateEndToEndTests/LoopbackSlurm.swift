import AnimateFarm
import AnimateTestSupport
import Foundation
import Testing

/// A one-node Slurm cluster on loopback for a test: `slurmctld` and `slurmd` (Debian's Slurm,
/// installed by `scripts/setup --tests`) started in the foreground on free ports with
/// `auth/none`, their state in a scratch folder; `stop()` cancels what is left and ends both.
final class LoopbackSlurm {
    let folder: URL
    let configuration: URL
    private var daemons: [ChildProcess] = []

    /// What a process talking to this cluster needs in its environment.
    var environment: [String: String] { ["SLURM_CONF": configuration.path] }

    struct Failure: Error, CustomStringConvertible { let description: String }

    init(cpus: Int = 2) throws {
        for program in ["slurmctld", "slurmd", "sbatch", "squeue", "sinfo"] where which(program) == nil && !FileManager.default.isExecutableFile(atPath: "/usr/sbin/\(program)") {
            throw Failure(description: "\(program) is missing: scripts/setup --tests installs Slurm")
        }
        folder = scratchDirectory("slurm")
        configuration = folder.appendingPathComponent("slurm.conf")
        for sub in ["state", "spool"] { try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true) }
        // slurmctld runs only on the host its configuration names (the short host name).
        let host = String(ProcessInfo.processInfo.hostName.split(separator: ".").first ?? "localhost")
        let user = String(cString: getpwuid(geteuid()).pointee.pw_name)
        let controllerPort = try freePort(), nodePort = try freePort()
        let text = """
        ClusterName=animate
        SlurmctldHost=\(host)(127.0.0.1)
        SlurmUser=\(user)
        SlurmdUser=\(user)
        AuthType=auth/none
        CredType=cred/none
        ProctrackType=proctrack/pgid
        TaskPlugin=task/none
        SelectType=select/cons_tres
        SelectTypeParameters=CR_CPU
        MpiDefault=none
        SlurmctldPort=\(controllerPort)
        SlurmdPort=\(nodePort)
        StateSaveLocation=\(folder.path)/state
        SlurmdSpoolDir=\(folder.path)/spool
        SlurmctldPidFile=\(folder.path)/slurmctld.pid
        SlurmdPidFile=\(folder.path)/slurmd.pid
        SlurmctldLogFile=\(folder.path)/slurmctld.log
        SlurmdLogFile=\(folder.path)/slurmd.log
        ReturnToService=2
        JobCompType=jobcomp/none
        AccountingStorageType=accounting_storage/none
        SchedulerParameters=sched_min_interval=100000
        NodeName=animate-node NodeHostname=\(host) NodeAddr=127.0.0.1 CPUs=\(cpus) RealMemory=1000 State=UNKNOWN
        PartitionName=lessons Nodes=animate-node Default=YES MaxTime=INFINITE State=UP

        """
        try Data(text.utf8).write(to: configuration)
        daemons.append(try start("slurmctld", ["-D", "-f", configuration.path]))
        daemons.append(try start("slurmd", ["-D", "-f", configuration.path, "-N", "animate-node"]))
        // Ready when the node is idle.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let state = try? run(path("sinfo"), ["--noheader", "--format=%t"], environment: environment, timeLimit: 20).stdout,
               state.contains("idle") { return }
            if daemons.contains(where: { !$0.isRunning }) { break }
            usleep(200_000)
        }
        let logs = ["slurmctld.log", "slurmd.log"].map { (try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) ?? "" }
        stop()
        throw Failure(description: "the test's Slurm did not come up: " + logs.map { $0.split(separator: "\n").suffix(3).joined(separator: " | ") }.joined(separator: " || "))
    }

    private func path(_ program: String) -> String {
        which(program) ?? "/usr/sbin/\(program)"
    }

    private func start(_ program: String, _ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(path(program), arguments, environment: environment)
    }

    /// The jobs queued or running, as squeue lists them (`id state`).
    func queue() throws -> [String] {
        try run(path("squeue"), ["--noheader", "--format=%i %T"], environment: environment, timeLimit: 20).stdout
            .split(separator: "\n").map(String.init)
    }

    /// Cancels every job, then ends the daemons (SIGTERM, then SIGKILL after 10 s).
    func stop() {
        _ = try? run(path("scancel"), ["--full", "--user", String(cString: getpwuid(geteuid()).pointee.pw_name)], environment: environment, timeLimit: 20)
        for daemon in daemons.reversed() { daemon.stop() }
        daemons = []
    }

    /// Whether either daemon still runs.
    var isRunning: Bool { daemons.contains { $0.isRunning } }

    deinit { stop() }
}

/// An ssh server on loopback for a test, reached with a key made for it: `login` is a GNU
/// parallel sshlogin line for it. `stop()` ends it.
final class LoopbackSSH {
    let folder: URL
    let port: Int
    private var server: ChildProcess?

    struct Failure: Error, CustomStringConvertible { let description: String }

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd"), which("ssh-keygen") != nil else {
            throw Failure(description: "sshd is missing: scripts/setup --tests installs openssh-server")
        }
        folder = scratchDirectory("ssh")
        port = try freePort()
        for key in ["host", "user"] {
            let made = try run(which("ssh-keygen")!, ["-q", "-t", "ed25519", "-N", "", "-f", folder.appendingPathComponent(key).path], timeLimit: 30)
            guard made.status == 0 else { throw Failure(description: "ssh-keygen: \(made.stderr)") }
        }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("user.pub"), to: folder.appendingPathComponent("authorized_keys"))
        let config = """
        Port \(port)
        ListenAddress 127.0.0.1
        HostKey \(folder.path)/host
        AuthorizedKeysFile \(folder.path)/authorized_keys
        PasswordAuthentication no
        KbdInteractiveAuthentication no
        PermitRootLogin prohibit-password
        StrictModes no
        UsePAM no
        PidFile \(folder.path)/sshd.pid

        """
        try Data(config.utf8).write(to: folder.appendingPathComponent("sshd_config"))
        // sshd's privilege separation directory.
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        let process = try ChildProcess("/usr/sbin/sshd", ["-D", "-E", folder.appendingPathComponent("sshd.log").path,
                                                    "-f", folder.appendingPathComponent("sshd_config").path])
        server = process
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if process.isRunning, let answer = try? run(which("ssh")!, sshArguments + [target, "true"], timeLimit: 20), answer.status == 0 { return }
            usleep(200_000)
        }
        stop()
        throw Failure(description: "the test's sshd did not answer: " + ((try? String(contentsOf: folder.appendingPathComponent("sshd.log"), encoding: .utf8)) ?? ""))
    }

    var user: String { String(cString: getpwuid(geteuid()).pointee.pw_name) }
    var target: String { "\(user)@127.0.0.1" }
    var sshArguments: [String] {
        ["-i", folder.appendingPathComponent("user").path, "-p", String(port), "-o", "StrictHostKeyChecking=no",
         "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR"]
    }

    /// A line of GNU parallel's --sshloginfile: `jobs/ssh ... user@127.0.0.1`.
    func login(jobs: Int) -> String { "\(jobs)/ssh " + sshArguments.joined(separator: " ") + " " + target }

    func stop() {
        server?.stop()
        server = nil
    }

    deinit { stop() }
}

