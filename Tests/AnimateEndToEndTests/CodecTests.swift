import Animate
import AnimateTestScenes
import AnimateTestSupport
import Foundation
import Testing

/// Every container and codec row: what ffprobe reports, and the decoded frames against ours.
@Suite struct CodecTests {
    /// A row: output extension, codec and pixel format asked for (nil: defaults), and what ffprobe
    /// must report (FFmpeg's ProRes decoder gives 4444 as 12-bit).
    struct Row: CustomStringConvertible, Sendable {
        let ext: String
        let codec: VideoCodec?
        let pixelFormat: PixelFormat?
        let codecName: String
        let pixFmt: String
        let tag: String?
        var alpha: Bool? = nil
        var description: String {
            "\(ext) \(codec?.rawValue ?? "default") \(pixelFormat?.rawValue ?? "default")\(alpha == false ? " opaque" : "")"
        }
    }

    static let rows: [Row] = [
        Row(ext: "mp4", codec: nil, pixelFormat: nil, codecName: "h264", pixFmt: "yuv420p", tag: "avc1"),
        Row(ext: "mp4", codec: .hevc, pixelFormat: nil, codecName: "hevc", pixFmt: "yuv420p", tag: "hvc1"),
        Row(ext: "mp4", codec: .vp9, pixelFormat: nil, codecName: "vp9", pixFmt: "yuv420p", tag: "vp09"),
        Row(ext: "mp4", codec: .av1, pixelFormat: nil, codecName: "av1", pixFmt: "yuv420p", tag: "av01"),
        Row(ext: "mp4", codec: .hevc, pixelFormat: .yuv420p10le, codecName: "hevc", pixFmt: "yuv420p10le", tag: "hvc1"),
        Row(ext: "mp4", codec: .av1, pixelFormat: .yuv420p10le, codecName: "av1", pixFmt: "yuv420p10le", tag: "av01"),
        Row(ext: "mp4", codec: .h264, pixelFormat: .yuv444p10le, codecName: "h264", pixFmt: "yuv444p10le", tag: "avc1"),
        Row(ext: "mov", codec: nil, pixelFormat: nil, codecName: "prores", pixFmt: "yuva444p12le", tag: "ap4h"),
        Row(ext: "mov", codec: nil, pixelFormat: nil, codecName: "prores", pixFmt: "yuv444p12le", tag: "ap4h", alpha: false),
        Row(ext: "mov", codec: .h264, pixelFormat: nil, codecName: "h264", pixFmt: "yuv420p", tag: "avc1"),
        Row(ext: "mov", codec: .hevc, pixelFormat: .yuv444p, codecName: "hevc", pixFmt: "yuv444p", tag: "hvc1"),
        Row(ext: "mkv", codec: nil, pixelFormat: nil, codecName: "h264", pixFmt: "yuv420p", tag: nil),
        Row(ext: "mkv", codec: .hevc, pixelFormat: .yuv420p10le, codecName: "hevc", pixFmt: "yuv420p10le", tag: nil),
        Row(ext: "mkv", codec: .vp9, pixelFormat: .yuv444p, codecName: "vp9", pixFmt: "yuv444p", tag: nil),
        Row(ext: "mkv", codec: .av1, pixelFormat: nil, codecName: "av1", pixFmt: "yuv420p", tag: nil),
        Row(ext: "mkv", codec: .prores, pixelFormat: nil, codecName: "prores", pixFmt: "yuva444p12le", tag: nil),
        Row(ext: "webm", codec: nil, pixelFormat: nil, codecName: "vp9", pixFmt: "yuv420p", tag: nil),
        Row(ext: "webm", codec: nil, pixelFormat: nil, codecName: "vp9", pixFmt: "yuv420p", tag: nil, alpha: false),
        Row(ext: "webm", codec: .vp9, pixelFormat: .yuv420p10le, codecName: "vp9", pixFmt: "yuv420p10le", tag: nil),
        Row(ext: "webm", codec: .av1, pixelFormat: .yuv420p10le, codecName: "av1", pixFmt: "yuv420p10le", tag: nil),
    ]

    static let frames = 10

    /// Our frames of the flat-shapes scene (straight RGBA, opaque), frames 0..<`frames` at 30 fps.
    static func reference(in dir: URL) throws -> [[UInt8]] {
        let url = dir.appendingPathComponent("reference.rgba")
        let request = try RenderRequest(scene: flatShapesScene, output: .rgba(.file(url)), rate: FrameRate(numerator: 30)!,
                                        frames: .range(0, frames - 1))
        try Renderer(request: request).run()
        let data = try [UInt8](Data(contentsOf: url))
        let size = 320 * 180 * 4
        return (0..<frames).map { Array(data[($0 * size)..<(($0 + 1) * size)]) }
    }

