import Animate
import AnimateTestSupport
import Foundation
import Testing

/// Drives the real `animate` binary: exit codes, messages, and that outputs are written atomically.
@Suite(.serialized) struct CLITests {
    let binary = animateBinary()

    func animate(_ args: [String], in dir: URL? = nil) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await run(binary, args, currentDirectory: dir)
    }

    @Test func listShowsScenesWithDescriptionAndDuration() async throws {
        let r = try await animate(["list"])
        #expect(r.status == 0)
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("starfield") })
        #expect(line.contains("10 s") && line.contains("starfield") && line.contains("stars"))
    }

    @Test(arguments: [
        (["starfeld"], "Unknown scene 'starfeld'. Did you mean 'starfield'?"),
        (["starfield", "--fps", "0"], "--fps"),
        (["starfield", "--fps", "-5"], "--fps"),
        (["starfield", "--fps", "nan"], "--fps"),
        (["starfield", "--fps", "inf"], "--fps"),
        (["starfield", "--fps", "300"], "above the maximum of 240"),
        (["starfield", "--size", "0x0"], "out of range"),
        (["starfield", "--size", "-4x4"], "--size"),
        (["starfield", "--size", "9000x100"], "out of range"),
        (["starfield", "--size", "641x360"], "even width and height"),
        (["starfield", "--duration", "0"], "--duration"),
        (["starfield", "--duration", "-1"], "--duration"),
        (["starfield", "--duration", "1e9"], "longer than 24 hours"),
        (["starfield", "--frames", "590..700"], "outside the scene"),
        (["starfield", "--frames", "5..2"], "empty"),
        (["starfield", "-o", "out.avi"], "Cannot tell the format"),
        (["starfield", "--format", "avi"], "--format"),
        (["starfield", "--crf", "99"], "--crf"),
        (["starfield", "--preset", "warp"], "not an x264 preset"),
        (["starfield", "-o", "http://example.com/x.mp4"], "not a local file path"),
        (["starfield", "-o", "concat:a.mp4|b.mp4"], "not a local file path"),
    ])
    func usageErrorsExit64WithOneClearMessage(args: [String], message: String) async throws {
        let dir = scratchDirectory()
        let r = try await animate(args + ["--quiet"], in: dir)
        #expect(r.status == 64, "\(args): \(r.stderr)")
        #expect(r.stderr.contains("Error: "), "\(args): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func missingDirectoryIsAFailureNamingThePath() async throws {
        let dir = scratchDirectory()
        let target = dir.appendingPathComponent("no/such/dir/out.mp4").path
        let r = try await animate(["starfield", "--frames", "2", "--size", "64x36", "-o", target, "--quiet"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: cannot write \(target)"))
        #expect(r.stderr.contains("does not exist"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func outputOntoADirectoryIsRefused() async throws {
        let dir = scratchDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("taken.mp4"), withIntermediateDirectories: true)
        let r = try await animate(["starfield", "--frames", "2", "--size", "64x36", "-o", "taken.mp4", "--quiet"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("is a directory"))
    }

    @Test func readOnlyDirectoryIsRefusedAndPreviousFileKept() async throws {
        guard getuid() != 0 else { return }   // root can write anywhere; the check cannot fail meaningfully
        let dir = scratchDirectory()
        let url = dir.appendingPathComponent("out.mp4")
        try Data("old".utf8).write(to: url)
        chmod(dir.path, 0o555)
        defer { chmod(dir.path, 0o755) }
        let r = try await animate(["starfield", "--frames", "2", "--size", "64x36", "-o", url.path, "--quiet"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("not writable"))
        #expect(try Data(contentsOf: url) == Data("old".utf8))
    }

    @Test func rendersMP4WithSummaryLine() async throws {
        let dir = scratchDirectory()
        let r = try await animate(["starfield", "--fps", "30", "--frames", "12", "--size", "160x90", "-o", "s.mp4"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let summary = try #require(r.stderr.split(separator: "\n").last)
        #expect(summary.contains("12 frames") && summary.contains("s.mp4") && summary.contains("fps") && summary.contains("kB"))
        let info = try probe(dir.appendingPathComponent("s.mp4"))
        #expect(info["nb_frames"] == "12" && info["r_frame_rate"] == "30/1")
        let quiet = try await animate(["starfield", "--frames", "3", "--size", "160x90", "-o", "q.mp4", "--quiet"], in: dir)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    }

    @Test func lowMemorySwitchesX264ToSliceThreadsWithTheSamePicture() async throws {
        let dir = scratchDirectory()
        for (name, extra) in [("frames.mp4", []), ("slices.mp4", ["--low-memory"])] {
            let r = try await animate(["hexagons", "--fps", "30", "--frames", "12", "--size", "320x180", "-o", name, "--quiet"] + extra, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try probe(dir.appendingPathComponent(name))["nb_frames"] == "12")
        }
        // x264 writes its settings into the stream (an SEI message): check which threading it used.
        let frames = try Data(contentsOf: dir.appendingPathComponent("frames.mp4"))
        let slices = try Data(contentsOf: dir.appendingPathComponent("slices.mp4"))
        #expect(frames.range(of: Data("sliced_threads=0".utf8)) != nil)
        #expect(slices.range(of: Data("sliced_threads=1".utf8)) != nil)
        let a = try decodeRGB(dir.appendingPathComponent("frames.mp4"), width: 320, height: 180)
        let b = try decodeRGB(dir.appendingPathComponent("slices.mp4"), width: 320, height: 180)
        #expect(a.count == 12 && b.count == 12)
        for (x, y) in zip(a, b) {
            // Two encodings of the same frames at CRF 18: the same picture within coding noise.
            let rgba: [UInt8] = y.enumerated().flatMap { i, v -> [UInt8] in i % 3 == 2 ? [v, 255] : [v] }
            #expect(psnr(rgb: x, rgba: rgba) > 40)
        }
    }

    @Test func defaultOutputIsSceneNameDotMP4() async throws {
        let dir = scratchDirectory()
        let r = try await animate(["starfield", "--frames", "2", "--size", "64x36", "--quiet"], in: dir)
        #expect(r.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("starfield.mp4").path))
    }

    @Test func gifAbove50fpsIsRenderedAt50WithANote() async throws {
        let dir = scratchDirectory()
        let r = try await animate(["starfield", "--fps", "60", "--duration", "0.5", "--size", "96x54", "-o", "s.gif"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("rendering at 50 fps"))
        let info = try probe(dir.appendingPathComponent("s.gif"))
        #expect(info["nb_read_frames"] == "25")
        #expect(abs((Double(info["duration"] ?? "") ?? 0) - 0.5) < 0.02)
    }

    @Test func pngStillPicksMiddleFrameOrAt() async throws {
        let dir = scratchDirectory()
        await #expect(try animate(["starfield", "--size", "64x36", "-o", "mid.png", "--quiet"], in: dir).status == 0)
        await #expect(try animate(["starfield", "--size", "64x36", "--frames", "300..300", "-o", "k.png", "--quiet"], in: dir).status == 0)
        await #expect(try animate(["starfield", "--size", "64x36", "--at", "5", "-o", "at.png", "--quiet"], in: dir).status == 0)
        let mid = try Data(contentsOf: dir.appendingPathComponent("mid.png"))
        // The middle of 10 s at 60 fps is frame 300, which is also the frame at 5 s.
        #expect(mid == (try Data(contentsOf: dir.appendingPathComponent("k.png"))))
        #expect(mid == (try Data(contentsOf: dir.appendingPathComponent("at.png"))))
        let past = try await animate(["starfield", "--size", "64x36", "--at", "11", "-o", "late.png", "--quiet"], in: dir)
        #expect(past.status == 64 && past.stderr.contains("past the end"))
    }
}
