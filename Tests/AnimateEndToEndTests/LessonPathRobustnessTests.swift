import AnimateTestSupport
import Foundation
import Testing

/// The lesson path under attack, as users and their tools meet it: signals at any moment of a
/// compile, a damaged cache, lesson code that never returns, side files that cannot be written,
/// files that are not UTF-8. Each property holds over a class of inputs, not one example.
@Suite(.serialized) struct LessonPathRobustnessTests {
    let binary = animateBinary()
    let previous = Data("a previous good render".utf8)

    static let lesson = """
        import Animate

        let grow = Scene(name: "grow", description: "A square grows — é€", duration: 1, size: CGSize(width: 160, height: 90)) { context, frame in
            let side = 10 + 60 * frame.progress
            context.fill(Path(CGRect(x: 80 - side / 2, y: 45 - side / 2, width: side, height: side)), with: .color(.orange))
        }

        """

    static let endless = """
        import Animate

        let spin = Scene(name: "spin", description: "Never returns", duration: 1, size: CGSize(width: 160, height: 90)) { context, frame in
            var x = 0.0
            while frame.time >= 0 { x += 1; if x < 0 { break } }
            context.fill(Path(CGRect(x: 0, y: 0, width: x, height: 10)), with: .color(.orange))
        }

        """

    /// A started `animate`, its arguments run with the lesson cache in `cache`, stderr kept.
    final class Running: @unchecked Sendable {
        let process = Process()
        let err = Pipe()
        /// Kills the run, whatever the test is doing, if it still runs after four minutes.
        private var safety: DispatchWorkItem?
        init(_ binary: String, _ arguments: [String], in dir: URL, cache: URL) throws {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            process.currentDirectoryURL = dir
            process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cache.path]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            try process.run()
            safety = killing(process, after: 240, what: arguments.joined(separator: " "))
        }
        deinit { safety?.cancel() }
        var pid: pid_t { process.processIdentifier }
        /// Waits at most `seconds` (then kills it, recording an issue); its status and stderr.
        func finish(within seconds: Double) -> (status: Int32, stderr: String) {
            waitForExit(process, within: seconds)
            return (process.terminationStatus, String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
    }

    /// Every process below `pid` (children, theirs...): pid and command, from /proc.
    static func descendants(of pid: pid_t) -> [(pid: pid_t, command: String)] {
        var parents: [pid_t: pid_t] = [:], names: [pid_t: String] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let p = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(p)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 2, let parent = pid_t(fields[1]), fields[0] != "Z" else { continue }
            parents[p] = parent
            names[p] = String(stat[stat.index(after: stat.firstIndex(of: "(")!)..<close])
        }
        var found: [(pid_t, String)] = [], frontier: Set<pid_t> = [pid]
        while !frontier.isEmpty {
            let next = parents.filter { frontier.contains($0.value) }.map(\.key)
            found += next.map { ($0, names[$0] ?? "?") }
            frontier = Set(next)
        }
        return found
    }

