import Animate
import AnimateTestSupport
import Foundation
import Testing

/// ProRes 4444 movies and VP9 WebM keep straight alpha: undrawn pixels stay transparent, and an
/// editor (here ffmpeg's overlay filter) composites them over footage as our own drawing would.
@Suite struct TransparentVideoTests {
    /// A caption card over nothing: a half-transparent panel, an opaque moving dot, soft edges.
    static let overlay = Scene(name: "test-overlay", description: "transparent overlay", duration: 1,
                               size: CGSize(width: 320, height: 180)) { c, f in
        c.fill(Path(roundedRect: CGRect(x: 20, y: 110, width: 280, height: 50), cornerRadius: 12),
               with: .color(Color(red: 0.1, green: 0.2, blue: 0.6, opacity: 0.6)))
        c.fill(Path(ellipseIn: CGRect(x: 30 + 200 * f.progress, y: 30, width: 60, height: 60)), with: .color(Color(red: 1, green: 0.8, blue: 0.1)))
        c.draw(Text("Angles").font(.system(size: 28)).foregroundColor(.white), at: CGPoint(x: 160, y: 135))
    }

    /// Renders the overlay scene's 30 frames at 30 fps to a new file with extension `ext`.
    func renderOverlay(to ext: String, threads: Int, encoding: EncodingSettings = EncodingSettings(),
                       name: String = #function) throws -> (URL, URL, RenderRequest, RenderSummary) {
        let dir = scratchDirectory(name)
        let url = dir.appendingPathComponent("overlay.\(ext)")
        let request = try RenderRequest(scene: Self.overlay, output: Output(path: url.path), rate: FrameRate(numerator: 30)!,
                                        threads: threads, encoding: encoding)
        return (dir, url, request, try Renderer(request: request).run())
    }

    func decodeRGBA(_ url: URL, decoder: [String] = []) async throws -> [UInt8] {
        let ffmpeg = try #require(which("ffmpeg"))
        let raw = url.deletingPathExtension().appendingPathExtension("rgba")
        let r = try await run(ffmpeg, ["-v", "error", "-y"] + decoder + ["-i", url.path]
                        + ["-vf", "scale=in_color_matrix=bt709:in_range=tv,format=rgba", "-f", "rawvideo", raw.path])
        guard r.status == 0 else { throw ToolFailure("ffmpeg failed: \(r.stderr)") }
        return try [UInt8](Data(contentsOf: raw))
    }

