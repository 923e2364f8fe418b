import AnimateTestSupport
import Foundation
import Testing

/// `animate farm` against real engines: a Slurm cluster and an sshd started here on loopback, and
/// this machine. Outputs are ProRes (every frame coded alone), so a joined file decodes to
/// exactly the frames of a single render.
@Suite(.serialized) struct FarmTests {
    let scene = ["hexagons", "--size", "320x180", "--fps", "30", "--duration", "4"]

    /// Each decoded frame's MD5, as ffmpeg's framemd5 prints it.
    func frameHashes(_ file: URL) throws -> [String] {
        let out = try run(which("ffmpeg")!, ["-v", "error", "-i", file.path, "-map", "0:v", "-f", "framemd5", "-"], timeLimit: 120).stdout
        return out.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "").trimmingCharacters(in: .whitespaces) }
    }

    func single(_ dir: URL) async throws -> [String] {
        let made = try await run(animateBinary(), scene + ["-o", "single.mov", "--quiet"], currentDirectory: dir, timeLimit: 300)
        #expect(made.status == 0, "\(made.stderr)")
        return try frameHashes(dir.appendingPathComponent("single.mov"))
    }

    /// First events line of a shard's attempt log: its process, once it has started.
    func startedProcess(_ dir: URL, shard: Int) -> pid_t? {
        let file = dir.appendingPathComponent(String(format: ".animate-farm/retry/logs/shard-%05d.events", shard))
        guard let text = try? String(contentsOf: file, encoding: .utf8), let line = text.split(separator: "\n").first,
              let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        return (object["process"] as? NSNumber).map { pid_t($0.int32Value) }
    }

    @Test func slurmRendersShardsRetriesAKilledTaskAndCancels() async throws {
        let cluster = try LoopbackSlurm()
        defer { cluster.stop() }
        let dir = scratchDirectory()
        let expected = try await single(dir)
        #expect(expected.count == 120)

        // Four shards of 30 frames (keyframes every 15), two at once on the node's two CPUs.
        let farm = try await run(animateBinary(), ["farm"] + scene + ["-o", "farm.mov", "--engine", "slurm", "--shards", "4", "--keyint", "15", "--min-shard", "0"],
                                 currentDirectory: dir, environment: cluster.environment, timeLimit: 300)
        #expect(farm.status == 0, "\(farm.stderr)")
        #expect(farm.stderr.contains("submitted job array"), "\(farm.stderr)")
        #expect(try frameHashes(dir.appendingPathComponent("farm.mov")) == expected)
        let status = try await run(animateBinary(), ["farm", "status", ".animate-farm/farm"], currentDirectory: dir, timeLimit: 60)
        #expect(status.stdout.contains("4/4 shards done") && status.stdout.contains("frames 90...119"), "\(status.stdout)")

        // A task killed as it renders: the join job submits its shard again, then joins.
        let retrying = Process()
        retrying.executableURL = URL(fileURLWithPath: animateBinary())
        retrying.arguments = ["farm"] + ["hexagons", "--size", "640x360", "--fps", "30", "--duration", "4"]
            + ["-o", "retry.mov", "--engine", "slurm", "--shards", "4", "--keyint", "15", "--min-shard", "0", "--max-running", "1", "--quiet"]
        retrying.currentDirectoryURL = dir
        retrying.environment = ProcessInfo.processInfo.environment.merging(cluster.environment) { $1 }
        try retrying.run()
        var killed: pid_t?
        let deadline = Date().addingTimeInterval(120)
        while killed == nil, Date() < deadline, retrying.isRunning {
            if let pid = startedProcess(dir, shard: 1), kill(pid, SIGKILL) == 0 { killed = pid }
            usleep(10_000)
        }
        #expect(killed != nil, "shard 1 never started, or ended before it could be killed")
        #expect(waitForExit(retrying, within: 300))
        #expect(retrying.terminationStatus == 0)
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent(".animate-farm/retry/segments/shard-00001.json"))) as? [String: Any]
        #expect((record?["attempt"] as? NSNumber)?.intValue == 2)
        let jobs = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent(".animate-farm/retry/jobs.json"))) as? [String: Any]
        // The array and its join, then shard 1's array and a second join.
        #expect((jobs?["slurmJobs"] as? [String])?.count == 4)
        let large = try await run(animateBinary(), ["hexagons", "--size", "640x360", "--fps", "30", "--duration", "4", "-o", "large.mov", "--quiet"],
                                  currentDirectory: dir, timeLimit: 300)
        #expect(large.status == 0)
        #expect(try frameHashes(dir.appendingPathComponent("retry.mov")) == frameHashes(dir.appendingPathComponent("large.mov")))

        // Cancelled: its jobs leave the queue and no output appears. (A render long enough that no
        // machine finishes it before the cancel: a short one may end first on a quiet machine.)
        let long = ["hexagons", "--size", "640x360", "--fps", "30", "--duration", "60"]
        let detached = try await run(animateBinary(), ["farm"] + long + ["-o", "cancelled.mov", "--engine", "slurm", "--shards", "4", "--keyint", "15",
                                                                          "--min-shard", "0", "--max-running", "1", "--detach", "--quiet"],
                                     currentDirectory: dir, environment: cluster.environment, timeLimit: 120)
        #expect(detached.status == 0, "\(detached.stderr)")
        // A second render into the same work directory while the first runs would mix their segments: refused.
        let second = try await run(animateBinary(), ["farm"] + scene + ["-o", "cancelled.mov", "--engine", "slurm", "--quiet"],
                                   currentDirectory: dir, environment: cluster.environment, timeLimit: 120)
        #expect(second.status == 1 && second.stderr.hasPrefix("error: A farm render is still running in "), "\(second.stderr)")
        let cancel = try await run(animateBinary(), ["farm", "cancel", ".animate-farm/cancelled"], currentDirectory: dir, environment: cluster.environment, timeLimit: 60)
        #expect(cancel.status == 0, "\(cancel.stderr)")
        let emptied = Date().addingTimeInterval(30)
        while try !cluster.queue().isEmpty, Date() < emptied { usleep(200_000) }
        #expect(try cluster.queue().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("cancelled.mov").path))
        let after = try await run(animateBinary(), ["farm", "status", ".animate-farm/cancelled"], currentDirectory: dir, timeLimit: 60)
        #expect(after.stdout.contains("cancelled"), "\(after.stdout)")

        cluster.stop()
        #expect(!cluster.isRunning)
    }

    @Test func gnuParallelOverSSHShipsTheToolAndBringsTheSegmentsBack() async throws {
        let ssh = try LoopbackSSH()
        defer { ssh.stop() }
        let dir = scratchDirectory()
        let expected = try await single(dir)
        try Data((ssh.login(jobs: 2) + "\n").utf8).write(to: dir.appendingPathComponent("machines"))
        let farm = try await run(animateBinary(), ["farm"] + scene + ["-o", "parallel.mov", "--engine", "parallel", "--sshloginfile", "machines",
                                                                      "--shards", "3", "--keyint", "15", "--min-shard", "0"],
                                 currentDirectory: dir, timeLimit: 300)
        #expect(farm.status == 0, "\(farm.stderr)")
        #expect(try frameHashes(dir.appendingPathComponent("parallel.mov")) == expected)
        let joblog = try String(contentsOf: dir.appendingPathComponent(".animate-farm/parallel/logs/parallel.joblog"), encoding: .utf8)
        #expect(joblog.split(separator: "\n").count == 4, "\(joblog)")
        // The work folder on the machine is gone (--cleanup).
        let left = try await run(which("ssh")!, ssh.sshArguments + [ssh.target, "ls -A ~/.animate-farm 2>/dev/null"], timeLimit: 60)
        #expect(left.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(left.stdout)")
    }

    @Test func localShardsJoinCheckedAndADamagedSegmentIsNeverJoined() async throws {
        let dir = scratchDirectory()
        let expected = try await single(dir)
        let farm = try await run(animateBinary(), ["farm"] + scene + ["-o", "local.mov", "--shards", "3", "--keyint", "15", "--min-shard", "0"],
                                 currentDirectory: dir, timeLimit: 300)
        #expect(farm.status == 0, "\(farm.stderr)")
        let joined = dir.appendingPathComponent("local.mov")
        #expect(try frameHashes(joined) == expected)
        // The frame times are kept for the next render's shard sizes.
        let costs = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent(".animate-farm/local/costs.json"))) as? [String: Any]
        #expect(((costs?["seconds"] as? [String: Any])?.values.first as? [Any])?.count == 120)

        // A segment changed after its shard recorded it: the join refuses, the output stays.
        let before = try Data(contentsOf: joined)
        let segment = dir.appendingPathComponent(".animate-farm/local/segments/shard-00001.mov")
        var bytes = try Data(contentsOf: segment)
        for i in stride(from: bytes.count / 2, to: bytes.count / 2 + 2000, by: 7) { bytes[i] ^= 0x5A }
        try bytes.write(to: segment)
        let join = try await run(animateBinary(), ["farm", "join", ".animate-farm/local"], currentDirectory: dir, timeLimit: 120)
        #expect(join.status == 1)
        #expect(join.stderr.hasPrefix("error: Shard 1's segment does not match") && join.stderr.split(separator: "\n").count == 1, "\(join.stderr)")
        #expect(try Data(contentsOf: joined) == before)
        #expect(!FileManager.default.fileExists(atPath: segment.path))

        // What a farm cannot do is a usage error, before anything runs.
        let refused = try await run(animateBinary(), ["farm"] + scene + ["-o", "x.gif"], currentDirectory: dir, timeLimit: 60)
        #expect(refused.status == 64 && refused.stderr.contains(".mp4, .mov, .mkv or .webm"), "\(refused.stderr)")
        let captions = try await run(animateBinary(), ["farm"] + scene + ["--captions", "x.vtt", "-o", "x.mp4"], currentDirectory: dir, timeLimit: 60)
        #expect(captions.status == 64, "\(captions.stderr)")
        let dry = try await run(animateBinary(), ["farm"] + scene + ["-o", "dry.mp4", "--engine", "slurm", "--shards", "4", "--dry-run"], currentDirectory: dir, timeLimit: 60)
        #expect(dry.status == 0 && dry.stdout.contains("sbatch --parsable") && dry.stdout.contains("--dependency=afterany:"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".animate-farm/dry").path))
        // No Slurm client on PATH: one line saying what to install.
        let noSlurm = try await run(animateBinary(), ["farm"] + scene + ["-o", "s.mp4", "--engine", "slurm", "--quiet"], currentDirectory: dir,
                                    environment: ["PATH": "/nonexistent"], timeLimit: 60)
        #expect(noSlurm.status == 1 && noSlurm.stderr == "error: sbatch is not installed (Debian: apt install slurm-client).\n", "\(noSlurm.stderr)")
    }

    /// Shards carry no sound; the joined file has the whole render's narration and cues, mixed
    /// once: the same samples as a single render's.
    @Test func aNarratedLessonsSoundIsMadeOnceForTheJoinedFile() async throws {
        let dir = scratchDirectory()
        let lesson = ["angles", "--size", "320x180", "--fps", "30"]
        let single = try await run(animateBinary(), lesson + ["-o", "single.mov", "--quiet"], currentDirectory: dir, timeLimit: 300)
        #expect(single.status == 0, "\(single.stderr)")
        let farm = try await run(animateBinary(), ["farm"] + lesson + ["-o", "farm.mov", "--shards", "3", "--quiet"], currentDirectory: dir, timeLimit: 300)
        #expect(farm.status == 0, "\(farm.stderr)")
        func sound(_ name: String) throws -> [String] {
            try run(which("ffmpeg")!, ["-v", "error", "-i", dir.appendingPathComponent(name).path, "-map", "0:a", "-f", "framemd5", "-"], timeLimit: 120)
                .stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        }
        let joinedSound = try sound("farm.mov")
        #expect(!joinedSound.isEmpty)
        #expect(joinedSound == (try sound("single.mov")))
        #expect(try frameHashes(dir.appendingPathComponent("farm.mov")) == frameHashes(dir.appendingPathComponent("single.mov")))
    }

    @Test func anInterruptedFarmStopsItsShardsAndKeepsTheOutput() async throws {
        let dir = scratchDirectory()
        try Data("previous".utf8).write(to: dir.appendingPathComponent("long.mp4"))
        let farm = Process()
        farm.executableURL = URL(fileURLWithPath: animateBinary())
        farm.arguments = ["farm", "hexagons", "--size", "1280x720", "--fps", "30", "--duration", "60", "-o", "long.mp4", "--shards", "2", "--quiet"]
        farm.currentDirectoryURL = dir
        try farm.run()
        // Once both shards render, Ctrl-C.
        let events = (0..<2).map { dir.appendingPathComponent(String(format: ".animate-farm/long/logs/shard-%05d.events", $0)) }
        let deadline = Date().addingTimeInterval(120)
        while !events.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }), Date() < deadline, farm.isRunning { usleep(20_000) }
        #expect(waitUntilCatching(SIGINT, pid: farm.processIdentifier))
        kill(farm.processIdentifier, SIGINT)
        #expect(waitForExit(farm, within: 60))
        #expect(farm.terminationStatus == 130)
        #expect(try String(contentsOf: dir.appendingPathComponent("long.mp4"), encoding: .utf8) == "previous")
        // The shards' processes are gone, and the render says it was cancelled.
        for file in events {
            let line = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let pid = (object?["process"] as? NSNumber)?.int32Value ?? 0
            #expect(pid > 0 && kill(pid, 0) != 0, "shard process \(pid) still runs")
        }
        let status = try await run(animateBinary(), ["farm", "status", ".animate-farm/long"], currentDirectory: dir, timeLimit: 60)
        #expect(status.stdout.contains("cancelled"), "\(status.stdout)")
    }
}