    /// Whether `pid` still runs (a zombie has ended).
    static func alive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }

    func folder(with files: [String: String]) throws -> (dir: URL, cache: URL) {
        let dir = scratchDirectory(), cache = scratchDirectory()
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        try previous.write(to: dir.appendingPathComponent("out.mp4"))
        return (dir, cache)
    }

    /// A compile cut short by each of the signals a supervisor, `timeout` or `kill` sends (to
    /// the tool alone, not its group), at a random moment of the compile: the tool exits 128 + n,
    /// the compiler and every job it started are gone within seconds, the previous output is as
    /// it was, and the build folder left behind is gone after the next compile.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTERM, SIGINT])
    func aSignalDuringACompileEndsTheCompilerToo(signal: Int32) async throws {
        let (dir, cache) = try folder(with: ["Lesson.swift": Self.lesson])
        let binary = self.binary, previous = self.previous
        try await offThePool {
            let run = try Running(binary, ["render", "Lesson.swift", "-o", "out.mp4", "--quiet"], in: dir, cache: cache)
            // Mid-compile: once a compiler runs below the tool, then a random moment more.
            let deadline = Date().addingTimeInterval(120)
            var compilers: [(pid: pid_t, command: String)] = []
            while Date() < deadline {
                compilers = Self.descendants(of: run.pid)
                if compilers.contains(where: { $0.command.hasPrefix("swift") }) { break }
                usleep(5_000)
            }
            #expect(!compilers.isEmpty, "no compiler was seen")
            usleep(UInt32.random(in: 0...400_000))
            compilers = Self.descendants(of: run.pid)
            kill(run.pid, signal)
            let (status, stderr) = run.finish(within: 30)
            #expect(status == 128 + signal, "\(stderr)")
            let gone = Date().addingTimeInterval(10)
            while compilers.contains(where: { Self.alive($0.pid) }) && Date() < gone { usleep(20_000) }
            #expect(!compilers.contains(where: { Self.alive($0.pid) }), "still running: \(compilers.filter { Self.alive($0.pid) })")
            #expect(try Data(contentsOf: dir.appendingPathComponent("out.mp4")) == previous)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["Lesson.swift", "out.mp4"])
        }
        let again = try await run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary, "render", "Lesson.swift", "--at", "0.5", "-o", "still.png", "--quiet"],
                                  currentDirectory: dir, timeLimit: 300)
        #expect(again.status == 0, "\(again.stderr)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("animate/lessons").path)
        #expect(kept.allSatisfy { $0.hasPrefix("lesson-") && $0.hasSuffix(".so") } && kept.count == 1, "\(kept)")
    }

    /// A compiled lesson damaged in the cache in any of the ways a full disk, a crash or another
    /// program leaves it is found before it is loaded and compiled again: the same picture, never a SIGBUS.
    @Test func aDamagedCompiledLessonIsCompiledAgain() async throws {
        let (dir, cache) = try folder(with: ["Lesson.swift": Self.lesson])
        let arguments = ["/usr/bin/env", "XDG_CACHE_HOME=\(cache.path)", binary, "render", "Lesson.swift", "--at", "0.5", "-o", "still.png", "--quiet"]
        let first = try await run(arguments[0], Array(arguments.dropFirst()), currentDirectory: dir, timeLimit: 300)
        #expect(first.status == 0, "\(first.stderr)")
        let reference = try Data(contentsOf: dir.appendingPathComponent("still.png"))
        let lessons = cache.appendingPathComponent("animate/lessons")
        let library = lessons.appendingPathComponent(try #require(try FileManager.default.contentsOfDirectory(atPath: lessons.path).first { $0.hasSuffix(".so") }))
        let sound = try Data(contentsOf: library)
        let damages: [(String, (Data) -> Data)] = [
            ("cut in half", { $0.prefix($0.count / 2) }), ("cut to 100 bytes", { $0.prefix(100) }), ("emptied", { _ in Data() }),
            ("cut by one byte", { $0.dropLast() }), ("garbage", { Data((0..<$0.count).map { _ in UInt8.random(in: 0...255) }) }),
            ("one byte changed", { var d = $0; d[d.count / 3] ^= 0x5A; return d }), ("bytes added", { $0 + Data(repeating: 7, count: 33) }),
            ("cut at random", { $0.prefix(Int.random(in: 1..<$0.count)) }),
        ]
        for (what, damage) in damages {
            try damage(sound).write(to: library)
            try FileManager.default.removeItem(at: dir.appendingPathComponent("still.png"))
            let r = try await run(arguments[0], Array(arguments.dropFirst()), currentDirectory: dir, timeLimit: 300)
            #expect(r.status == 0, "\(what): \(r.stderr)")
            #expect((try? Data(contentsOf: dir.appendingPathComponent("still.png"))) == reference, "\(what)")
        }
    }

    /// Two renders of one new lesson at once compile it side by side and both succeed; the cache
    /// ends with the one library, which a third run loads.
    @Test func twoCompilesOfOneLessonAtOnceAreSafe() async throws {
        let (dir, cache) = try folder(with: ["Lesson.swift": Self.lesson])
        let binary = self.binary
        async let a = run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary, "render", "Lesson.swift", "--at", "0.5", "-o", "a.png", "--quiet"],
                          currentDirectory: dir, timeLimit: 300)
        async let b = run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary, "render", "Lesson.swift", "--at", "0.5", "-o", "b.png", "--quiet"],
                          currentDirectory: dir, timeLimit: 300)
        let (ra, rb) = try await (a, b)
        #expect(ra.status == 0 && rb.status == 0, "\(ra.stderr) \(rb.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("a.png")) == Data(contentsOf: dir.appendingPathComponent("b.png")))
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("animate/lessons").path)
        #expect(kept.count == 1 && kept[0].hasSuffix(".so"), "\(kept)")
        let c = try await run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary, "render", "Lesson.swift", "--at", "0.5", "-o", "c.png", "--quiet"],
                              currentDirectory: dir, timeLimit: 300)
        #expect(c.status == 0, "\(c.stderr)")
    }

    /// A drawing closure in an endless loop never comes back to see a signal: the first SIGINT or
    /// SIGTERM still ends the render within seconds, exit 128 + n, with nothing written and the
    /// previous output kept.
    @Test(arguments: [SIGINT, SIGTERM])
    func anEndlessDrawingClosureEndsAtTheFirstSignal(signal: Int32) async throws {
        let (dir, cache) = try folder(with: ["Spin.swift": Self.endless])
        let binary = self.binary, previous = self.previous
        try await offThePool {
            // One drawing thread: a closure that spins holds one core, not every core the tests share.
            let run = try Running(binary, ["render", "Spin.swift", "-o", "out.mp4", "--threads", "1"], in: dir, cache: cache)
            // Drawing: the output's temporary file is there (the lesson compiled and loaded).
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline, !((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).contains(where: { $0.hasSuffix(".partial") }) {
                usleep(10_000)
            }
            usleep(300_000)
            let sent = Date()
            kill(run.pid, signal)
            let (status, stderr) = run.finish(within: 30)
            let seconds = Date().timeIntervalSince(sent)
            #expect(status == 128 + signal, "\(stderr)")
            #expect(seconds < 10, "\(seconds) s")
            #expect(stderr.hasPrefix("animate: interrupted; the lesson's code did not return (drawing frame ")
                    && stderr.hasSuffix("), so it was stopped where it stood; nothing was written\n") && stderr.split(separator: "\n").count == 1, "\(stderr)")
            #expect(try Data(contentsOf: dir.appendingPathComponent("out.mp4")) == previous)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["Spin.swift", "out.mp4"])
        }
    }

    /// `--slides` and `--handout` are written with the video, all or nothing: a side file that
    /// cannot be named, one whose place is taken while the video renders, and a signal while the
    /// slides are made each leave the previous video as it was and no file behind.
    @Test(arguments: ["slides name", "handout name", "slides taken", "handout taken", "signal"])
    func slidesAndHandoutAreWrittenWithTheVideoOrNotAtAll(failure: String) async throws {
        let dir = scratchDirectory()
        try previous.write(to: dir.appendingPathComponent("out.mp4"))
        let long = String(repeating: "a", count: 252)
        let slides = failure == "slides name" ? "\(long).html" : "deck.html", handout = failure == "handout name" ? "\(long).pdf" : "notes.pdf"
        let arguments = ["render", "quadratic", "--size", "320x180", "--fps", "12", "-o", "out.mp4", "--slides", slides, "--handout", handout, "--quiet"]
        let binary = self.binary
        let (status, stderr) = try await offThePool { () throws -> (Int32, String) in
            let run = try Running(binary, arguments, in: dir, cache: scratchDirectory())
            if failure.hasSuffix("taken") || failure == "signal" {
                // The video's temporary file (the slides and handout are made) or, for the signal, the slides' (being made).
                let waited = failure == "signal" ? ".deck.html." : ".out.mp4."
                let deadline = Date().addingTimeInterval(120)
                while Date() < deadline, !((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).contains(where: { $0.hasPrefix(waited) }) {
                    usleep(5_000)
                }
                if failure == "signal" { kill(run.pid, SIGTERM) } else {
                    // A folder with a file in it takes the side file's place: renaming over it fails.
                    let taken = dir.appendingPathComponent(failure.hasPrefix("slides") ? slides : handout)
                    try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
                    try Data("x".utf8).write(to: taken.appendingPathComponent("x"))
                }
            }
            return run.finish(within: 300)
        }
        #expect(status == (failure == "signal" ? 143 : 1), "\(failure): \(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.mp4")) == previous, "\(failure)")
        // Nothing but the previous video (and the folder that took a side file's place).
        let taken = failure == "slides taken" ? [slides] : failure == "handout taken" ? [handout] : []
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "out.mp4" } == taken, "\(failure)")
    }

    /// Lesson files that are not UTF-8, made at random (stray bytes, cut characters, Latin-1,
    /// UTF-16): one line naming the file, the byte and its line, exit 1, never a compile.
    @Test func lessonFilesThatAreNotUTF8AreRefusedInOneLine() async throws {
        let (dir, cache) = try folder(with: [:])
        var generator = SystemRandomNumberGenerator()
        let text = Array(Self.lesson.utf8)
        for trial in 0..<150 {
            var bytes = text
            switch trial % 4 {
            case 0: bytes.insert(UInt8.random(in: 0x80...0xFF, using: &generator), at: Int.random(in: 0..<bytes.count, using: &generator))
            case 1: bytes = Self.lesson.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : 0x3F }               // Latin-1
            case 2: bytes = [0xFF, 0xFE] + Self.lesson.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }             // UTF-16 LE
            default:
                // Cut inside the "é€" of the description.
                let at = text.firstIndex(of: 0xE2)!
                bytes = Array(text[..<(at + Int.random(in: 1...2, using: &generator))])
            }
            guard String(validating: bytes, as: UTF8.self) == nil else { continue }
            let file = dir.appendingPathComponent("Lesson\(trial).swift")
            try Data(bytes).write(to: file)
            let r = try await run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary, "render", file.lastPathComponent, "-o", "out.mp4"],
                                  currentDirectory: dir, timeLimit: 120)
            try? FileManager.default.removeItem(at: file)
            #expect(r.status == 1, "\(trial): \(r.stderr)")
            #expect(r.stderr.hasPrefix("error: cannot read \(file.path): not UTF-8 text: ") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            #expect(try Data(contentsOf: dir.appendingPathComponent("out.mp4")) == previous)
        }
        // Nothing was compiled.
        let compiled = (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("animate/lessons").path)) ?? []
        #expect(compiled.isEmpty, "\(compiled)")
    }

    /// A lesson cut short anywhere (an editor's crash, a copy that stopped): the compiler's report
    /// and one `error:` line naming the file, or, where what is left still compiles, a render;
    /// never a crash of the tool, and the previous output kept on failure. Fifty cuts a run.
    @Test func lessonFilesCutShortAnywhereFailCleanly() async throws {
        let (dir, cache) = try folder(with: [:])
        var generator = SystemRandomNumberGenerator()
        let text = Array((Self.lesson + Self.endless.replacingOccurrences(of: "import Animate\n", with: "")
            .replacingOccurrences(of: "while frame.time >= 0", with: "while frame.time < 0")).utf8)
        for trial in 0..<50 {
            var cut = Int.random(in: 1..<text.count, using: &generator)
            // A cut that leaves UTF-8 (inside a character it is the other test's case).
            while String(validating: text[..<cut], as: UTF8.self) == nil { cut -= 1 }
            let file = dir.appendingPathComponent("Cut\(trial).swift")
            try Data(text[..<cut]).write(to: file)
            let r = try await run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary, "render", file.lastPathComponent, "--frames", "0..1",
                                                   "-o", "out.mp4", "--quiet"], currentDirectory: dir, timeLimit: 300)
            try? FileManager.default.removeItem(at: file)
            #expect(r.status == 0 || r.status == 1 || r.status == 64, "cut at \(cut): \(r.status) \(r.stderr.suffix(300))")
            for crash in ["Fatal error", "Stack dump", "Program crashed", "Illegal instruction", "Segmentation fault"] {
                #expect(!r.stderr.contains(crash), "cut at \(cut): \(r.stderr.suffix(300))")
            }
            if r.status == 0 {
                try previous.write(to: dir.appendingPathComponent("out.mp4"))
            } else {
                let last = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
                #expect(last.hasPrefix("error: ") || last.hasPrefix("Error: "), "cut at \(cut): \(last)")
                #expect(try Data(contentsOf: dir.appendingPathComponent("out.mp4")) == previous, "cut at \(cut)")
            }
        }
    }
}
