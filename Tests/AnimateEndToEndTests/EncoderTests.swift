import Animate
import AnimateTestScenes
import AnimateTestSupport
import Foundation
import Testing

/// Encodes real files through FFmpeg and decodes them back to check what a player would see.
@Suite struct EncoderTests {
    func render(_ scene: Scene, to url: URL, format: OutputFormat, rate: FrameRate = FrameRate(numerator: 30)!, threads: Int = 2) throws -> RenderSummary {
        let request = try RenderRequest(scene: scene, output: Output(path: url.path, format: format), rate: rate, threads: threads)
        return try Renderer(request: request).run()
    }

    func frames(_ scene: Scene, rate: FrameRate) throws -> [[UInt8]] {
        let request = try RenderRequest(scene: scene, rate: rate)
        var canvas = Bitmap(width: request.width, height: request.height)
        return request.frames.map { i in
            request.render(i, into: &canvas)
            return canvas.withPremultipliedBytes { Array($0) }
        }
    }

    @Test func mp4HasExactRateCountTagsAndQuality() throws {
        let dir = scratchDirectory()
        let url = dir.appendingPathComponent("flat.mp4")
        let summary = try render(flatShapesScene, to: url, format: .mp4)
        #expect(summary.frames == 30)
        let info = try probe(url)
        #expect(info["codec_name"] == "h264")
        #expect(info["pix_fmt"] == "yuv420p")
        #expect(info["r_frame_rate"] == "30/1")
        #expect(info["nb_frames"] == "30")
        #expect(info["nb_read_frames"] == "30")
        #expect(info["width"] == "320" && info["height"] == "180")
        #expect(info["color_space"] == "bt709" && info["color_primaries"] == "bt709" && info["color_transfer"] == "bt709")
        #expect(info["color_range"] == "tv")
        // moov before mdat: the file starts playing while it streams.
        let bytes = try [UInt8](Data(contentsOf: url))
        let moov = try #require(offset(of: "moov", in: bytes)), mdat = try #require(offset(of: "mdat", in: bytes))
        #expect(moov < mdat)
        // Decoded frames match the rendered ones: visually lossless luma at the default CRF. (With 4:2:0,
        // RGB error at saturated colour edges is set by chroma subsampling; 4:4:4 is tested below.)
        let decoded = try decodeRGB(url, width: 320, height: 180)
        let rendered = try frames(flatShapesScene, rate: FrameRate(numerator: 30)!)
        #expect(decoded.count == rendered.count)
        let worst = zip(decoded, rendered).map { lumaPSNR(rgb: $0, rgba: $1) }.min() ?? 0
        #expect(worst >= 40, "worst frame luma PSNR \(worst) dB")
    }

    @Test func yuv444KeepsFullColourQuality() throws {
        let url = scratchDirectory().appendingPathComponent("flat444.mp4")
        let request = try RenderRequest(scene: flatShapesScene, output: .mp4(url), rate: FrameRate(numerator: 30)!,
                                        encoding: EncodingSettings(pixelFormat: .yuv444p))
        _ = try Renderer(request: request).run()
        #expect(try probe(url)["pix_fmt"] == "yuv444p")
        let decoded = try decodeRGB(url, width: 320, height: 180)
        let rendered = try frames(flatShapesScene, rate: FrameRate(numerator: 30)!)
        let worst = zip(decoded, rendered).map { psnr(rgb: $0, rgba: $1) }.min() ?? 0
        #expect(worst >= 40, "worst frame RGB PSNR \(worst) dB")
    }

    @Test func fractionalRateIsExact() throws {
        let url = scratchDirectory().appendingPathComponent("ntsc.mp4")
        _ = try render(flatShapesScene, to: url, format: .mp4, rate: FrameRate(parsing: "29.97")!)
        let info = try probe(url)
        #expect(info["r_frame_rate"] == "30000/1001")
        #expect(info["nb_frames"] == "30")
    }

    @Test func gifLoopsAtTheRightSpeedWithExactFlatColours() throws {
        let url = scratchDirectory().appendingPathComponent("flat.gif")
        _ = try render(flatShapesScene, to: url, format: .gif, rate: FrameRate(numerator: 25)!)
        let info = try probe(url)
        #expect(info["codec_name"] == "gif")
        #expect(info["nb_read_frames"] == "25")
        #expect(abs((Double(info["duration"] ?? "") ?? 0) - 1.0) < 0.02)
        let bytes = try [UInt8](Data(contentsOf: url))
        // NETSCAPE2.0 application extension with loop count 0 (forever).
        let netscape = Array("NETSCAPE2.0".utf8)
        let at = (0..<(bytes.count - netscape.count)).first { Array(bytes[$0..<($0 + netscape.count)]) == netscape }
        let loop = try #require(at)
        #expect(bytes[loop + 11] == 3 && bytes[loop + 12] == 1 && bytes[loop + 13] == 0 && bytes[loop + 14] == 0)
        // Flat shapes keep their exact colours: the palette holds them all.
        let decoded = try decodeRGB(url, width: 320, height: 180)
        let rendered = try frames(flatShapesScene, rate: FrameRate(numerator: 25)!)
        let worst = zip(decoded, rendered).map { psnr(rgb: $0, rgba: $1) }.min() ?? 0
        #expect(worst >= 30, "worst GIF frame PSNR \(worst) dB")
    }

