import Animate
import AnimateTestSupport
import Foundation
import Testing

/// Renders hexagons' frames `ranges` at `size`, each to `s<k>.<ext>` in `dir`.
func renderSegments(_ ranges: [String], ext: String, size: String, in dir: URL) async throws -> [URL] {
    var urls: [URL] = []
    for (k, range) in ranges.enumerated() {
        let url = dir.appendingPathComponent("s\(k).\(ext)")
        let r = try await run(animateBinary(), ["hexagons", "--size", size, "--frames", range, "-o", url.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        urls.append(url)
    }
    return urls
}

/// `concat` refuses what it cannot join whole, and never replaces a good output with a bad one.
@Suite(.serialized) struct ConcatTests {
    func segments(in dir: URL) async throws -> [URL] {
        try await renderSegments(["0..29", "30..59"], ext: "mp4", size: "320x180", in: dir)
    }

    @Test func truncatedOrDamagedSegmentsAreRefusedAndTheOutputKept() async throws {
        let dir = scratchDirectory()
        let parts = try await segments(in: dir)
        let joined = dir.appendingPathComponent("joined.mp4")
        var r = try await run(animateBinary(), ["concat", parts[0].path, parts[1].path, "-o", joined.path])
        #expect(r.status == 0)
        let good = try Data(contentsOf: joined)
        let whole = try Data(contentsOf: parts[1])
        for (cut, reason) in [(5000, "is damaged or truncated: its video cannot be read"), (whole.count * 2 / 3, "is damaged: frame ")] {
            let truncated = dir.appendingPathComponent("cut\(cut).mp4")
            try whole.prefix(cut).write(to: truncated)
            r = try await run(animateBinary(), ["concat", parts[0].path, truncated.path, "-o", joined.path])
            #expect(r.status == 1, "cut at \(cut)")
            #expect(r.stderr.hasPrefix("error: \(truncated.path) \(reason)"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line, no FFmpeg log: \(r.stderr)")
            #expect(try Data(contentsOf: joined) == good)
        }
        // Nothing is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".partial") }.isEmpty)
    }

    @Test func aPipeIsRefusedInsteadOfWaitedOn() async throws {
        let dir = scratchDirectory()
        let parts = try await segments(in: dir)
        let fifo = dir.appendingPathComponent("fifo.mp4")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let r = try await run(animateBinary(), ["concat", parts[0].path, fifo.path, "-o", dir.appendingPathComponent("j.mp4").path])
        #expect(r.status == 1 && r.stderr == "error: cannot read \(fifo.path): not a regular file\n")
    }

    @Test func aCancelledJoinWritesNothing() async throws {
        let dir = scratchDirectory()
        let parts = try await segments(in: dir)
        let joined = dir.appendingPathComponent("joined.mp4")
        var polls = 0
        #expect(throws: CancellationError.self) {
            try SegmentJoin(segments: parts, output: joined).run(isCancelled: { polls += 1; return polls > 20 })
        }
        #expect(!FileManager.default.fileExists(atPath: joined.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["s0.mp4", "s1.mp4"])
    }

    @Test func ctrlCDuringConcatWritesNothing() async throws {
        let dir = scratchDirectory()
        // A segment whose sound takes a while to mix: five minutes of a soundtrack before its frames.
        let long = dir.appendingPathComponent("long.flac")
        try makeSoundFile(long, seconds: 320)
        let segment = dir.appendingPathComponent("s.mp4")
        var r = try await run(animateBinary(), ["hexagons", "--size", "64x36", "--frames", "0..9", "--audio", long.path,
                                          "--audio-offset", "-300", "-o", segment.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let joined = dir.appendingPathComponent("joined.mp4")
        try Data("previous".utf8).write(to: joined)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: animateBinary())
        process.arguments = ["concat", segment.path, "-o", joined.path, "--audio", long.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        usleep(600_000)                 // started and mixing (the mix takes seconds)
        kill(process.processIdentifier, SIGINT)
        waitForExit(process, within: 60)
        r = (process.terminationStatus, "", String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        #expect(r.status == 130 && r.stderr == "animate: interrupted; nothing was written\n", "\(r.status): \(r.stderr)")
        #expect(try Data(contentsOf: joined) == Data("previous".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["joined.mp4", "long.flac", "s.mp4"])
    }
}

/// Shards join by stream copy in every container and codec, and mixed codecs are refused.
@Suite struct ConcatContainerTests {
    /// Renders `--shard k/2` of hexagons frames 0..19 for k = 0, 1 with `args`, into `dir`.
    func shards(_ ext: String, _ args: [String], in dir: URL) async throws -> [URL] {
        var urls: [URL] = []
        for k in 0..<2 {
            let url = dir.appendingPathComponent("part\(k).\(ext)")
            let r = try await run(animateBinary(), ["hexagons", "--size", "320x180", "--fps", "30", "--frames", "0..19", "--shard", "\(k)/2",
                                              "-o", url.path, "--quiet"] + args)
            #expect(r.status == 0, "\(r.stderr)")
            urls.append(url)
        }
        return urls
    }

    @Test(arguments: [("mkv", ["--codec", "hevc"]), ("mp4", ["--codec", "av1"]), ("webm", []), ("mov", []), ("mkv", ["--codec", "vp9", "--pix-fmt", "yuv420p10le"])])
    func shardsJoinIntoTheSameFrames(ext: String, args: [String]) async throws {
        let dir = scratchDirectory("concat-\(ext)-\(args.joined())")
        let parts = try await shards(ext, args, in: dir)
        let joined = dir.appendingPathComponent("joined.\(ext)")
        let r = try await run(animateBinary(), ["concat", parts[0].path, parts[1].path, "-o", joined.path])
        #expect(r.status == 0, "\(r.stderr)")
        let info = try probe(joined), first = try probe(parts[0])
        #expect(info["codec_name"] == first["codec_name"] && info["pix_fmt"] == first["pix_fmt"], "\(info)")
        #expect(info["nb_read_frames"] == "20" && info["r_frame_rate"] == "30/1", "\(info)")
        // Stream copy: the joined file decodes to the shards' frames, in order.
        let decoder = ext == "webm" ? ["-c:v", "libvpx-vp9"] : []
        let format = ext == "webm" ? "yuva420p" : nil
        let whole = try await frameHashes(joined, decoder: decoder, pixelFormat: format)
        var pieces: [String] = []
        for part in parts { pieces += try await frameHashes(part, decoder: decoder, pixelFormat: format) }
        #expect(whole.count == 20 && whole == pieces)
        if ext == "webm" { #expect(try probeEntry(joined, "stream_tags=alpha_mode") == "1", "VP9's alpha survives the join") }
        if ext == "mov" { #expect(try probeEntry(joined, "stream=codec_tag_string") == "ap4h", "still ProRes 4444") }
        if args.contains("hevc") { #expect(try probeEntry(joined, "stream=codec_tag_string") == "[0][0][0][0]") }
    }

    @Test func mixedCodecsAndCodecsTheContainerCannotHoldAreRefused() async throws {
        let dir = scratchDirectory()
        let h264 = try await shards("mkv", [], in: dir)
        let hevcDir = dir.appendingPathComponent("hevc")
        try FileManager.default.createDirectory(at: hevcDir, withIntermediateDirectories: true)
        let hevc = try await shards("mkv", ["--codec", "hevc"], in: hevcDir)
        let joined = dir.appendingPathComponent("joined.mkv")
        var r = try await run(animateBinary(), ["concat", h264[0].path, hevc[1].path, "-o", joined.path])
        #expect(r.status == 1 && r.stderr == "error: \(hevc[1].path) is HEVC but \(h264[0].path) is H.264: segments must share one codec to be joined without re-encoding\n",
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: joined.path))
        r = try await run(animateBinary(), ["concat", h264[0].path, h264[1].path, "-o", dir.appendingPathComponent("joined.webm").path])
        #expect(r.status == 1 && r.stderr == "error: \(h264[0].path) is H.264 video, which WebM cannot hold (it holds VP9, AV1)\n", "\(r.stderr)")
        // H.264 from Matroska into MP4 is a plain remux.
        let mp4 = dir.appendingPathComponent("joined.mp4")
        r = try await run(animateBinary(), ["concat", h264[0].path, h264[1].path, "-o", mp4.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try probe(mp4)["nb_read_frames"] == "20")
    }
}
