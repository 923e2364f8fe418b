package import Foundation

/// A farm render on Slurm: a job array with a task per shard (`animate farm shard DIR
/// $SLURM_ARRAY_TASK_ID`), and a join job that starts when the array has ended (`afterany`, so
/// that it also runs when a task failed or was lost): it submits the shards without a record
/// again, with a join after them, until their attempts run out; else it joins and checks.
package struct Slurm {
    package let directory: FarmDirectory
    package let plan: FarmPlan
    package let options: SlurmOptions

    package init(directory: FarmDirectory, plan: FarmPlan, options: SlurmOptions) {
        self.directory = directory
        self.plan = plan
        self.options = options
    }

    package var taskScript: URL { directory.url.appendingPathComponent("task.sh") }
    package var joinScript: URL { directory.url.appendingPathComponent("join.sh") }

    private var toolWords: [String] { [plan.tool] + plan.lessonFiles }

    /// The task's script: one shard, the array index its number.
    package var taskScriptText: String {
        """
        #!/bin/sh
        # A farm task: renders shard $SLURM_ARRAY_TASK_ID of \(directory.url.path) (animate farm).
        exec \((toolWords + ["farm", "shard", directory.url.path]).map(shellQuoted).joined(separator: " ")) "$SLURM_ARRAY_TASK_ID"

        """
    }

    /// The join's script: joins when every shard is done, else submits the rest again.
    package var joinScriptText: String {
        """
        #!/bin/sh
        # A farm join: joins \(directory.url.path)'s shards when all are done, or submits the others again (animate farm).
        exec \((toolWords + ["farm", "join", directory.url.path, "--resubmit"]).map(shellQuoted).joined(separator: " "))

        """
    }

    /// `--array` for `shards`: runs of consecutive indices as `a-b`, then `%K`.
    package func arraySpec(_ shards: [Int]) -> String {
        var parts: [String] = []
        var i = 0
        let sorted = shards.sorted()
        while i < sorted.count {
            var j = i
            while j + 1 < sorted.count && sorted[j + 1] == sorted[j] + 1 { j += 1 }
            parts.append(i == j ? "\(sorted[i])" : "\(sorted[i])-\(sorted[j])")
            i = j + 1
        }
        return parts.joined(separator: ",") + (options.maxRunning.map { "%\($0)" } ?? "")
    }

    private var common: [String] {
        var words = ["--parsable", "--cpus-per-task=\(options.cpusPerTask)"]
        if let p = options.partition { words.append("--partition=\(p)") }
        if let a = options.account { words.append("--account=\(a)") }
        if let t = options.time { words.append("--time=\(t)") }
        if let m = options.memory { words.append("--mem=\(m)") }
        return words + options.extra
    }

    /// `sbatch`'s arguments for the array of `shards`.
    package func arrayArguments(_ shards: [Int]) -> [String] {
        common + ["--job-name=animate-farm", "--array=\(arraySpec(shards))",
                  "--output=\(directory.logs.path)/slurm-%A_%a.log", taskScript.path]
    }

    /// `sbatch`'s arguments for the join after array job `array`.
    package func joinArguments(after array: String) -> [String] {
        common + ["--job-name=animate-farm-join", "--dependency=afterany:\(array)", "--kill-on-invalid-dep=yes",
                  "--output=\(directory.logs.path)/slurm-join-%j.log", joinScript.path]
    }

    /// Writes the scripts and submits `shards` and a join after them; returns the job ids
    /// (array, join), also added to the directory's job list.
    @discardableResult
    package func submit(_ shards: [Int]) throws -> (array: String, join: String) {
        for (file, text) in [(taskScript, taskScriptText), (joinScript, joinScriptText)] {
            try Data(text.utf8).write(to: file)
            chmod(file.path, 0o755)
        }
        let array = try sbatch(arrayArguments(shards))
        let join: String
        do { join = try sbatch(joinArguments(after: array)) } catch {
            _ = try? CommandRunner.run("scancel", [array])
            throw error
        }
        var jobs = (try? FarmDirectory.read(FarmJobs.self, from: directory.jobs)) ?? FarmJobs(engine: "slurm")
        jobs.slurmJobs += [array, join]
        jobs.slurm = options
        try FarmDirectory.write(jobs, to: directory.jobs)
        return (array, join)
    }

    private func sbatch(_ arguments: [String]) throws -> String {
        let result = try CommandRunner.run("sbatch", arguments)
        // --parsable prints `id` or `id;cluster`.
        let id = result.output.split(separator: "\n").last.map { String($0.split(separator: ";")[0]) }?.trimmingCharacters(in: .whitespaces) ?? ""
        guard result.status == 0, !id.isEmpty, id.allSatisfy(\.isNumber) else {
            let why = result.errors.split(separator: "\n").last.map(String.init) ?? "exit status \(result.status)"
            throw FarmError.submitFailed("sbatch", why)
        }
        return id
    }

    /// Cancels every job the directory lists.
    package static func cancel(_ jobs: FarmJobs) throws {
        guard !jobs.slurmJobs.isEmpty else { return }
        let result = try CommandRunner.run("scancel", jobs.slurmJobs)
        guard result.status == 0 else { throw FarmError.submitFailed("scancel", result.errors.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The jobs of the list still queued or running (squeue), or nil when squeue cannot say.
    package static func active(_ jobs: FarmJobs) -> Int? {
        guard !jobs.slurmJobs.isEmpty else { return 0 }
        guard let result = try? CommandRunner.run("squeue", ["--noheader", "--format=%i", "--jobs=" + jobs.slurmJobs.joined(separator: ",")]),
              result.status == 0 else { return nil }
        return result.output.split(separator: "\n").count
    }
}
