import Foundation

/// Runs a farm render's shards on this machine, `concurrency` at a time, each a process of the
/// tool (`animate farm shard DIR I`), a failed one started again while it has attempts left.
package struct LocalFarm {
    package let farm: Farm
    package let concurrency: Int

    package init(farm: Farm, concurrency: Int) {
        self.farm = farm
        self.concurrency = max(1, concurrency)
    }

    /// The command a shard runs.
    package func command(_ shard: Int) -> [String] {
        [farm.plan.tool] + farm.plan.lessonFiles + ["farm", "shard", farm.directory.url.path, String(shard)]
    }

    /// Runs every shard to its end (or until its attempts run out); `progress` is called as
    /// shards start and end. Cancelling stops the running shards (SIGTERM) and waits for them.
    /// `shards` limits it to those (a second round for shards whose segments the join refused).
    package func run(shards: [Int]? = nil, progress: () -> Void = {}, isCancelled: () -> Bool = { false }) throws {
        var jobs = FarmJobs(engine: "local")
        jobs.process = getpid()
        jobs.host = ProcessInfo.processInfo.hostName
        try FarmDirectory.write(jobs, to: farm.directory.jobs)
        var queue = shards ?? farm.plan.shards.map(\.index)
        // Launches a shard has had (a process that dies before it logs its attempt still counts).
        var launched: [Int: Int] = [:]
        var running: [(shard: Int, process: ChildProcess)] = []
        defer {
            for (_, process) in running { process.terminate() }
            for (_, process) in running { process.wait() }
        }
        while !queue.isEmpty || !running.isEmpty {
            if isCancelled() { throw FarmError.cancelled }
            while running.count < concurrency, !queue.isEmpty {
                let shard = queue.removeFirst()
                launched[shard, default: 0] += 1
                let words = command(shard)
                let log = farm.directory.logs.appendingPathComponent(String(format: "local-%05d.log", shard))
                running.append((shard, try ChildProcess(words[0], Array(words.dropFirst()), log: log)))
                progress()
            }
            usleep(50_000)
            var still: [(shard: Int, process: ChildProcess)] = []
            for (shard, process) in running {
                if process.isRunning { still.append((shard, process)); continue }
                let done = (try? FarmDirectory.read(ShardRecord.self, from: farm.directory.record(shard))) != nil
                if !done && max(farm.attempts(shard), launched[shard] ?? 0) < 1 + farm.plan.retries { queue.append(shard) }
                progress()
            }
            running = still
        }
    }
}
