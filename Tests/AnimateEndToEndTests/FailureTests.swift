import Animate
import AnimateTestSupport
import Foundation
import Testing

/// Failure behaviour of the real binary: clear messages, exit codes, and previous outputs untouched.
@Suite(.serialized) struct FailureTests {
    let binary = animateBinary()
    let previous = Data("a previous good render".utf8)

    /// Runs `animate` in a fresh directory holding a previous `keep.mp4`; returns the result and whether it is intact.
    func runKeeping(_ args: [String]) async throws -> (status: Int32, stderr: String, intact: Bool, leftovers: [String]) {
        let dir = scratchDirectory()
        let keep = dir.appendingPathComponent("keep.mp4")
        try previous.write(to: keep)
        let withOutput = args.contains("-o") ? args : args + ["-o", "keep.mp4"]
        let r = try await run(binary, withOutput + ["--quiet"], currentDirectory: dir)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "keep.mp4" }
        return (r.status, r.stderr, try Data(contentsOf: keep) == previous, files)
    }

    @Test(arguments: [
        ["starfeld"], ["starfield", "--fps", "0"], ["starfield", "--fps", "nan"], ["starfield", "--fps", "inf"],
        ["starfield", "--fps", "241"], ["starfield", "--size", "0x0"], ["starfield", "--size", "641x360"],
        ["starfield", "--size", "8194x100"], ["starfield", "--duration", "0"], ["starfield", "--duration", "1e12"],
        ["starfield", "--frames", "600..601"], ["starfield", "--format", "avi"], ["starfield", "--crf", "-1"],
        ["starfield", "-o", "keep.flv"], ["starfield", "--codec", "prores", "-o", "keep.webm"],
    ])
    func usageErrorsLeaveThePreviousOutputByteIdentical(args: [String]) async throws {
        let r = try await runKeeping(args)
        #expect(r.status == 64, "\(args): \(r.stderr)")
        #expect(r.intact && r.leftovers.isEmpty, "\(args)")
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"))
    }

    @Test func aPipeOrDeviceIsWrittenInPlaceNeverReplaced() async throws {
        // Renaming a finished temporary over a FIFO (or /dev/null) would replace the node with a
        // regular file; such destinations are written directly.
        let dir = scratchDirectory()
        let fifo = dir.appendingPathComponent("frames.y4m")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        // Opening a FIFO for reading waits for the writer; read until it closes.
        let received = NSLock(), done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var bytes = 0
        let reader = Thread {
            let count = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile().count ?? 0
            received.lock(); bytes = count; received.unlock()
            done.signal()
        }
        reader.start()
        let r = try await run(binary, ["hexagons", "--size", "64x36", "--frames", "3", "--format", "y4m", "-o", fifo.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        var info = stat()
        #expect(stat(fifo.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO was replaced")
        // Were the FIFO replaced, the reader would wait forever for a writer: bounded wait.
        #expect(done.wait(timeout: .now() + 10) == .success, "nothing was written to the FIFO")
        let got = received.withLock { bytes }
        #expect(got > 3 * 64 * 36 * 3 / 2, "the reader got \(got) bytes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["frames.y4m"])
    }

    @Test func aSymbolicLinkIsFollowedAndKept() async throws {
        let dir = scratchDirectory()
        let real = dir.appendingPathComponent("real.mp4"), link = dir.appendingPathComponent("link.mp4")
        try previous.write(to: real)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let r = try await run(binary, ["hexagons", "--size", "64x36", "--frames", "3", "-o", link.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        #expect(try probe(real)["nb_frames"] == "3")
    }

    @Test func failuresNameThePathWithOneLine() async throws {
        for (args, text) in [(["starfield", "--frames", "2", "-o", "missing/dir/out.mp4"], "does not exist"),
                             (["starfield", "--frames", "2", "--format", "mp4", "-o", "."], "is a directory"),
                             (["carousel", "--frames", "2", "--images", "nowhere"], "cannot read image")] {
            let r = try await runKeeping(args)
            #expect(r.status == 1, "\(args): \(r.stderr)")
            #expect(r.stderr.hasPrefix("error: ") && r.stderr.contains(text), "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.intact)
        }
    }

    @Test(arguments: ["http://example.com/out.mp4", "tcp://host:1/out.mp4", "concat:a.mp4|b.mp4", "pipe:1", "file:out.mp4"])
    func onlyLocalPathsAreAccepted(output: String) async throws {
        let r = try await runKeeping(["starfield", "--frames", "2", "-o", output])
        #expect(r.status == 64 && r.stderr.contains("not a local file path"), "\(output): \(r.stderr)")
        #expect(r.intact)
    }

    @Test func standardOutputOnlyForRawFrames() async throws {
        let r = try await runKeeping(["starfield", "--frames", "2", "-o", "-"])
        #expect(r.status == 64 && r.stderr.contains("--format y4m or --format rgba"), "\(r.stderr)")
        #expect(r.intact)
    }

    /// Runs the tool with `arguments` in `dir`, waits until `ready` holds for its temporary file
    /// or folder (however loaded the machine is), then sends `signal` (twice with `twice`).
    func signalWhenStaged(_ arguments: [String], in dir: URL, signal: Int32 = SIGINT, twice: Bool = false, apart: useconds_t = 0,
                          ready: @escaping @Sendable (URL) -> Bool) async throws -> (status: Int32, seconds: Double, stderr: String) {
        let binary = self.binary
        return try await offThePool {
            try Self.signalWhenStaged(binary, arguments, in: dir, signal: signal, twice: twice, apart: apart, ready: ready)
        }
    }

    /// `signalWhenStaged`, waiting on the calling thread.
    /// `apart` microseconds between two signals (sent back to back, they may arrive as one).
    static func signalWhenStaged(_ binary: String, _ arguments: [String], in dir: URL, signal: Int32, twice: Bool, apart: useconds_t = 0,
                                 ready: (URL) -> Bool) throws -> (status: Int32, seconds: Double, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            if let partial = names.first(where: { $0.hasSuffix(".partial") }), ready(dir.appendingPathComponent(partial)) { break }
            usleep(10_000)
        }
        let sent = Date()
        kill(process.processIdentifier, signal)
        if twice {
            if apart > 0 { usleep(apart) }
            kill(process.processIdentifier, signal)
        }
        waitForExit(process, within: 60)
        let seconds = Date().timeIntervalSince(sent)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, seconds, stderr)
    }

    /// How many entries the folder at `url` holds (0 for a file).
    func entries(_ url: URL) -> Int { (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.count ?? 0 }

    /// Starts a long render, waits until it is writing its temporary file, then signals it.
    func interrupt(signal: Int32, extra: [String], twice: Bool = false) async throws -> (status: Int32, seconds: Double, dir: URL, stderr: String) {
        let dir = scratchDirectory()
        try previous.write(to: dir.appendingPathComponent("out.mp4"))
        // Signalled once the temporary file holds encoded frames (past the header).
        let r = try await signalWhenStaged(["starfield", "--size", "640x360", "--duration", "60", "-o", "out.mp4", "--quiet"] + extra,
                                     in: dir, signal: signal, twice: twice) { partial in
            ((try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? Int) ?? 0) > 4096
        }
        return (r.status, r.seconds, dir, r.stderr)
    }

    /// `sheet` honours the first Ctrl-C too: the previous sheet stays, nothing is left behind.
    @Test func anInterruptedSheetKeepsThePreviousSheet() throws {
        let dir = scratchDirectory()
        let sheet = dir.appendingPathComponent("sheet.png")
        try previous.write(to: sheet)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["sheet", "starfield", "--columns", "8", "--rows", "8", "--size", "1280x720", "-o", sheet.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        // Interrupted once it catches the signal (however slow its start on a busy machine).
        waitUntilCatching(SIGINT, pid: process.processIdentifier)
        usleep(100_000)
        kill(process.processIdentifier, SIGINT)
        waitForExit(process, within: 60)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.hasSuffix("animate: interrupted; nothing was written\n"), "\(stderr)")
        #expect(try Data(contentsOf: sheet) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["sheet.png"])
    }

    @Test func aSecondSignalStillCleansUp() async throws {
        let r = try await interrupt(signal: SIGINT, extra: [], twice: true)
        #expect(r.status == 130, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: r.dir.path) == ["out.mp4"])
        #expect(try Data(contentsOf: r.dir.appendingPathComponent("out.mp4")) == previous)
    }

    /// A second signal exits from the handler at once: the folder a PNG sequence or
    /// `hash --save-frames` is staged in goes with it, as a temporary file does.
    @Test(arguments: [["flower", "--size", "4096x2304", "--duration", "60", "-o", "f%04d.png", "--quiet", "--threads", "1"],
                      ["hash", "flower", "--size", "4096x2304", "--duration", "60", "--save-frames", "-o", "m.framemd5", "--threads", "1"]])
    func aSecondSignalRemovesAStagedFolder(arguments: [String]) async throws {
        let dir = scratchDirectory("second-signal-\(arguments[0])")
        // Large frames: the second signal comes while a frame is still being drawn.
        let r = try await signalWhenStaged(arguments, in: dir, signal: SIGINT, twice: true, apart: 50_000) { [self] staged in entries(staged) >= 1 }
        #expect(r.status == 130, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// A file name cannot drive the terminal: control characters (ESC, BEL, CR ...) and the
    /// bidirectional overrides in names the tool prints are spelled out, in errors, usage errors
    /// and reports alike.
    @Test func namesPrintedToTheTerminalAreEscaped() async throws {
        let dir = scratchDirectory()
        let title = "\u{1B}]0;pwned\u{7}.mp4", red = "\u{1B}[31mred\u{202E}.mp4"
        var r = try await run(binary, ["hexagons", "--size", "64x36", "--frames", "0..1", "-o", title], currentDirectory: dir)
        #expect(r.status == 0 && r.stderr.hasSuffix("/\\u{1B}]0;pwned\\u{7}.mp4\n"), "\(r.stderr)")
        var printed = r.stderr
        r = try await run(binary, ["concat", red, "-o", "x.mp4"], currentDirectory: dir)
        #expect(r.status == 1 && r.stderr.hasSuffix("/\\u{1B}[31mred\\u{202E}.mp4: no such file\n"), "\(r.stderr)")
        printed += r.stderr
        r = try await run(binary, ["\u{1B}[2Jscene"], currentDirectory: dir)
        #expect(r.status == 64 && r.stderr.hasPrefix("Error: Unknown scene '\\u{1B}[2Jscene'."), "\(r.stderr)")
        printed += r.stderr
        #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7 || $0.value == 0x202E })
    }

    /// An output that is a FIFO nobody reads (video, picture, Y4M, captions) waits for a reader,
    /// but Ctrl-C and SIGTERM still end the wait, with the message.
    @Test(arguments: [(["hexagons", "--frames", "0..3", "-o", "out.mp4"], SIGINT), (["hexagons", "--at", "1", "-o", "out.png"], SIGTERM),
                      (["hexagons", "--frames", "0..3", "-o", "out.y4m"], SIGINT),
                      (["angles", "--frames", "0..3", "-o", "lesson.mp4", "--captions", "out.vtt"], SIGTERM)])
    func anOutputNobodyReadsStillHonoursSignals(arguments: [String], signal: Int32) async throws {
        let dir = scratchDirectory("fifo-\(arguments.last!)")
        let fifo = dir.appendingPathComponent(arguments.last!)
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let binary = self.binary
        let r = try await offThePool { () -> (Int32, String, Double) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments + ["--size", "64x36"]
            process.currentDirectoryURL = dir
            let err = Pipe()
            process.standardError = err
            try process.run()
            waitUntilCatching(signal, pid: process.processIdentifier)
            usleep(300_000)
            let sent = Date()
            kill(process.processIdentifier, signal)
            waitForExit(process, within: 60)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, stderr, Date().timeIntervalSince(sent))
        }
        #expect(r.0 == 128 + signal && r.1.hasSuffix("interrupted; nothing was written\n"), "\(r.0): \(r.1)")
        #expect(r.2 < 5, "took \(r.2) s")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// A fontconfig setting that would hang or starve fontconfig (a device, a folder, a FIFO, a
    /// missing file) is dropped for the system's configuration, with one note.
    @Test(arguments: ["/dev/zero", "/tmp", "/no/such/fonts.conf"])
    func aHostileFontconfigFileEndsInANoteNotAHang(setting: String) async throws {
        let dir = scratchDirectory("fontconfig-\(setting.split(separator: "/").last ?? "")")
        let r = try await run("/bin/sh", ["-c", "FONTCONFIG_FILE=\(setting) exec timeout -s KILL 120 \"$0\" shapes --size 160x90 --frames 0..1 -o out.mp4 --quiet", binary],
                              currentDirectory: dir)
        #expect(r.status == 0, "\(r.status): \(r.stderr)")
        #expect(r.stderr == "note: FONTCONFIG_FILE=\(setting) is not a readable regular file of at most 1 MB; fonts come from the system's fontconfig configuration\n")
    }

    /// Font folders and configurations that would hang or flood fontconfig: a FIFO named like a
    /// font in a font folder, a folder of the kernel (`<dir>/proc</dir>`), links that loop back, thousands of errors,
    /// a configuration of megabytes. Each ends in a note and the command's output, never a hang.
    @Test(arguments: ["fifo", "proc", "loop", "flood", "huge"])
    func hostileFontFoldersAndConfigurationsEndInANote(kind: String) async throws {
        let dir = scratchDirectory("fontconfig-\(kind)")
        let home = dir.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".fonts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/fontconfig"), withIntermediateDirectories: true)
        var environment = "HOME=\"\(home.path)\" XDG_CACHE_HOME=\"\(home.path)/cache\" XDG_CONFIG_HOME=\"\(home.path)/config\""
        let expected: String
        switch kind {
        case "fifo":
            #expect(mkfifo(home.appendingPathComponent(".fonts/evil.ttf").path, 0o600) == 0)
            expected = "note: skipped 1 font folder entry that fontconfig would wait on or walk forever: \(home.path)/.fonts/evil.ttf\n"
        case "loop":
            // Three links back to the folder: fontconfig would walk 3^n paths.
            for name in ["l1", "l2", "l3"] {
                try FileManager.default.createSymbolicLink(atPath: home.appendingPathComponent(".fonts/\(name)").path, withDestinationPath: ".")
            }
            expected = "note: skipped 3 font folder entries that fontconfig would wait on or walk forever: \(home.path)/.fonts/l"
        case "proc":
            try #"<?xml version="1.0"?><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>/proc</dir></fontconfig>"#
                .write(to: home.appendingPathComponent("config/fontconfig/fonts.conf"), atomically: true, encoding: .utf8)
            expected = "note: skipped 1 font folder entry that fontconfig would wait on or walk forever: /proc\n"
        case "flood":
            let conf = home.appendingPathComponent("flood.conf")
            try (#"<?xml version="1.0"?><fontconfig><include>/etc/fonts/fonts.conf</include>"# + String(repeating: "<bogus/>", count: 20_000) + "</fontconfig>")
                .write(to: conf, atomically: true, encoding: .utf8)
            environment += " FONTCONFIG_FILE=\"\(conf.path)\""
            expected = "note: fontconfig reported 20000 problems reading its configuration; the first: Fontconfig warning: \"\(conf.path)\", line 1: unknown element \"bogus\"\n"
        default:
            let conf = home.appendingPathComponent("huge.conf")
            try (#"<?xml version="1.0"?><fontconfig><include>/etc/fonts/fonts.conf</include>"# + String(repeating: "<!-- padding -->", count: 200_000) + "</fontconfig>")
                .write(to: conf, atomically: true, encoding: .utf8)
            environment += " FONTCONFIG_FILE=\"\(conf.path)\""
            expected = "note: FONTCONFIG_FILE=\(conf.path) is not a readable regular file of at most 1 MB; fonts come from the system's fontconfig configuration\n"
        }
        let r = try await run("/bin/sh", ["-c", "\(environment) exec \"$0\" math 'x^2' -o f.png", binary], currentDirectory: dir, timeLimit: 60)
        #expect(r.status == 0, "\(kind): \(r.status) \(r.stderr)")
        // The note, then the command's own line.
        #expect(r.stderr.hasPrefix(expected) && r.stderr.split(separator: "\n").count == 2 && r.stderr.contains("formula: "), "\(kind): \(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("f.png").path))
    }

    /// A device is written in place and never read back: a video into /dev/null (which is
    /// seekable) is a render like any other.
    @Test(arguments: ["mp4", "mov", "mkv", "webm"])
    func aVideoIntoDevNullSucceeds(format: String) async throws {
        let r = try await run(binary, ["hexagons", "--size", "64x36", "--frames", "0..3", "-o", "/dev/null", "--format", format, "--quiet"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(format): \(r.stderr)")
    }

    @Test func temporaryFilesOfKilledRunsAreRemovedWithANote() async throws {
        let dir = scratchDirectory()
        // A process that has exited: its PID names no process now.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        waitForExit(gone, within: 60)
        let stale = dir.appendingPathComponent(".out.mp4.\(gone.processIdentifier).partial")
        try Data(repeating: 7, count: 1000).write(to: stale)
        let living = dir.appendingPathComponent(".out.mp4.1.partial")          // PID 1 is alive: not ours to remove
        try Data().write(to: living)
        let r = try await run(binary, ["hexagons", "--size", "64x36", "--frames", "0..1", "-o", "out.mp4", "--quiet"], currentDirectory: dir)
        #expect(r.status == 0)
        #expect(r.stderr == "note: removed \(stale.path), a temporary file left by a run that was killed\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [".out.mp4.1.partial", "out.mp4"])
    }

    @Test func longFileNamesGetShortTemporaryNames() async throws {
        let dir = scratchDirectory()
        let name = String(repeating: "é", count: 123) + ".mp4"                // 250 bytes: too long for ".NAME.PID.partial"
        let r = try await run(binary, ["hexagons", "--size", "64x36", "--frames", "0..1", "-o", name, "--quiet"], currentDirectory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [name])
    }

    @Test func anInterruptedHashKeepsTheManifestAndItsFramesTogether() async throws {
        let dir = scratchDirectory()
        let first = try await run(binary, ["hash", "hexagons", "--size", "64x36", "--frames", "0..2", "-o", "m.framemd5", "--save-frames"],
                            currentDirectory: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let manifest = try Data(contentsOf: dir.appendingPathComponent("m.framemd5"))
        let frames = dir.appendingPathComponent("m.frames")
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted() == ["00000.png", "00001.png", "00002.png"])
        let reference = try Data(contentsOf: frames.appendingPathComponent("00001.png"))
        // A long second hash with other frames, interrupted while it is saving them.
        let interrupted = try await signalWhenStaged(["hash", "starfield", "--size", "640x360", "--duration", "60", "-o", "m.framemd5",
                                                "--save-frames"], in: dir) { entries($0) > 3 }
        #expect(interrupted.status == 130)
        #expect(try Data(contentsOf: dir.appendingPathComponent("m.framemd5")) == manifest)
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted() == ["00000.png", "00001.png", "00002.png"])
        #expect(try Data(contentsOf: frames.appendingPathComponent("00001.png")) == reference)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["m.framemd5", "m.frames"], "\((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])")
        // A completed hash replaces both.
        let again = try await run(binary, ["hash", "hexagons", "--size", "64x36", "--frames", "5..6", "-o", "m.framemd5", "--save-frames"],
                            currentDirectory: dir)
        #expect(again.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted() == ["00005.png", "00006.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["m.framemd5", "m.frames"], "\((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])")
    }

    @Test func anInterruptedSequenceLeavesTheEarlierOneAsItWas() async throws {
        let dir = scratchDirectory()
        let first = try await run(binary, ["starfield", "--size", "64x36", "--frames", "0..9", "-o", "f_%03d.png", "--quiet"], currentDirectory: dir)
        #expect(first.status == 0)
        let before = try (0..<10).map { try Data(contentsOf: dir.appendingPathComponent(String(format: "f_%03d.png", $0))) }
        func interrupted(_ extra: [String]) async throws -> (Int32, String) {
            // Signalled once a dozen frames are staged.
            let r = try await signalWhenStaged(["starfield", "--size", "64x36", "--seed", "9", "--duration", "60", "-o", "f_%03d.png",
                                          "--threads", "1"] + extra, in: dir) { entries($0) > 12 }
            return (r.status, r.stderr)
        }
        var (status, stderr) = try await interrupted(["--quiet"])
        #expect(status == 130 && stderr == "animate: interrupted; nothing was written\n")
        // Nothing was written, and that is true: the earlier frames are the same bytes, and no more files.
        #expect(try (0..<10).map { try Data(contentsOf: dir.appendingPathComponent(String(format: "f_%03d.png", $0))) } == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 10)
        (status, stderr) = try await interrupted(["--quiet", "--keep-partial"])
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(status == 130 && kept.count > 12 && !kept.contains { $0.hasSuffix(".partial") })
        #expect(stderr == "animate: interrupted; kept the first \(kept.count) frames as \(dir.appendingPathComponent("f_000.png").path) … \(kept.last!)\n")
        #expect(try Data(contentsOf: dir.appendingPathComponent("f_000.png")) != before[0])
    }

    /// Standard error closed, full, or read by a program that went away: the messages are lost,
    /// never the output (the video would otherwise be opened on descriptor 2 and take the
    /// progress lines into its data), and no temporary file is left.
    @Test(arguments: ["2>&-", "2>/dev/full", "2>&1 | head -c 1 >/dev/null", "2>&- 1>&-", "<&- 2>&-"])
    func aClosedOrFailingStandardErrorLosesOnlyMessages(redirection: String) async throws {
        let dir = scratchDirectory()
        let out = dir.appendingPathComponent("out.mp4")
        try previous.write(to: out)
        let script = "\"$0\" hexagons --size 160x90 --frames 0..23 -o out.mp4 \(redirection); echo $? > status"
        let r = try await run("/bin/sh", ["-c", script, binary], currentDirectory: dir)
        #expect(r.status == 0)
        let status = try String(contentsOf: dir.appendingPathComponent("status"), encoding: .utf8)
        #expect(redirection.contains("|") || status == "0\n", "\(redirection): exit \(status)")
        let info = try probe(out)
        #expect(info["nb_read_frames"] == "24", "\(redirection): \(info)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files == ["out.mp4", "status"], "\(redirection)")
    }

    /// Every command whose result goes to standard output: a manifest, a list, tokens, raw
    /// frames of either kind, a farm's plan.
    static let standardOutputResults = [["hash", "hexagons", "--size", "64x36", "--step", "60"], ["list"], ["code", "--tokens", "Lesson.swift"],
                                        ["render", "hexagons", "--frames", "0..3", "--size", "64x36", "--format", "rgba", "-o", "-", "--quiet"],
                                        ["render", "hexagons", "--frames", "0..3", "--size", "64x36", "--format", "y4m", "-o", "-", "--quiet"],
                                        ["farm", "hexagons", "-o", "farmed.mp4", "--dry-run"]]

    /// A command whose result goes to standard output fails, with one line, when that write fails.
    @Test(arguments: standardOutputResults)
    func aResultThatCannotBeWrittenToStandardOutputIsAFailure(arguments: [String]) async throws {
        let dir = scratchDirectory("full-stdout-\(arguments[0])")
        try "let x = 1\n".write(to: dir.appendingPathComponent("Lesson.swift"), atomically: true, encoding: .utf8)
        let script = "\"$0\" \"$@\" > /dev/full"
        let r = try await run("/bin/sh", ["-c", script, binary] + arguments, currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 1, "\(arguments)")
        #expect(r.stderr.hasPrefix("error: ") && r.stderr.hasSuffix("No space left on device\n") && r.stderr.split(separator: "\n").count == 1,
                "\(arguments): \(r.stderr)")
    }

    /// A result for a standard output closed from the start (`>&-`) is lost: a failure, not exit 0.
    @Test(arguments: standardOutputResults)
    func aResultForAClosedStandardOutputIsAFailure(arguments: [String]) async throws {
        let dir = scratchDirectory("closed-stdout-\(arguments[0])")
        try "let x = 1\n".write(to: dir.appendingPathComponent("Lesson.swift"), atomically: true, encoding: .utf8)
        let r = try await run("/bin/sh", ["-c", "\"$0\" \"$@\" >&-", binary] + arguments, currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 1, "\(arguments)")
        #expect(r.stderr == "error: cannot write standard output: it is closed\n", "\(arguments): \(r.stderr)")
    }

    @Test func anMP4StreamsIntoAPipe() async throws {
        let dir = scratchDirectory()
        let fifo = dir.appendingPathComponent("pipe.mp4"), copy = dir.appendingPathComponent("copy.mp4")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo.path, copy.path]
        try reader.run()
        let r = try await run(binary, ["hexagons", "--size", "64x36", "--frames", "0..23", "-o", fifo.path, "--quiet"])
        waitForExit(reader, within: 60)
        #expect(r.status == 0, "\(r.stderr)")
        // Fragmented MP4 (the index cannot go first in a pipe): every frame decodes.
        let info = try probe(copy)
        #expect(info["codec_name"] == "h264" && info["nb_read_frames"] == "24", "\(info)")
    }

    @Test func anAddressSpaceLimitIsPlannedForNotHit() async throws {
        let dir = scratchDirectory()
        // With `ulimit -v` at 2 GB an 8192x8192 render cannot fit: refused before drawing, not aborted.
        let r = try await run("/bin/sh", ["-c", "ulimit -v 2000000; exec \"$0\" hexagons --size 8192x8192 --frames 0..1 -o big.mp4", binary],
                        currentDirectory: dir)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("Error: This render needs about "), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// A formula, a listing or a token stream too big for a 1 GB address space is refused with
    /// figures before it is allocated: one line, exit 1, never an abort.
    @Test(arguments: [("math", "needs about"), ("listing", "needs about"), ("tokens", "to read as code")])
    func formulasListingsAndTokensArePlannedForNotHit(kind: String, message: String) async throws {
        let dir = scratchDirectory("plan-\(kind)")
        let matrix = #"\begin{pmatrix}"# + (0..<100).map { row in Array(repeating: "x_{\(row)}", count: 100).joined(separator: " & ") }
            .joined(separator: #"\\"#) + #"\end{pmatrix}"#
        try (0..<380).map { "let v\($0) = \"" + String(repeating: "w", count: 800) + "\"" }.joined(separator: "\n")
            .write(to: dir.appendingPathComponent("wide.swift"), atomically: true, encoding: .utf8)
        let source = String(repeating: "a - b / c / d; ", count: 1_200_000)        // 18 MB
        try source.write(to: dir.appendingPathComponent("big.js"), atomically: true, encoding: .utf8)
        let arguments: [String]
        switch kind {
        case "math": arguments = ["math", matrix, "--font-size", "60", "-o", "m.png"]
        case "listing": arguments = ["code", "wide.swift", "--lines", "1..380", "-o", "l.png"]
        default: arguments = ["code", "big.js", "--tokens"]
        }
        let r = try await run("/bin/sh", ["-c", "ulimit -v 1000000; exec \"$0\" \"$@\" > /dev/null", binary] + arguments,
                              currentDirectory: dir, timeLimit: 300)
        #expect(r.status == 1 && r.stderr.hasPrefix("error: ") && r.stderr.contains(message) && r.stderr.contains("MB this process may use")
                && r.stderr.split(separator: "\n").count == 1, "\(kind): \(r.status) \(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["big.js", "wide.swift"])
    }

    /// A small `ulimit -s` (which also sizes glibc's threads) does not crash the tool: the command,
    /// its workers and the encoder's threads get the stacks they need, and the frames are the same.
    @Test func aSmallStackLimitIsNotACrash() async throws {
        let dir = scratchDirectory()
        let command = "hexagons --frames 0..5 --size 320x180 --fps 30 --quiet"
        let full = try await run(binary, command.split(separator: " ").map(String.init) + ["-o", "full.mp4"], currentDirectory: dir)
        #expect(full.status == 0, "\(full.stderr)")
        for kilobytes in [32, 64, 256] {
            for (name, arguments) in [("small\(kilobytes).mp4", command), ("sheet\(kilobytes).png", "sheet hexagons --size 320x180")] {
                let r = try await run("/bin/sh", ["-c", "ulimit -s \(kilobytes); exec \"$0\" \(arguments) -o \(name)", binary],
                                      currentDirectory: dir)
                #expect(r.status == 0, "ulimit -s \(kilobytes): \(r.status) \(r.stderr)")
            }
            let small = try await frameHashes(dir.appendingPathComponent("small\(kilobytes).mp4"))
            #expect(small.count == 6)
            #expect(try await small == frameHashes(dir.appendingPathComponent("full.mp4")))
        }
    }

    /// A contact sheet's memory is planned like a render's: under address-space limits from too
    /// small to ample, each run either writes the sheet or is refused with its figures, never
    /// aborted; a sheet larger than a PNG can hold is refused before anything is drawn.
    @Test func aSheetIsPlannedForNotHit() async throws {
        let dir = scratchDirectory()
        var outcomes: [Int32] = []
        for limit in stride(from: 350_000, through: 700_000, by: 70_000) {
            let r = try await run("/bin/sh", ["-c", "ulimit -v \(limit); exec \"$0\" sheet hexagons --size 1024x576 -o sheet.png", binary],
                                  currentDirectory: dir)
            #expect(r.status == 0 || (r.status == 64 && r.stderr.hasPrefix("Error: This ") && r.stderr.contains(" MB") && r.stderr.contains("more than the ")),
                    "ulimit -v \(limit): \(r.status) \(r.stderr)")
            outcomes.append(r.status)
        }
        #expect(outcomes.first == 64 && outcomes.last == 0, "\(outcomes)")
        let big = try await run(binary, ["sheet", "hexagons", "--size", "8192x8192", "-o", "big.png"], currentDirectory: dir)
        #expect(big.status == 64 && big.stderr.hasPrefix("Error: A 4x3 sheet of 8192x8192 frames would be 33448x27850 pixels, more than a PNG sheet may hold"),
                "\(big.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["sheet.png"])
    }

    @Test func writeErrorsAreReportedWithPathAndReasonAndLoseNothing() async throws {
        // A file-size limit makes the muxer's writes fail (EFBIG) part-way, as a full disk would (ENOSPC).
        let dir = scratchDirectory()
        try previous.write(to: dir.appendingPathComponent("out.mp4"))
        let r = try await run("/bin/sh", ["-c", "ulimit -f 64 && exec \"$0\" starfield --size 640x360 --duration 3 -o out.mp4 --quiet", binary],
                        currentDirectory: dir)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("error: ") && r.stderr.contains(dir.appendingPathComponent("out.mp4").path + ":")
                && r.stderr.contains("File too large") && !r.stderr.contains(".partial"), "\(r.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.mp4")) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.mp4"])
        // A PNG sequence says so in the same words (not Foundation's), and leaves nothing staged.
        let s = try await run("/bin/sh", ["-c", "ulimit -f 64 && exec \"$0\" flower --size 1280x720 --frames 0..3 -o f%03d.png --quiet", binary],
                              currentDirectory: dir)
        #expect(s.status == 1 && s.stderr == "error: cannot write \(dir.path)/f000.png: File too large\n", "\(s.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.mp4"])
    }

    /// Files put in place together (a video and its captions) go all or none: when the last
    /// rename fails, the ones done are put back and every destination is as it was.
    @Test(arguments: [true, false])
    func filesCommittedTogetherAreAllOrNothing(withPreviousFiles: Bool) throws {
        let dir = scratchDirectory("together-\(withPreviousFiles)")
        let video = dir.appendingPathComponent("out.mp4"), captions = dir.appendingPathComponent("out.vtt")
        if withPreviousFiles {
            try previous.write(to: video)
            try Data("WEBVTT\n".utf8).write(to: captions)
        }
        let a = try OutputFile(destination: video), b = try OutputFile(destination: captions)
        try a.write(Data("new video".utf8))
        try b.write(Data("new captions".utf8))
        // The captions' place becomes a folder holding a file before the commit: that rename fails.
        try? FileManager.default.removeItem(at: captions)
        try FileManager.default.createDirectory(at: captions, withIntermediateDirectories: false)
        try Data().write(to: captions.appendingPathComponent("keep"))
        #expect(throws: OutputError.self) { try OutputFile.commit([a, b]) }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == (withPreviousFiles ? ["out.mp4", "out.vtt"] : ["out.vtt"]), "\(names)")
        if withPreviousFiles { #expect(try Data(contentsOf: video) == previous) }
        // With nothing in the way, both go in, and nothing is left beside them.
        try FileManager.default.removeItem(at: captions)
        let c = try OutputFile(destination: video), d = try OutputFile(destination: captions)
        try c.write(Data("new video".utf8))
        try d.write(Data("new captions".utf8))
        try OutputFile.commit([c, d])
        #expect(try String(contentsOf: video, encoding: .utf8) == "new video" && String(contentsOf: captions, encoding: .utf8) == "new captions")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out.mp4", "out.vtt"])
    }

    /// Captions that cannot be written fail before the video is touched: a name longer than a
    /// file name may be, or the render's own output file.
    @Test func captionsThatCannotBeWrittenReplaceNothing() async throws {
        let dir = scratchDirectory()
        try previous.write(to: dir.appendingPathComponent("out.mp4"))
        let long = String(repeating: "c", count: 260) + ".vtt"
        var r = try await run(binary, ["angles", "--size", "64x36", "--frames", "0..3", "-o", "out.mp4", "--captions", long, "--quiet"],
                              currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 1 && r.stderr.hasSuffix("its name is 264 bytes long, more than the 255 a file name may have\n"), "\(r.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.mp4")) == previous)
        try FileManager.default.moveItem(at: dir.appendingPathComponent("out.mp4"), to: dir.appendingPathComponent("out.vtt"))
        r = try await run(binary, ["angles", "--size", "64x36", "--frames", "0..3", "-o", "out.vtt", "--format", "mp4",
                                   "--captions", "./out.vtt", "--quiet"], currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 64 && r.stderr.hasPrefix("Error: --captions ./out.vtt is the render's own output file"), "\(r.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.vtt")) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.vtt"])
    }

    /// `math` and `code` under a file-size limit: one line, exit 1, no temporary file left, the
    /// previous picture kept.
    @Test(arguments: [["math", #"\int_0^1 x^2\,dx = \frac{1}{3}"#, "--font-size", "600", "-o", "f.png"],
                      ["code", "Lesson.swift", "-o", "f.png"]])
    func mathAndCodeUnderAFileSizeLimitLoseNothing(arguments: [String]) async throws {
        let dir = scratchDirectory("fsize-\(arguments[0])")
        try previous.write(to: dir.appendingPathComponent("f.png"))
        var args = arguments
        if args[0] == "code" {
            let source = dir.appendingPathComponent("Lesson.swift")
            try String(repeating: "let value = [1, 2, 3].map { $0 * 2 }  // a line of code\n", count: 60).write(to: source, atomically: true, encoding: .utf8)
            args[1] = source.path
        }
        let r = try await run("/bin/sh", ["-c", "ulimit -f 8; exec \"$0\" \"$@\"", binary] + args, currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 1 && r.stderr.hasPrefix("error: ") && r.stderr.contains("File too large")
                && r.stderr.split(separator: "\n").count == 1, "\(r.status): \(r.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("f.png")) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// Every message is ours: an encoder that refuses its settings says which settings and what to
    /// change; a --diff folder that cannot be made says why in our words.
    @Test func messagesNameWhatFailedInOurWords() async throws {
        let dir = scratchDirectory()
        var r = try await run(binary, ["hexagons", "--size", "64x64", "--frames", "0..3", "--fps", "1500000000/6276151", "-o", "x.webm", "--quiet"],
                              currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 1 && r.stderr == "error: the VP9 (libvpx-vp9) encoder refused 64x64 at 1500000000/6276151 fps (Invalid argument): its frame rate is a fraction with terms too large for it; give the rate as a decimal (such as 239.9) or a smaller fraction\n", "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        r = try await run(binary, ["hash", "hexagons", "--size", "64x36", "--frames", "0..1", "-o", "m.framemd5"], currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 0)
        try Data().write(to: dir.appendingPathComponent("file"))
        r = try await run(binary, ["verify", "m.framemd5", "--diff", "file/diffs"], currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 1 && r.stderr == "error: cannot write \(dir.path)/file/diffs: \(dir.path)/file is a file, not a folder\n", "\(r.stderr)")
        #expect(!r.stderr.contains("NSCocoaErrorDomain"))
    }

    /// A manifest that cannot be written (a name too long, a full device) is refused before any
    /// frame is hashed, and its frames folder is not committed without it.
    @Test func aManifestThatCannotBeWrittenKeepsItsFramesBack() async throws {
        let dir = scratchDirectory()
        let long = String(repeating: "m", count: 247) + ".framemd5"                 // 256 bytes
        var r = try await run(binary, ["hash", "hexagons", "--size", "64x36", "--frames", "0..2", "--save-frames", "-o", long],
                              currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 1 && r.stderr.hasSuffix("its name is 256 bytes long, more than the 255 a file name may have\n"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        r = try await run(binary, ["hash", "hexagons", "--size", "64x36", "--frames", "0..2", "-o", "/dev/full"], currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 1 && r.stderr == "error: cannot write /dev/full: No space left on device\n", "\(r.stderr)")
        // A reference frame that cannot be written is named where it was going; nothing is left.
        r = try await run("/bin/sh", ["-c", "ulimit -f 8; exec \"$0\" hash flower --size 1280x720 --frames 0..2 --save-frames -o m.framemd5", binary],
                          currentDirectory: dir, timeLimit: 120)
        #expect(r.status == 1 && r.stderr == "error: cannot write \(dir.path)/m.frames/00000.png: File too large\n", "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