    @Test(arguments: rows)
    func eachRowHasItsCodecFormatRateAndFrames(_ row: Row) throws {
        let dir = scratchDirectory("codec-\(row)")
        let url = dir.appendingPathComponent("flat.\(row.ext)")
        let request = try RenderRequest(scene: flatShapesScene, output: Output(path: url.path), rate: FrameRate(numerator: 30)!,
                                        frames: .range(0, Self.frames - 1),
                                        encoding: EncodingSettings(codec: row.codec, pixelFormat: row.pixelFormat, alpha: row.alpha))
        try Renderer(request: request).run()
        let info = try probe(url)
        // WebM's default (VP9 8-bit 4:2:0) keeps alpha; 10-bit, AV1 and --no-alpha are opaque.
        if row.ext == "webm" { #expect(try probeEntry(url, "stream_tags=alpha_mode") == (row.codec == nil && row.alpha != false ? "1" : ""), "\(row)") }
        #expect(info["codec_name"] == row.codecName, "\(row): \(info)")
        #expect(info["pix_fmt"] == row.pixFmt, "\(row): \(info)")
        #expect(info["r_frame_rate"] == "30/1", "\(row): \(info)")
        #expect(info["nb_read_frames"] == String(Self.frames), "\(row): \(info)")
        #expect(info["color_primaries"] == "bt709" && info["color_transfer"] == "bt709" && info["color_space"] == "bt709"
                && info["color_range"] == "tv", "\(row): \(info)")
        if let tag = row.tag { #expect(try probeEntry(url, "stream=codec_tag_string") == tag, "\(row)") }

        // Every frame decodes to ours, in order (the shapes move several pixels a frame, so a
        // frame out of place falls far below the bar).
        let decoded = try decodeRGB(url, width: 320, height: 180)
        let ours = try Self.reference(in: dir)
        #expect(decoded.count == Self.frames)
        for (k, frame) in zip(decoded, ours).enumerated() {
            let luma = lumaPSNR(rgb: frame.0, rgba: frame.1)
            #expect(luma >= 38, "\(row) frame \(k): luma PSNR \(luma) dB")
            if row.pixelFormat == .yuv444p || row.pixelFormat == .yuv444p10le || row.codec == .prores || (row.ext == "mov" && row.codec == nil) {
                let rgb = psnr(rgb: frame.0, rgba: frame.1)
                #expect(rgb >= 38, "\(row) frame \(k): RGB PSNR \(rgb) dB (4:4:4 keeps colour at full resolution)")
            }
        }
    }

    @Test func tenBitKeepsSmoothGradientsFinerThanEightBit() async throws {
        // A dark, slow gradient: 8-bit 4:2:0 has about 40 levels across it, 10-bit four times as many.
        let ramp = Scene(name: "test-ramp", description: "dark ramp", duration: 1, size: CGSize(width: 320, height: 180)) { c, f in
            c.fill(Path(CGRect(origin: .zero, size: f.size)),
                   with: .linearGradient(Gradient(colors: [Color(red: 0.05, green: 0.05, blue: 0.1), Color(red: 0.2, green: 0.2, blue: 0.3)]),
                                         startPoint: .zero, endPoint: CGPoint(x: f.size.width, y: 0)))
        }
        let dir = scratchDirectory()
        var levels: [PixelFormat: Int] = [:]
        for format in [PixelFormat.yuv420p, .yuv420p10le] {
            let url = dir.appendingPathComponent("ramp-\(format.rawValue).mkv")
            let request = try RenderRequest(scene: ramp, output: Output(path: url.path), rate: FrameRate(numerator: 30)!,
                                            frames: .range(0, 0), encoding: EncodingSettings(quality: .high, codec: .hevc, pixelFormat: format))
            try Renderer(request: request).run()
            // The luma samples of the middle row, as the decoder gives them (16-bit for 10-bit).
            let ffmpeg = try #require(which("ffmpeg"))
            let raw = dir.appendingPathComponent("ramp-\(format.rawValue).gray")
            let r = try await run(ffmpeg, ["-v", "error", "-y", "-i", url.path, "-vf", "crop=320:2:0:90,format=gray16le", "-f", "rawvideo", raw.path])
            #expect(r.status == 0, "\(r.stderr)")
            let data = try [UInt8](Data(contentsOf: raw))
            let samples = stride(from: 0, to: 320 * 2, by: 2).map { Int(data[$0]) | Int(data[$0 + 1]) << 8 }
            levels[format] = Set(samples).count
        }
        #expect(levels[.yuv420p]! <= 45, "\(levels)")
        #expect(levels[.yuv420p10le]! >= 3 * levels[.yuv420p]!, "\(levels)")
    }

    @Test(arguments: [1, 2, 3])
    func shortHEVCEncodesHaveDecodeTimesTheirFramesCanKeep(frames: Int) async throws {
        // x265 leaves the offset behind its decode times unset below three frames: whatever the
        // heap held became the packets' decode times (a muxer refused them, bytes varied by run).
        let dir = scratchDirectory()
        var files: [Data] = []
        for attempt in 0..<2 {
            let url = dir.appendingPathComponent("short-\(attempt).mp4")
            let request = try RenderRequest(scene: flatShapesScene, output: Output(path: url.path), rate: FrameRate(numerator: 30)!,
                                            frames: .first(frames), encoding: EncodingSettings(codec: .hevc))
            try Renderer(request: request).run()
            files.append(try Data(contentsOf: url))
            let ffprobe = try #require(which("ffprobe"))
            let r = try await run(ffprobe, ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts,dts", "-of", "csv=p=0", url.path])
            let packets = r.stdout.split(separator: "\n").map { $0.split(separator: ",").map { Int($0)! } }
            #expect(packets.count == frames, "\(r.stdout)")
            // Decode times rise one frame at a time and never pass the presentation times.
            let frame = packets.count > 1 ? packets[1][1] - packets[0][1] : 1
            for (k, p) in packets.enumerated() {
                #expect(p[1] <= p[0], "packet \(k): \(r.stdout)")
                #expect(k == 0 || p[1] - packets[k - 1][1] == frame, "packet \(k): \(r.stdout)")
                #expect(abs(p[1]) <= 2 * frame * max(1, frames), "packet \(k): \(r.stdout)")
            }
        }
        #expect(files[0] == files[1], "the same request gave different bytes")
    }
}