    @Test(arguments: [("mov", EncodingSettings.Quality.normal), ("mkv", .normal), ("mov", .high)])
    func proRes4444KeepsAlphaAndColour(ext: String, quality: EncodingSettings.Quality) async throws {
        let (_, url, request, summary) = try renderOverlay(to: ext, threads: 2,
                                                           encoding: EncodingSettings(quality: quality, codec: .prores),
                                                           name: "prores-\(ext)-\(quality)")
        #expect(summary.frames == 30)
        let info = try probe(url)
        // Encoded from 10-bit samples; FFmpeg's ProRes decoder reports 4444 streams as 12-bit.
        #expect(info["codec_name"] == "prores" && info["pix_fmt"]?.hasPrefix("yuva444p") == true, "\(info)")
        #expect(info["nb_read_frames"] == "30" && info["r_frame_rate"] == "30/1" && info["color_space"] == "bt709", "\(info)")
        // `.high` is 4444 XQ: in QuickTime its sample entry says so.
        #expect(try probeEntry(url, "stream=profile") == (quality == .high ? "XQ" : "4444"))
        if ext == "mov" { #expect(try probeEntry(url, "stream=codec_tag_string") == (quality == .high ? "ap4x" : "ap4h")) }
        // Frame 12 decoded against our straight RGBA of the same frame.
        let all = try await decodeRGBA(url)
        let size = 320 * 180 * 4
        #expect(all.count == 30 * size)
        var canvas = Bitmap(width: 320, height: 180)
        request.render(12, into: &canvas)
        let ours = canvas.rgba8()
        let decoded = Array(all[(12 * size)..<(13 * size)])
        var worstAlpha = 0, worstColour = 0, transparent = 0
        for i in stride(from: 0, to: size, by: 4) {
            worstAlpha = max(worstAlpha, abs(Int(ours[i + 3]) - Int(decoded[i + 3])))
            if ours[i + 3] == 0 { transparent += 1 }
            // Straight colour is only as exact as the alpha it was divided by.
            if ours[i + 3] >= 128 {
                for c in 0..<3 { worstColour = max(worstColour, abs(Int(ours[i + c]) - Int(decoded[i + c]))) }
            }
        }
        #expect(worstAlpha <= 1, "alpha differs by \(worstAlpha)")
        #expect(worstColour <= 3, "colour differs by \(worstColour)")
        #expect(transparent > 320 * 180 / 2)
    }

    @Test func overlayOverAPhotoMatchesOurDrawingOfBoth() async throws {
        let (dir, url, request, _) = try renderOverlay(to: "mov", threads: 1)
        // A "photo": a smooth colourful gradient written as PNG.
        var photo = Bitmap(width: 320, height: 180)
        photo.draw { c, s in
            c.fill(Path(CGRect(origin: .zero, size: s)), with: .linearGradient(Gradient(colors: [.teal, .orange, .purple]),
                                                                               startPoint: .zero, endPoint: CGPoint(x: s.width, y: s.height)))
        }
        let photoURL = dir.appendingPathComponent("photo.png")
        try photo.writePNG(to: photoURL)
        let ffmpeg = try #require(which("ffmpeg"))
        let raw = dir.appendingPathComponent("composite.rgb")
        let r = try await run(ffmpeg, ["-v", "error", "-y", "-i", photoURL.path, "-i", url.path, "-filter_complex",
                                 "[1:v]scale=in_color_matrix=bt709:in_range=tv,format=rgba[o];[0:v][o]overlay=format=rgb,format=rgb24",
                                 "-frames:v", "1", "-f", "rawvideo", raw.path])
        #expect(r.status == 0, "\(r.stderr)")
        let composite = try [UInt8](Data(contentsOf: raw))
        // Ours: the photo, then the overlay's first frame drawn over it as an image.
        var frame = Bitmap(width: 320, height: 180)
        request.render(0, into: &frame)
        let overlayImage = try #require(Image(rgba: frame.rgba8(), width: 320, height: 180))
        var both = Bitmap(width: 320, height: 180)
        let photoImage = try Image(contentsOf: photoURL)
        both.draw { c, _ in
            c.draw(photoImage, in: CGRect(x: 0, y: 0, width: 320, height: 180))
            c.draw(overlayImage, in: CGRect(x: 0, y: 0, width: 320, height: 180))
        }
        let value = psnr(rgb: composite, rgba: both.withPremultipliedBytes { Array($0) })
        #expect(value >= 40, "PSNR \(value) dB")
    }

    /// VP9 keeps alpha in WebM by default, and in Matroska when asked (`--alpha`).
    @Test(arguments: [("webm", nil), ("mkv", true)] as [(String, Bool?)])
    func vp9KeepsAlpha(ext: String, alpha: Bool?) async throws {
        let (_, url, request, _) = try renderOverlay(to: ext, threads: 2, encoding: EncodingSettings(codec: .vp9, alpha: alpha),
                                                     name: "vp9-alpha-\(ext)")
        let info = try probe(url)
        #expect(info["codec_name"] == "vp9" && info["nb_read_frames"] == "30" && info["r_frame_rate"] == "30/1", "\(info)")
        #expect(try probeEntry(url, "stream_tags=alpha_mode") == "1")
        // FFmpeg's own VP9 decoder drops the alpha stream; libvpx's reads it, as browsers do.
        let all = try await decodeRGBA(url, decoder: ["-c:v", "libvpx-vp9"])
        let size = 320 * 180 * 4
        #expect(all.count == 30 * size)
        var canvas = Bitmap(width: 320, height: 180)
        request.render(12, into: &canvas)
        let ours = canvas.rgba8()
        var se = 0.0
        for i in stride(from: 0, to: size, by: 4) {
            let d = Double(ours[i + 3]) - Double(all[12 * size + i + 3])
            se += d * d
        }
        let alphaPSNR = 10 * log10(255 * 255 / max(se / Double(320 * 180), 1e-10))
        #expect(alphaPSNR >= 40, "alpha PSNR \(alphaPSNR) dB")
    }

    @Test func apngIsLosslessWithAlpha() async throws {
        let (dir, url, request, _) = try renderOverlay(to: "apng", threads: 2)
        let info = try probe(url)
        #expect(info["codec_name"] == "apng" && info["nb_read_frames"] == "30", "\(info)")
        // Each frame's control chunk holds its delay as a fraction: exactly 1/30 s (ffprobe shows
        // its own 1/100000 s estimate instead).
        let bytes = try [UInt8](Data(contentsOf: url))
        var delays: [String] = []
        var i = 0
        while i + 28 < bytes.count {
            if bytes[i] == 0x66, bytes[i + 1] == 0x63, bytes[i + 2] == 0x54, bytes[i + 3] == 0x4C {   // "fcTL"
                let d = i + 4 + 20
                delays.append("\(Int(bytes[d]) << 8 | Int(bytes[d + 1]))/\(Int(bytes[d + 2]) << 8 | Int(bytes[d + 3]))")
                i += 28
            } else {
                i += 1
            }
        }
        #expect(delays.count == 30 && Set(delays) == ["1/30"], "\(Set(delays)), \(delays.count) frames")
        let ffmpeg = try #require(which("ffmpeg"))
        let raw = dir.appendingPathComponent("decoded.rgba")
        let r = try await run(ffmpeg, ["-v", "error", "-y", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba", raw.path])
        #expect(r.status == 0, "\(r.stderr)")
        let all = try [UInt8](Data(contentsOf: raw))
        let size = 320 * 180 * 4
        #expect(all.count == 30 * size)
        var canvas = Bitmap(width: 320, height: 180)
        for index in [0, 12, 29] {
            request.render(index, into: &canvas)
            #expect(Array(all[(index * size)..<((index + 1) * size)]) == canvas.rgba8(), "frame \(index)")
        }
    }

    @Test(arguments: [EncodingSettings.Quality.high, .normal])
    func animatedWebPKeepsAlpha(quality: EncodingSettings.Quality) async throws {
        let (_, url, request, _) = try renderOverlay(to: "webp", threads: 2, encoding: EncodingSettings(quality: quality),
                                                     name: "webp-\(quality)")
        let webp = try await AnimatedWebP(url)
        #expect(webp.width == 320 && webp.height == 180 && webp.loopCount == 0)
        // Millisecond delays that add up to the exact time: 33 or 34 ms, one second in all.
        #expect(webp.frames.count == 30 && Set(webp.durations).isSubset(of: [33, 34]) && webp.durations.reduce(0, +) == 1000,
                "\(webp.durations)")
        var canvas = Bitmap(width: 320, height: 180)
        for index in [0, 12, 29] {
            request.render(index, into: &canvas)
            let ours = canvas.rgba8(), theirs = webp.frames[index]
            // Alpha is lossless at every quality; colour too at `.high` (lossless WebP), and close
            // where the pixel is mostly opaque otherwise.
            var alphaExact = true, colourExact = true, se = 0.0, n = 0
            for i in stride(from: 0, to: ours.count, by: 4) {
                if ours[i + 3] != theirs[i + 3] { alphaExact = false }
                guard ours[i + 3] > 0 else { continue }
                for c in 0..<3 where ours[i + c] != theirs[i + c] { colourExact = false }
                if ours[i + 3] >= 128 {
                    for c in 0..<3 { let d = Double(ours[i + c]) - Double(theirs[i + c]); se += d * d }
                    n += 3
                }
            }
            #expect(alphaExact, "frame \(index) alpha")
            if quality == .high {
                #expect(colourExact, "frame \(index) colour")
            } else {
                let colourPSNR = 10 * log10(255 * 255 / max(se / Double(n), 1e-10))
                #expect(colourPSNR >= 35, "frame \(index): colour PSNR \(colourPSNR) dB")
            }
        }
    }
}
