import Foundation

/// A farm render through GNU parallel over ssh: the tool and the plan shipped once to each
/// machine (`--basefile`, into a work folder in its home), a shard a job, its segment, record
/// and attempt log brought back (`--return`), the folder removed after (`--cleanup`); a failed
/// shard tried again on another machine (`--retries`). The join then runs here.
package struct ParallelFarm {
    package let farm: Farm
    package let options: ParallelOptions

    package init(farm: Farm, options: ParallelOptions) throws {
        guard options.sshLoginFile != nil || !options.hosts.isEmpty else { throw FarmError.noHosts }
        self.farm = farm
        self.options = options
    }

    /// The tool's copy in the work directory (what is shipped).
    var shippedTool: String { "bin/animate" }

    /// The folder the jobs run in on each machine, relative to its home.
    var remoteFolder: String {
        // FNV-1a of the work directory's path: the same folder name on every run from it.
        var hash: UInt32 = 2_166_136_261
        for byte in farm.directory.url.path.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return ".animate-farm/\(farm.directory.url.lastPathComponent)-\(String(hash, radix: 36))"
    }

    /// `parallel`'s arguments, run in the work directory, the shard numbers last.
    package var arguments: [String] {
        var words = ["--will-cite", "--halt", "never", "--retries", String(1 + farm.plan.retries),
                     "--joblog", "logs/parallel.joblog", "--workdir", remoteFolder,
                     "--basefile", shippedTool, "--basefile", "plan.json"]
        for lesson in farm.plan.lessonFiles { words += ["--basefile", "lessons/" + URL(fileURLWithPath: lesson).lastPathComponent] }
        if let file = options.sshLoginFile { words += ["--sshloginfile", file] }
        if !options.hosts.isEmpty { words += ["-S", options.hosts.joined(separator: ",")] }
        if let jobs = options.jobsPerHost { words += ["--jobs", String(jobs)] }
        // Every render's container: the shard's segment has its render's extension.
        let extensions = Set(farm.plan.renders.map { ($0.output as NSString).pathExtension.lowercased() })
        for e in extensions.sorted() { words += ["--return", "segments/shard-{}.\(e)"] }
        words += ["--return", "segments/shard-{}.json", "--return", "logs/shard-{}.events", "--cleanup"]
        let lessons = farm.plan.lessonFiles.map { "lessons/" + URL(fileURLWithPath: $0).lastPathComponent }
        words += ["./" + shippedTool] + lessons + ["farm", "shard", ".", "{}", ":::"] + jobInputs
        return words
    }

    /// The shard numbers parallel is given, as the file names write them.
    package var jobInputs: [String] { farm.plan.shards.map { String(format: "%05d", $0.index) } }

    /// Ships the tool (and lesson files) into the work directory and runs parallel to its end.
    package func run(isCancelled: @escaping () -> Bool = { false }) throws {
        let fm = FileManager.default
        let bin = farm.directory.url.appendingPathComponent("bin")
        try fm.createDirectory(at: bin, withIntermediateDirectories: true)
        let tool = farm.directory.url.appendingPathComponent(shippedTool)
        try? fm.removeItem(at: tool)
        try fm.copyItem(atPath: farm.plan.tool, toPath: tool.path)
        if !farm.plan.lessonFiles.isEmpty {
            let lessons = farm.directory.url.appendingPathComponent("lessons")
            try fm.createDirectory(at: lessons, withIntermediateDirectories: true)
            for file in farm.plan.lessonFiles {
                let copy = lessons.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent)
                try? fm.removeItem(at: copy)
                try fm.copyItem(atPath: file, toPath: copy.path)
            }
        }
        guard let parallel = CommandRunner.find("parallel") else {
            throw FarmError.engineMissing("parallel", install: CommandRunner.installHint("parallel"))
        }
        let log = farm.directory.logs.appendingPathComponent("parallel.log")
        let process = try ChildProcess(parallel, arguments, in: farm.directory.url, log: log)
        var jobs = FarmJobs(engine: "parallel")
        jobs.process = process.pid
        jobs.host = ProcessInfo.processInfo.hostName
        try FarmDirectory.write(jobs, to: farm.directory.jobs)
        while process.isRunning {
            if isCancelled() {
                // parallel passes TERM on to its jobs (and their ssh sessions) and waits for them.
                process.terminate()
                process.wait()
                throw FarmError.cancelled
            }
            usleep(100_000)
        }
    }
}
