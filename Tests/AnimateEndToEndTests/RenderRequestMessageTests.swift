import AnimateRender
import AnimateScenes
import AnimateTestScenes
import AnimateTestSupport
import AnimateTimeline
import AnimateVideo
import Foundation
import Testing

/// The rules of a render live in the library: a `RenderRequest` built directly breaks them with the
/// same message the command line prints (the CLI adds only `Error: ` and the usage line).
@Suite struct RenderRequestMessageTests {
    static let starfield = BuiltinScenes.named("starfield")!
    static let out = URL(fileURLWithPath: "/tmp/out.mp4")

    @Test func gifRateIsCappedWithTheCommandLinesNote() async throws {
        let request = try RenderRequest(scene: Self.starfield, output: .gif(Self.out), rate: FrameRate(numerator: 60)!,
                                        frames: .range(60, 119))
        #expect(request.rate == FrameRate(numerator: 50)!)
        #expect(request.frames == 50...99)                     // the same seconds, 1 s to 2 s
        #expect(request.timelineFrames == 500)
        let note = try #require(request.notes.first)
        let dir = scratchDirectory()
        let r = try await run(animateBinary(), ["starfield", "--size", "32x18", "--frames", "60..61", "-o", "x.gif"], currentDirectory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").first == Substring("note: \(note)"))
        // Not capped at 50 fps or below, nor for other outputs.
        #expect(try RenderRequest(scene: Self.starfield, output: .gif(Self.out), rate: FrameRate(numerator: 50)!).notes.isEmpty)
        #expect(try RenderRequest(scene: Self.starfield, output: .mp4(Self.out), rate: FrameRate(numerator: 60)!).rate.numerator == 60)
    }

    @Test(arguments: 0..<brokenRules.count)
    func theLibraryGivesTheCommandLinesMessage(case index: Int) async throws {
        let (cli, library) = Self.brokenRules[index]
        var message: String?
        do { try library() } catch let error as RenderError { message = error.description }
        let expected = try #require(message, "\(cli): the library accepted it")
        let r = try await run(animateBinary(), cli + (["sheet", "hash", "concat"].contains(cli[0]) ? [] : ["--quiet"]),
                        currentDirectory: scratchDirectory())
        #expect(r.status == 64, "\(cli): \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").first == Substring("Error: \(expected)"), "\(cli): \(r.stderr)")
    }

    @Test func verifyHoldsAManifestToTheSameRules() async throws {
        let dir = scratchDirectory()
        let url = dir.appendingPathComponent("bad.framemd5")
        try "#animate: scene=hexagons size=9000x10 fps=30 seed=0 duration=8\n0,          0,          0,        1,   360000, 0123456789abcdef0123456789abcdef\n"
            .write(to: url, atomically: true, encoding: .utf8)
        let r = try await run(animateBinary(), ["verify", url.path])
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(url.path) describes frames render refuses: --size 9000x10 is out of range: width and height must be 2...8192.\n")
    }

    /// Each case: the CLI's arguments, and the same request made through the library.
    static let brokenRules: [(cli: [String], library: @Sendable () throws -> Void)] = [
        (["starfield", "--size", "641x360", "-o", "x.mp4"], { _ = try RenderRequest(scene: starfield, output: .mp4(out), size: FrameSize(width: 641, height: 360)) }),
        (["starfield", "--size", "640x361", "-o", "x.mp4"], { _ = try RenderRequest(scene: starfield, output: .mp4(out), size: FrameSize(width: 640, height: 361)) }),
        (["starfield", "--fps", "300"], { _ = try RenderRequest(scene: starfield, rate: FrameRate(numerator: 300)!) }),
        (["starfield", "--size", "0x0"], { _ = try RenderRequest(scene: starfield, size: FrameSize(width: 0, height: 0)) }),
        (["starfield", "--size", "9000x100"], { _ = try RenderRequest(scene: starfield, size: FrameSize(width: 9000, height: 100)) }),
        (["starfield", "--duration", "0"], { _ = try RenderRequest(scene: starfield, duration: 0) }),
        (["starfield", "--duration", "1e9"], { _ = try RenderRequest(scene: starfield, duration: 1e9) }),
        (["starfield", "--duration", "0.001", "--fps", "24"], { _ = try RenderRequest(scene: starfield, rate: FrameRate(numerator: 24)!, duration: 0.001) }),
        (["starfield", "--frames", "590..700"], { _ = try RenderRequest(scene: starfield, frames: .range(590, 700)) }),
        (["starfield", "--frames", "5..2"], { _ = try RenderRequest(scene: starfield, frames: .range(5, 2)) }),
        (["starfield", "--frames", "0"], { _ = try RenderRequest(scene: starfield, frames: .first(0)) }),
        (["starfield", "--frames", "0..2", "--shard", "0/5"], { _ = try RenderRequest(scene: starfield, frames: .range(0, 2), shard: Shard(0, of: 5)) }),
        (["starfield", "--frames", "3..5", "-o", "x.png"], { _ = try RenderRequest(scene: starfield, output: .png(out), frames: .range(3, 5)) }),
        (["starfield", "--at", "11", "-o", "x.png"], { _ = try RenderRequest(scene: starfield, output: .png(out), stillTime: 11) }),
        (["starfield", "--at=-1", "-o", "x.png"], { _ = try RenderRequest(scene: starfield, output: .png(out), stillTime: -1) }),
        (["starfield", "--threads", "0"], { _ = try RenderRequest(scene: starfield, threads: 0) }),
        (["starfield", "--crf", "99"], { _ = try RenderRequest(scene: starfield, encoding: EncodingSettings(crf: 99)) }),
        (["starfield", "--preset", "warp"], { _ = try RenderRequest(scene: starfield, encoding: EncodingSettings(preset: "warp")) }),
        (["starfield", "--tune", "cartoon"], { _ = try RenderRequest(scene: starfield, encoding: EncodingSettings(tune: "cartoon")) }),
        (["starfield", "--codec", "prores", "-o", "x.webm"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.webm"), encoding: EncodingSettings(codec: .prores)) }),
        (["starfield", "--codec", "hevc", "-o", "x.gif"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.gif"), encoding: EncodingSettings(codec: .hevc)) }),
        (["starfield", "--pix-fmt", "yuv444p", "-o", "x.png"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.png"), encoding: EncodingSettings(pixelFormat: .yuv444p)) }),
        (["starfield", "--codec", "av1", "--pix-fmt", "yuv444p"], { _ = try RenderRequest(scene: starfield, output: Output(path: "starfield.mp4"), encoding: EncodingSettings(codec: .av1, pixelFormat: .yuv444p)) }),
        (["starfield", "--codec", "hevc", "--crf", "60"], { _ = try RenderRequest(scene: starfield, output: Output(path: "starfield.mp4"), encoding: EncodingSettings(codec: .hevc, crf: 60)) }),
        (["starfield", "--crf", "20", "-o", "x.mov"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.mov"), encoding: EncodingSettings(crf: 20)) }),
        (["starfield", "--preset", "veryfast", "-o", "x.webm"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.webm"), encoding: EncodingSettings(preset: "veryfast")) }),
        (["starfield", "--codec", "av1", "--tune", "film", "-o", "x.mkv"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.mkv"), encoding: EncodingSettings(codec: .av1, tune: "film")) }),
        (["starfield", "--codec", "hevc", "--size", "101x60"], { _ = try RenderRequest(scene: starfield, output: Output(path: "starfield.mp4"), size: FrameSize(width: 101, height: 60), encoding: EncodingSettings(codec: .hevc)) }),
        (["starfield", "--codec", "av1", "--size", "48x48", "-o", "x.webm"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.webm"), size: FrameSize(width: 48, height: 48), encoding: EncodingSettings(codec: .av1)) }),
        (["starfield", "--alpha", "-o", "x.mp4"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.mp4"), encoding: EncodingSettings(alpha: true)) }),
        (["starfield", "--alpha", "--pix-fmt", "yuv420p10le", "-o", "x.webm"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.webm"), encoding: EncodingSettings(pixelFormat: .yuv420p10le, alpha: true)) }),
        (["starfield", "--alpha", "-o", "x.gif"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.gif"), encoding: EncodingSettings(alpha: true)) }),
        (["starfield", "--no-alpha", "-o", "x.apng"], { _ = try RenderRequest(scene: starfield, output: Output(path: "x.apng"), encoding: EncodingSettings(alpha: false)) }),
        (["starfield", "--encoder-threads", "99"], { _ = try RenderRequest(scene: starfield, encoding: EncodingSettings(encoderThreads: 99)) }),
        (["starfield", "-o", "out.avi"], { _ = try Output(path: "out.avi") }),
        (["starfield", "-o", "x%9223372036854775807d.png"], { _ = try Output(path: "x%9223372036854775807d.png") }),
        (["starfield", "-o", "x%999999999d.png"], { _ = try Output(path: "x%999999999d.png") }),
        (["starfield", "-o", "x%021d.png"], { _ = try Output(path: "x%021d.png") }),
        (["gradient", "--fps", "1/3000000000"], { _ = try RenderRequest(scene: BuiltinScenes.named("gradient")!, rate: FrameRate(numerator: 1, denominator: 3_000_000_000)!) }),
        (["gradient", "--fps", "4294967295/4294967294"], { _ = try RenderRequest(scene: BuiltinScenes.named("gradient")!, rate: FrameRate(numerator: 4_294_967_295, denominator: 4_294_967_294)!) }),
        (["starfield", "--fps", "1/3601"], { _ = try RenderRequest(scene: starfield, rate: FrameRate(numerator: 1, denominator: 3601)!) }),
        (["hash", "angles", "--fps", "1/2147483647"], { _ = try RenderRequest(scene: BuiltinScenes.named("angles")!, rate: FrameRate(numerator: 1, denominator: 2_147_483_647)!) }),
        (["starfield", "-o", "http://example.com/x.mp4"], { _ = try Output(path: "http://example.com/x.mp4") }),
        (["starfield", "-o", "pipe:1"], { _ = try Output(path: "pipe:1") }),
        (["starfield", "-o", "-"], { _ = try Output(path: "-", format: .mp4) }),
        (["starfeld"], { _ = try BuiltinScenes.catalog.scene(named: "starfeld") }),
        (["hash", "starfield", "--step", "0"], { _ = try RenderRequest(scene: starfield, step: 0) }),
        (["concat", "a.mp4", "-o", "/tmp/joined.gif"], { _ = try SegmentJoin(segments: [URL(fileURLWithPath: "a.mp4")], output: URL(fileURLWithPath: "/tmp/joined.gif")) }),
        (["sheet", "starfield", "--columns", "17"], { _ = try ContactSheet(RenderRequest(scene: starfield), columns: 17) }),
    ]
}
