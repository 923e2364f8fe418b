import Animate
import AnimateFarm
import ArgumentParser
import Foundation

/// `farm`: a render split into shards that Slurm, GNU parallel over ssh, or this machine runs,
/// then joined, checked against what the shards recorded, and put in place.
struct FarmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "farm",
        abstract: "Render on many machines: shards on Slurm, GNU parallel over ssh, or this machine, joined and checked.",
        discussion: """
        `\(Tool.name) farm <scene> [render options] -o out.mp4 --engine slurm` splits the render \
        into shards that start on keyframes, submits them as a job array with a join job after it, \
        and waits. The join checks every segment against the frame hashes its shard recorded, joins \
        them by stream copy with the whole render's sound, checks the joined file frame by frame, \
        and only then replaces the output. A failed or lost shard is submitted again (--retries); \
        `status` and `cancel` take the work directory.
        """,
        subcommands: [FarmRunCommand.self, FarmStatusCommand.self, FarmCancelCommand.self, FarmJoinCommand.self, FarmShardCommand.self],
        defaultSubcommand: FarmRunCommand.self
    )
}

/// Where the shards run.
enum FarmEngine: String, ExpressibleByArgument, CaseIterable {
    case local, slurm, parallel
}

struct FarmRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Split a render into shards, run them on an engine, and join them (the default).",
        discussion: """
        Every option `render` takes passes through (size, fps, quality, codec, --audio, --language, \
        ...); the farm sets --frames, --shard and --threads for each shard. Files a render writes \
        beside its video (--captions, --chapters, --transcript, --slides, --handout) are not made \
        by a farm: render them with `\(Tool.name) render`.
        """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The joined file (.mp4, .mov, .mkv or .webm); with --scenes or --languages, a folder for one file each (default: <scene>.mp4).", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("Several scenes, each its own output in the -o folder.", valueName: "a,b,..."))
    var scenes: String?

    @Option(help: ArgumentHelp("Render each of these languages (as --language takes them) to its own file, <name>.<language>.<ext>.", valueName: "list"))
    var languages: String?

    @Option(help: "Where the shards run: local (processes on this machine), slurm (a job array and a join job) or parallel (GNU parallel over ssh).")
    var engine: FarmEngine = .local

    @Option(help: ArgumentHelp("Shards per render (default: the cores here for local, 8 otherwise; fewer when the frames are too few).", valueName: "N"))
    var shards: Int?

    @Option(name: .customLong("min-shard"), help: ArgumentHelp("The shortest shard, in seconds of the render (rounded up to whole keyframe intervals).", valueName: "seconds"))
    var minShard: Double = 1

    @Option(help: "Times a failed or lost shard is run again before the render fails.")
    var retries: Int = 2

    @Option(name: .customLong("max-running"), help: ArgumentHelp("Shards running at once (Slurm's --array %K; local: default the cores; parallel: shards at once on each machine).", valueName: "K"))
    var maxRunning: Int?

    @Option(name: .customLong("threads-per-shard"), help: ArgumentHelp("Drawing threads each shard uses (Slurm: its --cpus-per-task).", valueName: "T"))
    var threadsPerShard: Int?

    @Option(help: "Slurm partition.") var partition: String?
    @Option(help: "Slurm account.") var account: String?
    @Option(help: ArgumentHelp("Each Slurm task's time limit (30, 1:00:00, 2-0).", valueName: "limit")) var time: String?
    @Option(help: ArgumentHelp("Each Slurm task's memory (4G).", valueName: "size")) var mem: String?
    @Option(name: .customLong("sbatch-arg"), help: ArgumentHelp("Another sbatch argument for every job, as given (repeat for several).", valueName: "arg"))
    var sbatchArguments: [String] = []

    @Option(help: ArgumentHelp("GNU parallel's --sshloginfile: a machine a line.", valueName: "file"))
    var sshloginfile: String?

    @Option(help: ArgumentHelp("Machines for GNU parallel, as its -S takes them.", valueName: "host,..."))
    var hosts: String?

    @Option(name: .customLong("work-dir"), help: ArgumentHelp("Where the plan, segments and logs go, on a filesystem every machine sees (default: .animate-farm/<output name> beside the output).", valueName: "dir"))
    var workDirectory: String?

    @Option(help: ArgumentHelp("The tool the machines run (default: this one, by its path).", valueName: "path"))
    var tool: String?

    @Flag(name: .customLong("dry-run"), help: "Print the plan and what would be submitted, and submit nothing.")
    var dryRun = false

    @Flag(help: "Slurm: submit and return (then `farm status <dir>`); the join job finishes the render.")
    var detach = false

    @Flag(help: "No progress on stderr.")
    var quiet = false

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The scene and render options.", valueName: "scene and render options"))
    var renderArguments: [String] = []

    /// Render options a farm sets itself, or that write files beside the video.
    static let farmSet: Set<String> = ["--frames", "--section", "--shard", "--threads"]
    static let refused: [String: String] = [
        "--captions": "captions", "--chapters": "chapters", "--descriptions": "descriptions", "--transcript": "a transcript",
        "--slides": "slides", "--handout": "a handout", "--languages": "several languages in one file (give farm --languages)",
        "--keep-partial": "a partial file", "--format": "another format than the output's",
    ]

    func validate() throws {
        if shards.map({ $0 < 1 }) == true { throw ValidationError("--shards takes 1 or more.") }
        if retries < 0 { throw ValidationError("--retries takes 0 or more.") }
        if maxRunning.map({ $0 < 1 }) == true { throw ValidationError("--max-running takes 1 or more.") }
        if threadsPerShard.map({ $0 < 1 || $0 > 256 }) == true { throw ValidationError("--threads-per-shard takes 1 to 256.") }
        guard minShard.isFinite, minShard >= 0 else { throw ValidationError("--min-shard takes seconds, 0 or more.") }
        if engine == .parallel, sshloginfile == nil, hosts == nil { throw ValidationError("--engine parallel needs --hosts or --sshloginfile.") }
        if engine != .parallel, sshloginfile != nil || hosts != nil { throw ValidationError("--hosts and --sshloginfile are for --engine parallel.") }
        if engine != .slurm, partition != nil || account != nil || time != nil || mem != nil || !sbatchArguments.isEmpty || detach {
            throw ValidationError("--partition, --account, --time, --mem, --sbatch-arg and --detach are for --engine slurm.")
        }
        for word in renderArguments {
            let name = String(word.split(separator: "=", maxSplits: 1).first ?? "")
            if let what = Self.refused[name] { throw ValidationError("A farm render does not write \(what) (\(name)): render that with `\(Tool.name) render`.") }
            if name == "-o" || name == "--output" { throw ValidationError("Give -o before the scene's options, as farm's own.") }
        }
    }

    func run() throws {
        let plan = try reportingFailures { try makePlan() }
        let directory = FarmDirectory(URL(fileURLWithPath: workDirectoryPath(plan.renders), isDirectory: true))
        if dryRun { return try reportingFailures { try Console.output(dryRunText(plan, directory) + "\n") } }
        Interruption.arm(stopsWithin: nil)
        let cancelled = { Interruption.received != 0 }
        try reportingFailures {
            let farm = try Farm.create(plan, in: directory)
            if !quiet { Console.report("farm: \(plan.shards.count) shard\(plan.shards.count == 1 ? "" : "s") of \(plan.renders.count) render\(plan.renders.count == 1 ? "" : "s") on \(engine.rawValue); work in \(directory.url.path)") }
            switch engine {
            case .local:
                let reporter = FarmReporter(farm: farm, quiet: quiet)
                let local = LocalFarm(farm: farm, concurrency: localConcurrency(shards: plan.shards.count))
                var round: [Int]? = nil
                var rounds = 0
                repeat {
                    rounds += 1
                    do {
                        try local.run(shards: round, progress: { reporter.update() }, isCancelled: cancelled)
                    } catch {
                        try? farm.cancel()
                        throw error
                    }
                    reporter.update()
                    round = try finishHere(farm, again: rounds <= plan.retries, isCancelled: cancelled)
                } while round != nil
            case .parallel:
                let options = ParallelOptions(sshLoginFile: sshloginfile.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
                                              hosts: hosts.map { $0.split(separator: ",").map(String.init) } ?? [], jobsPerHost: maxRunning)
                do {
                    try ParallelFarm(farm: farm, options: options).run(isCancelled: cancelled)
                } catch {
                    try? farm.cancel()
                    throw error
                }
                FarmReporter(farm: farm, quiet: quiet).update()
                _ = try finishHere(farm, again: false, isCancelled: cancelled)
            case .slurm:
                let slurm = Slurm(directory: directory, plan: plan, options: slurmOptions)
                let (array, join) = try slurm.submit(plan.shards.map(\.index))
                if !quiet { Console.report("farm: submitted job array \(array) and join job \(join)") }
                if detach {
                    if !quiet { Console.report("farm: `\(Tool.name) farm status \(directory.url.path)` shows its progress; `\(Tool.name) farm cancel \(directory.url.path)` stops it") }
                    return
                }
                try wait(for: farm, isCancelled: cancelled)
            }
        }
    }

    /// Joins here once the engine has run every shard it could; with `again`, returns the shards
    /// to run once more instead (those the join refused, while they have attempts left).
    private func finishHere(_ farm: Farm, again: Bool, isCancelled: () -> Bool) throws -> [Int]? {
        var rerun: [Int]?
        guard let outcome = try farm.finish(soundFrom: Tool.catalog, resubmit: again ? { rerun = $0 } : nil, isCancelled: isCancelled) else {
            return rerun
        }
        if !quiet { FarmOutcome.report(outcome) }
        return nil
    }

    /// Waits for the join job's outcome, showing progress; a signal cancels the jobs.
    private func wait(for farm: Farm, isCancelled: () -> Bool) throws {
        let reporter = FarmReporter(farm: farm, quiet: quiet)
        var idle = 0
        while true {
            if isCancelled() {
                try farm.cancel()
                throw CancellationError()
            }
            let status = reporter.update()
            if let outcome = status.outcome {
                switch outcome.state {
                case .done:
                    if !quiet { FarmOutcome.report(outcome) }
                    return
                case .failed, .cancelled:
                    throw FarmError.ended(outcome.reason ?? outcome.state.rawValue)
                }
            }
            // The jobs gone from the queue with no outcome written: the join never ran.
            let jobs = try? FarmDirectory.read(FarmJobs.self, from: farm.directory.jobs)
            if let jobs, Slurm.active(jobs) == 0 { idle += 1 } else { idle = 0 }
            if idle >= 10, (try? FarmDirectory.read(FarmOutcome.self, from: farm.directory.outcome)) == nil {
                throw FarmError.noJoin(farm.directory.logs.path)
            }
            usleep(500_000)
        }
    }

    private var slurmOptions: SlurmOptions {
        SlurmOptions(partition: partition, account: account, time: time, memory: mem, cpusPerTask: threadsPerShard ?? 1,
                     maxRunning: maxRunning, extra: sbatchArguments)
    }

    /// Local shards at once: --max-running, else one a core (no more than there are shards).
    private func localConcurrency(shards: Int) -> Int {
        maxRunning ?? max(1, min(shards, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// --work-dir, else `.animate-farm/<output name>` beside the (first) output.
    private func workDirectoryPath(_ renders: [FarmRender]) -> String {
        if let workDirectory { return URL(fileURLWithPath: workDirectory).standardizedFileURL.path }
        let first = URL(fileURLWithPath: renders[0].output)
        let name = renders.count == 1 ? first.deletingPathExtension().lastPathComponent : "renders"
        return first.deletingLastPathComponent().appendingPathComponent(".animate-farm/\(name)").path
    }

    /// The renders (a scene and language each) and their shards.
    func makePlan() throws -> FarmPlan {
        let names = scenes.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        let codes = languages.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        if names?.isEmpty == true { throw ValidationError("--scenes needs at least one scene.") }
        if codes?.isEmpty == true { throw ValidationError("--languages needs at least one language.") }
        let several = (names?.count ?? 1) > 1 || codes != nil
        var renders: [FarmRender] = []
        for scene in names?.map(Optional.some) ?? [nil] {
            for code in codes?.map(Optional.some) ?? [nil] {
                var arguments = (scene.map { [$0] } ?? []) + renderArguments
                // As `render --languages`: a code without a table is the lesson as written.
                if let code, code.lowercased().hasSuffix(".po") || (try? SceneOptions.stringTable(code)) != nil {
                    arguments += ["--language", code]
                }
                renders.append(try render(arguments, language: code, several: several))
            }
        }
        let outputs = renders.map(\.output)
        if let twice = outputs.first(where: { o in outputs.filter { $0 == o }.count > 1 }) { throw FarmError.outputsCollide(twice) }
        var planned: [FarmShard] = []
        // The frame times the last farm render from this work directory kept.
        let costs = (try? FarmDirectory.read(FarmCosts.self, from: FarmDirectory(URL(fileURLWithPath: workDirectoryPath(renders))).costs)) ?? FarmCosts()
        let count = self.shards ?? (engine == .local ? ProcessInfo.processInfo.activeProcessorCount : 8)
        for (index, render) in renders.enumerated() {
            let rate = FrameRate(parsing: render.rate)?.framesPerSecond ?? 60
            let minimum = Int((minShard * rate).rounded(.up))
            for range in ShardPlanner.ranges(of: render.frames, count: count, alignment: render.keyframeInterval, minimum: minimum,
                                             costs: costs.seconds[render.costKey]) {
                planned.append(FarmShard(index: planned.count, render: index, frames: range))
            }
        }
        let threads = threadsPerShard ?? (engine == .local ? max(1, ProcessInfo.processInfo.activeProcessorCount / localConcurrency(shards: planned.count)) : 1)
        return FarmPlan(tool: try toolPath(), lessonFiles: Tool.lessonFiles.map(\.path), renders: renders, shards: planned,
                        retries: retries, threadsPerShard: threads)
    }

    /// One render: its arguments checked as `render` would check them, its frames and output.
    private func render(_ arguments: [String], language: String?, several: Bool) throws -> FarmRender {
        let probe: RenderCommand
        do { probe = try RenderCommand.parse(arguments) } catch { throw ValidationError(RenderCommand.message(for: error)) }
        let name = probe.options.name
        guard !name.isEmpty else { throw ValidationError("Name the scene to render (see `\(Tool.name) list`).") }
        let output: String
        if several {
            let folder = URL(fileURLWithPath: self.output ?? ".", isDirectory: true)
            let stem = language.map { "\(name).\(URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent)" } ?? name
            output = folder.appendingPathComponent("\(stem).mp4").standardizedFileURL.path
        } else {
            output = URL(fileURLWithPath: self.output ?? "\(name).mp4").standardizedFileURL.path
        }
        let ext = (output as NSString).pathExtension.lowercased()
        guard ["mp4", "mov", "mkv", "webm"].contains(ext) else { throw FarmError.notVideo(output) }
        // The frames as the user selected them (--frames, --section); each shard then names its own.
        let checked: RenderCommand
        do { checked = try RenderCommand.parse(arguments + ["-o", output]) } catch { throw ValidationError(RenderCommand.message(for: error)) }
        let request = try checked.request(readingImages: false)
        var kept = Self.stripping(arguments, Self.farmSet)
        // Keyframes every two seconds unless the render says: shards start on them.
        let interval: Int
        if let given = checked.keyint {
            interval = given
        } else {
            interval = max(1, Int((2 * request.rate.framesPerSecond).rounded()))
            kept += ["--keyint", String(interval)]
        }
        return FarmRender(scene: name, arguments: kept, output: output, frames: request.frames, rate: request.rate.description,
                          keyframeInterval: interval,
                          soundtracks: checked.options.audio.map { [URL(fileURLWithPath: $0).standardizedFileURL.path] } ?? [])
    }

    /// `arguments` without the options named (each with its value, as `--x v` or `--x=v`).
    static func stripping(_ arguments: [String], _ names: Set<String>) -> [String] {
        var kept: [String] = []
        var skip = false
        for word in arguments {
            if skip { skip = false; continue }
            if names.contains(word) { skip = true; continue }
            if let name = word.split(separator: "=", maxSplits: 1).first, word.contains("="), names.contains(String(name)) { continue }
            kept.append(word)
        }
        return kept
    }

    private func toolPath() throws -> String {
        if let tool { return URL(fileURLWithPath: tool).standardizedFileURL.path }
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    /// What --dry-run prints: the shards, then the commands.
    private func dryRunText(_ plan: FarmPlan, _ directory: FarmDirectory) -> String {
        var lines: [String] = []
        for (index, render) in plan.renders.enumerated() {
            let shards = plan.shards(ofRender: index)
            lines.append("render \(index): \(render.scene) → \(render.output), frames \(render.frames.lowerBound)...\(render.frames.upperBound) at \(render.rate) fps, keyframes every \(render.keyframeInterval), \(shards.count) shard\(shards.count == 1 ? "" : "s")")
            for shard in shards {
                lines.append("  shard \(shard.index): frames \(shard.frames.lowerBound)...\(shard.frames.upperBound) (\(shard.frames.count))")
            }
        }
        lines.append("work directory: \(directory.url.path)")
        let farm = FarmDirectory(directory.url)
        switch engine {
        case .slurm:
            let slurm = Slurm(directory: farm, plan: plan, options: slurmOptions)
            lines.append("sbatch " + slurm.arrayArguments(plan.shards.map(\.index)).joined(separator: " "))
            lines.append("sbatch " + slurm.joinArguments(after: "<array job>").joined(separator: " "))
            lines.append("# \(slurm.taskScript.path):")
            lines += slurm.taskScriptText.split(separator: "\n").map { "  " + $0 }
            lines.append("# \(slurm.joinScript.path):")
            lines += slurm.joinScriptText.split(separator: "\n").map { "  " + $0 }
        case .parallel:
            let options = ParallelOptions(sshLoginFile: sshloginfile, hosts: hosts.map { $0.split(separator: ",").map(String.init) } ?? [], jobsPerHost: maxRunning)
            if let parallel = try? ParallelFarm(farm: Farm(plan: plan, directory: farm), options: options) {
                lines.append("(cd \(directory.url.path) && parallel \(parallel.arguments.map(shellQuoted).joined(separator: " ")))")
            }
            lines.append("then join here: \(Tool.name) farm join \(directory.url.path)")
        case .local:
            let local = LocalFarm(farm: Farm(plan: plan, directory: farm), concurrency: localConcurrency(shards: plan.shards.count))
            lines.append("\(local.concurrency) at a time, \(plan.threadsPerShard) drawing thread\(plan.threadsPerShard == 1 ? "" : "s") each:")
            for shard in plan.shards { lines.append("  " + local.command(shard.index).map(shellQuoted).joined(separator: " ")) }
            lines.append("then: \(Tool.name) farm join \(directory.url.path)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Progress lines while a farm render runs: the counts whenever they change.
final class FarmReporter {
    let farm: Farm
    let quiet: Bool
    private var last = ""

    init(farm: Farm, quiet: Bool) {
        self.farm = farm
        self.quiet = quiet
    }

    @discardableResult
    func update() -> FarmStatus {
        let status = farm.status
        let line = status.description
        if line != last, !quiet { Console.report("farm: \(line)") }
        last = line
        return status
    }
}

extension FarmOutcome {
    /// A line an output a finished farm render wrote.
    static func report(_ outcome: FarmOutcome) {
        for path in outcome.outputs { Console.report("farm: \(path) joined and checked") }
    }
}

/// The work directory the farm's other commands take.
struct FarmWorkDirectory: ParsableArguments {
    @Argument(help: ArgumentHelp("The farm render's work directory.", valueName: "dir"))
    var path: String

    var directory: FarmDirectory { FarmDirectory(URL(fileURLWithPath: path, isDirectory: true)) }

    /// The render in it (its plan read).
    func farm() throws -> Farm { try Farm(directory: directory) }
}

struct FarmStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show each shard of a farm render: done, running, failed or waiting.")

    @OptionGroup var work: FarmWorkDirectory

    func run() throws {
        try reportingFailures {
            let farm = try work.farm()
            let status = farm.status
            try Console.output((status.lines(plan: farm.plan) + [status.description]).map { $0 + "\n" }.joined())
        }
    }
}

struct FarmCancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a farm render's jobs; its output is left as it was.")

    @OptionGroup var work: FarmWorkDirectory

    func run() throws {
        try reportingFailures {
            let farm = try work.farm()
            try farm.cancel()
            Console.report("farm: cancelled \(farm.directory.url.path)")
        }
    }
}

struct FarmJoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join a farm render's shards once all are done (what its join job runs).",
        shouldDisplay: false)

    @OptionGroup var work: FarmWorkDirectory

    @Flag(help: "Submit the shards without a record to Slurm again, with a join after them, while they have attempts left.")
    var resubmit = false

    func run() throws {
        try reportingFailures {
            let farm = try work.farm()
            Interruption.arm(stopsWithin: nil)
            let jobs = try FarmDirectory.read(FarmJobs.self, from: farm.directory.jobs)
            let again: (([Int]) throws -> Void)? = resubmit ? { shards in
                let slurm = Slurm(directory: farm.directory, plan: farm.plan, options: jobs?.slurm ?? SlurmOptions())
                let (array, join) = try slurm.submit(shards)
                Console.report("farm: shards \(shards.map(String.init).joined(separator: ", ")) submitted again as job \(array), join \(join)")
            } : nil
            guard let outcome = try farm.finish(soundFrom: Tool.catalog, resubmit: again, isCancelled: { Interruption.received != 0 }) else { return }
            FarmOutcome.report(outcome)
        }
    }
}

struct FarmShardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shard",
        abstract: "Render one shard of a farm render (what its tasks run).",
        shouldDisplay: false)

    @OptionGroup var work: FarmWorkDirectory

    @Argument(help: ArgumentHelp("The shard's number.", valueName: "index"))
    var index: Int

    func run() throws {
        try reportingFailures {
            let shard = try ShardRun(directory: work.directory, index: index)
            Interruption.arm()
            _ = try shard.run({
                let command: RenderCommand
                do { command = try RenderCommand.parse(Array(shard.renderArguments.dropFirst())) } catch {
                    throw FarmError.ended("the shard's render options: " + RenderCommand.message(for: error))
                }
                return try command.request(readingImages: true)
            }, isCancelled: { Interruption.received != 0 })
        }
    }
}
