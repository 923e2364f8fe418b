import Animate
import AnimateTestSupport
import AnimateScenes
import Foundation
import Testing

/// Raw outputs for other encoders, and the encoding presets.
@Suite(.serialized) struct RawOutputTests {
    @Test func y4mStreamsToStdoutIntoFFmpegAndRGBAHasExactFrames() async throws {
        let dir = scratchDirectory()
        let ffmpeg = try #require(which("ffmpeg"))
        let script = "\"$0\" hexagons --size 160x90 --fps 30 --duration 1 --format y4m -o - --quiet | \"$1\" -v error -i - -f framemd5 -"
        let r = try await run("/bin/sh", ["-c", script, animateBinary(), ffmpeg], currentDirectory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 30)
        let rgba = try await run(animateBinary(), ["hexagons", "--size", "160x90", "--fps", "30", "--frames", "0..9", "-o", "f.rgba", "--quiet"],
                           currentDirectory: dir)
        #expect(rgba.status == 0)
        let bytes = try Data(contentsOf: dir.appendingPathComponent("f.rgba"))
        #expect(bytes.count == 160 * 90 * 4 * 10)
        // The RGBA frames are exactly what `animate hash` hashes.
        // (the binary's scene, so the built-in one.)
        let manifest = try FrameHashing.manifest(for: RenderRequest(scene: BuiltinScenes.named("hexagons")!, size: FrameSize(width: 160, height: 90),
                                                                    rate: FrameRate(numerator: 30)!, frames: .first(10)))
        let first = [UInt8](bytes.prefix(160 * 90 * 4))
        #expect(first.withUnsafeBufferPointer { MD5.hex($0) } == manifest.frames[0].md5)
    }

    /// Reusing the previous frame (changed-block YUV conversion, the background cache) is a speed
    /// and memory trade only: `--low-memory`, which turns it off, and any thread count give the
    /// same Y4M bytes. Starfield has a radial sky to cache and stars moving everywhere.
    @Test func reusingThePreviousFrameChangesNoByte() async throws {
        let dir = scratchDirectory()
        var outputs: [Data] = []
        for extra in [[], ["--low-memory"], ["--threads", "3"], ["--threads", "1"]] {
            let r = try await run(animateBinary(), ["starfield", "--size", "322x180", "--fps", "30", "--frames", "0..23", "--format", "y4m",
                                              "-o", "s.y4m", "--quiet"] + extra, currentDirectory: dir)
            #expect(r.status == 0, "\(r.stderr)")
            outputs.append(try Data(contentsOf: dir.appendingPathComponent("s.y4m")))
        }
        #expect(outputs[0].count > 24 * 322 * 180)
        #expect(outputs.allSatisfy { $0 == outputs[0] })
    }

    @Test func stdoutOnlyForRawFormatsAndPresetsValidate() async throws {
        let dir = scratchDirectory()
        let refused = try await run(animateBinary(), ["hexagons", "-o", "-", "--quiet"], currentDirectory: dir)
        #expect(refused.status == 64 && refused.stderr.contains("--format y4m or --format rgba"))
        let badTune = try await run(animateBinary(), ["hexagons", "--tune", "cartoon", "--quiet"], currentDirectory: dir)
        #expect(badTune.status == 64 && badTune.stderr.contains("is not a tune of H.264"))
        let badThreads = try await run(animateBinary(), ["hexagons", "--encoder-threads", "99", "--quiet"], currentDirectory: dir)
        #expect(badThreads.status == 64 && badThreads.stderr.contains("--encoder-threads"))
        for args in [["--quality", "draft"], ["--quality", "high", "--tune", "animation"], ["--pix-fmt", "yuv444p", "--crf", "0"],
                     ["--encoder-threads", "1"]] {
            let r = try await run(animateBinary(), ["hexagons", "--size", "96x54", "--frames", "4", "-o", "q.mp4", "--quiet"] + args, currentDirectory: dir)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(try probe(dir.appendingPathComponent("q.mp4"))["nb_read_frames"] == "4")
        }
    }

    @Test func aReaderThatGoesAwayGetsOneClearLine() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: animateBinary())
        process.arguments = ["starfield", "--size", "64x36", "--frames", "0..300", "--format", "y4m", "-o", "-"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = killing(process, after: 60, what: "animate starfield -o -")
        defer { watchdog.cancel() }
        // Read a little, as `| head -c 100` would, then close the reading end.
        _ = out.fileHandleForReading.readData(ofLength: 100)
        try out.fileHandleForReading.close()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        waitForExit(process, within: 60)
        #expect(process.terminationStatus == 1)
        #expect(stderr == "error: writing raw frames: the program reading them closed its end before all frames were written\n")
    }
}