    @Test func gifDelaysAccumulateToTheRightDuration() throws {
        // 30 fps is 3.33 cs a frame: delays of 3 and 4 must add up to one second.
        let url = scratchDirectory().appendingPathComponent("thirty.gif")
        _ = try render(flatShapesScene, to: url, format: .gif, rate: FrameRate(numerator: 30)!)
        let info = try probe(url)
        #expect(abs((Double(info["duration"] ?? "") ?? 0) - 1.0) < 0.02)
    }

    @Test func pngSequenceAndStill() throws {
        let dir = scratchDirectory()
        let request = try RenderRequest(scene: flatShapesScene, output: Output(path: dir.appendingPathComponent("f_%03d.png").path),
                                        rate: FrameRate(numerator: 10)!, frames: .range(2, 5))
        let summary = try Renderer(request: request).run()
        #expect(summary.paths.map(\.lastPathComponent) == ["f_002.png", "f_003.png", "f_004.png", "f_005.png"])
        let info = try probe(summary.paths[0])
        #expect(info["codec_name"] == "png" && info["width"] == "320")
        let decoded = try decodeRGB(summary.paths[1], width: 320, height: 180)
        var canvas = Bitmap(width: 320, height: 180)
        request.render(3, into: &canvas)
        #expect(psnr(rgb: decoded[0], rgba: canvas.withPremultipliedBytes { Array($0) }) == .infinity)
    }

    /// A sink that fails part-way, after the encoder has written frames to its temporary file.
    final class FailingAfter: FrameSink {
        struct Failure: Error {}
        let inner: VideoFileSink
        let frames: Int
        init(_ inner: VideoFileSink, frames: Int) { self.inner = inner; self.frames = frames }
        func begin(workers: Int) throws { try inner.begin(workers: workers) }
        func payload(of canvas: inout Bitmap, worker: Int) throws -> VideoFrame { try inner.payload(of: &canvas, worker: worker) }
        func consume(_ frame: VideoFrame, frame index: Int) throws {
            if index == frames { throw Failure() }
            try inner.consume(frame, frame: index)
        }
        func finish() throws -> [URL] { try inner.finish() }
        func stop(keepingPartial: Bool) throws -> PartialRender? { try inner.stop(keepingPartial: keepingPartial) }
    }

    @Test func failedRenderLeavesPreviousFileUntouched() throws {
        let dir = scratchDirectory()
        let url = dir.appendingPathComponent("keep.mp4")
        try Data("previous good file".utf8).write(to: url)
        let request = try RenderRequest(scene: flatShapesScene, output: .mp4(url), rate: FrameRate(numerator: 30)!)
        let sink = FailingAfter(try VideoFileSink(url: url, container: .mp4, request: request), frames: 12)
        #expect(throws: FailingAfter.Failure.self) { try Renderer(request: request).run(into: sink) }
        #expect(try Data(contentsOf: url) == Data("previous good file".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(leftovers == ["keep.mp4"])
    }

    /// An encoder that will not open says which encoder, the settings it was given, FFmpeg's reason and what to change.
    @Test func encoderErrorsCarryFFmpegsMessageAndTheSettings() throws {
        let url = scratchDirectory().appendingPathComponent("x.mp4")
        do {
            _ = try VideoEncoder(path: url.path, container: .mp4, width: 64, height: 36, rate: FrameRate(numerator: 30)!,
                                 settings: EncodingSettings(preset: "no-such-preset"))
            Issue.record("expected an error")
        } catch let error as VideoError {
            guard case let .encoderRefused(codec, reason, settings, hint) = error else { Issue.record("\(error)"); return }
            #expect(codec == "H.264 (libx264)" && !reason.isEmpty && settings == "64x36 at 30/1 fps" && hint.contains("--preset"))
            #expect(error.description.hasPrefix("the H.264 (libx264) encoder refused 64x36 at 30/1 fps ("))
        }
    }

    @Test func frameAloneEqualsFrameInSequence() throws {
        let dir = scratchDirectory()
        let size = FrameSize(width: 192, height: 108)
        let request = try RenderRequest(scene: particlesScene, output: .pngSequence(pattern: dir.appendingPathComponent("f%04d.png").path),
                                        size: size, frames: .range(30, 40), threads: 3)
        let urls = try Renderer(request: request).run().paths
        let alone = try RenderRequest(scene: particlesScene, output: .png(dir.appendingPathComponent("alone.png")), size: size,
                                      frames: .range(37, 37))
        let still = try Renderer(request: alone).run().paths[0]
        #expect(try Data(contentsOf: urls[7]) == Data(contentsOf: still))
    }
}
