import Animate
import AnimateTestSupport
import Foundation
import Testing

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT sent at random moments, from the tool's first instant to
/// two seconds in (half of them in the first 0.3 s, while it starts and opens its outputs), against every kind of output: regular files replacing a previous one, FIFOs
/// nobody opens, FIFOs a reader opens and never reads, a standard output nobody reads, devices,
/// staged folders, captions beside a video, and the commands that write one file (`math`, `code`,
/// `hash`, `sheet`). Whatever the moment, the run ends within a few seconds of the signal, with
/// 128 + the signal (or 0 when it had already finished), leaves no temporary file, and the
/// previous output is either untouched or replaced by a complete one. `ANIMATE_SIGNAL_RUNS` sets
/// the number of runs (500 by default).
@Suite(.serialized) struct SignalPropertyTests {
    /// A kind of output: the arguments (relative to a fresh folder), and what the folder holds first.
    struct Case: Sendable {
        var name: String
        var arguments: [String]
        /// The file the command replaces, made before it starts with known bytes (nil: none).
        var replaces: String?
        var fifo: String?
        /// The test opens the FIFO for reading and never reads.
        var fifoOpenedNotRead = false
        /// Standard output is a pipe nobody reads.
        var stdoutNeverRead = false
    }

    static let cases: [Case] = [
        Case(name: "mp4 replacing a file", arguments: ["hexagons", "--size", "320x180", "-o", "out.mp4", "--quiet"], replaces: "out.mp4"),
        Case(name: "mp4 into a FIFO nobody opens", arguments: ["hexagons", "--size", "320x180", "-o", "fifo.mp4", "--quiet"], fifo: "fifo.mp4"),
        Case(name: "mkv into a FIFO opened, never read", arguments: ["starfield", "--size", "320x180", "-o", "fifo.mkv", "--quiet"],
             fifo: "fifo.mkv", fifoOpenedNotRead: true),
        Case(name: "y4m into a FIFO opened, never read", arguments: ["hexagons", "--size", "320x180", "-o", "fifo.y4m", "--quiet"],
             fifo: "fifo.y4m", fifoOpenedNotRead: true),
        Case(name: "png into a FIFO nobody opens", arguments: ["hexagons", "--size", "320x180", "--at", "1", "-o", "fifo.png", "--quiet"], fifo: "fifo.png"),
        Case(name: "rgba to a stdout nobody reads", arguments: ["hexagons", "--size", "320x180", "--format", "rgba", "-o", "-", "--quiet"],
             stdoutNeverRead: true),
        Case(name: "y4m to a stdout nobody reads", arguments: ["flower", "--size", "320x180", "--format", "y4m", "-o", "-", "--quiet"],
             stdoutNeverRead: true),
        Case(name: "mp4 into /dev/null", arguments: ["hexagons", "--size", "320x180", "-o", "/dev/null", "--format", "mp4", "--quiet"]),
        Case(name: "png sequence", arguments: ["hexagons", "--size", "320x180", "--duration", "3", "-o", "f%04d.png", "--quiet"]),
        Case(name: "gif replacing a file", arguments: ["starfield", "--size", "160x90", "--duration", "4", "-o", "out.gif", "--quiet"], replaces: "out.gif"),
        Case(name: "video with captions", arguments: ["angles", "--size", "320x180", "-o", "lesson.mp4", "--captions", "lesson.vtt", "--quiet"],
             replaces: "lesson.vtt"),
        Case(name: "hash with saved frames", arguments: ["hash", "hexagons", "--size", "160x90", "--save-frames", "-o", "m.framemd5"], replaces: "m.framemd5"),
        Case(name: "sheet", arguments: ["sheet", "flower", "--size", "320x180", "--columns", "6", "--rows", "6", "-o", "sheet.png"], replaces: "sheet.png"),
        Case(name: "math", arguments: ["math", #"\sum_{k=1}^{n} k = \frac{n(n+1)}{2}"#, "--font-size", "400", "-o", "f.png"], replaces: "f.png"),
        Case(name: "code listing", arguments: ["code", "Package.swift", "-o", "listing.png"], replaces: "listing.png"),
    ]

    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let previous = Data("the previous output\n".utf8)

    /// One run: what happened, or why it is wrong.
    static func trial(_ kase: Case, signal: Int32, delay: Double, binary: String) throws -> String? {
        let dir = scratchDirectory("signal-\(kase.name)")
        if let replaces = kase.replaces { try previous.write(to: dir.appendingPathComponent(replaces)) }
        if kase.name == "code listing" {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Package.swift"),
                to: dir.appendingPathComponent("Package.swift"))
        }
        var reader: Int32 = -1
        if let fifo = kase.fifo {
            guard mkfifo(dir.appendingPathComponent(fifo).path, 0o600) == 0 else { return "mkfifo failed" }
            if kase.fifoOpenedNotRead { reader = open(dir.appendingPathComponent(fifo).path, O_RDONLY | O_NONBLOCK) }
        }
        defer { if reader >= 0 { close(reader) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = kase.arguments
        process.currentDirectoryURL = dir
        let err = Pipe(), out = Pipe()
        process.standardError = err
        process.standardOutput = kase.stdoutNeverRead ? out : FileHandle.nullDevice
        // Messages are few; read them as they come so a full pipe never stalls the tool.
        nonisolated(unsafe) var stderr = Data()
        let drained = DispatchSemaphore(value: 0)
        try process.run()
        DispatchQueue.global().async { stderr = err.fileHandleForReading.readDataToEndOfFile(); drained.signal() }
        usleep(useconds_t(delay * 1_000_000))
        kill(process.processIdentifier, signal)
        let sent = DispatchTime.now()
        var waited = 0.0
        while process.isRunning && waited < 10 {
            usleep(5_000)
            waited = Double(DispatchTime.now().uptimeNanoseconds - sent.uptimeNanoseconds) / 1e9
        }
        let hung = process.isRunning
        if hung { kill(process.processIdentifier, SIGKILL); while process.isRunning { usleep(5_000) } }
        try? out.fileHandleForReading.close()
        drained.wait()
        let message = String(decoding: stderr, as: UTF8.self)
        let what = "\(kase.name), signal \(signal) at \(String(format: "%.3f", delay)) s"
        if hung { return "\(what): still running 10 s after the signal" }
        if waited > 5 { return "\(what): took \(waited) s to end" }
        let status = process.terminationStatus
        // 0 only for a run that had finished (or was finishing) when the signal came; killed by
        // the signal itself only when it came before the tool's first instructions.
        let completed = status == 0 && process.terminationReason == .exit
        let beforeStart = process.terminationReason == .uncaughtSignal && status == signal && delay < 0.2
        guard (status == 128 + signal && process.terminationReason == .exit) || completed || beforeStart else {
            return "\(what): exit \(status): \(message.suffix(300))"
        }
        if message.contains("Backtrace") || message.contains("Fatal error") || message.contains("Current stack trace") {
            return "\(what): crashed: \(message.suffix(300))"
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        if !left.isEmpty { return "\(what): left \(left)" }
        if let replaces = kase.replaces, !completed {
            // A signal that comes after the finished file took the previous one's place, and
            // before the tool exits, leaves the finished file: that is allowed, a part of one is not.
            let now = try? Data(contentsOf: dir.appendingPathComponent(replaces))
            if now != previous, now != (try finished(kase, binary: binary)) {
                return "\(what): \(replaces) is neither the previous output nor a finished one"
            }
        }
        return nil
    }

    /// What `kase` writes when nothing stops it (its outputs are the same bytes on every run).
    static func finished(_ kase: Case, binary: String) throws -> Data? {
        guard let replaces = kase.replaces else { return nil }
        finishedLock.lock()
        defer { finishedLock.unlock() }
        if let known = finishedOutputs[kase.name] { return known }
        let dir = scratchDirectory("finished-\(kase.name)")
        if kase.name == "code listing" {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Package.swift"),
                to: dir.appendingPathComponent("Package.swift"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = kase.arguments
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        waitForExit(process, within: 120)
        let data = try? Data(contentsOf: dir.appendingPathComponent(replaces))
        finishedOutputs[kase.name] = data
        return data
    }

    private static let finishedLock = NSLock()
    nonisolated(unsafe) private static var finishedOutputs: [String: Data] = [:]

    @Test func signalsAtAnyMomentEndEveryKindOfRunCleanly() throws {
        let runs = ProcessInfo.processInfo.environment["ANIMATE_SIGNAL_RUNS"].flatMap(Int.init) ?? 500
        var generator = RandomSource(seed: 0x5167_4E41_4C53)
        let plan: [(Int, Int32, Double)] = (0..<runs).map { _ in
            (Int.random(in: 0..<Self.cases.count, using: &generator), Self.signals.randomElement(using: &generator)!,
             // Half in the first 0.3 s, where the tool starts and opens its outputs.
             Double.random(in: 0...(Bool.random(using: &generator) ? 0.3 : 2), using: &generator))
        }
        let binary = animateBinary()
        let lock = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        nonisolated(unsafe) var outcomes: [Int32: Int] = [:]
        // A few at once, as a busy machine would run them.
        DispatchQueue.concurrentPerform(iterations: 6) { lane in
            for i in stride(from: lane, to: plan.count, by: 6) {
                let (kase, signal, delay) = plan[i]
                let result = Result { try Self.trial(Self.cases[kase], signal: signal, delay: delay, binary: binary) }
                lock.lock()
                switch result {
                case .success(let failure?): failures.append(failure)
                case .failure(let error): failures.append("\(Self.cases[kase].name): \(error)")
                case .success(nil): outcomes[signal, default: 0] += 1
                }
                lock.unlock()
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(runs) runs: \(failures.prefix(10).joined(separator: "\n"))")
        #expect(outcomes.values.reduce(0, +) + failures.count == runs)
    }
}
