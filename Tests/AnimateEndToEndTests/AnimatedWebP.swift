import Animate
import AnimateTestSupport
import Foundation
import Testing

/// An animated WebP read back for tests (FFmpeg 5.1 reads still WebP only): the RIFF chunks are
/// parsed here, each frame's image is decoded by FFmpeg as a still, and frames are composited
/// onto the canvas as the WebP container specification says (offsets, blending, disposal).
struct AnimatedWebP {
    var width = 0, height = 0
    var loopCount = -1
    /// Each frame's duration in milliseconds.
    var durations: [Int] = []
    /// Each frame as shown: straight RGBA, rows top to bottom.
    var frames: [[UInt8]] = []

    init(_ url: URL) async throws {
        let bytes = try [UInt8](Data(contentsOf: url))
        func u24(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 }
        func u32(_ i: Int) -> Int { u24(i) | Int(bytes[i + 3]) << 24 }
        func fourCC(_ i: Int) -> String { String(decoding: bytes[i..<(i + 4)], as: UTF8.self) }
        guard bytes.count > 12, fourCC(0) == "RIFF", fourCC(8) == "WEBP" else { throw ToolFailure("\(url.path) is not a WebP file") }
        var canvas: [UInt8] = []
        var disposeRect: (Int, Int, Int, Int)?
        var at = 12
        while at + 8 <= bytes.count {
            let id = fourCC(at), size = u32(at + 4), payload = at + 8
            switch id {
            case "VP8X":
                width = u24(payload + 4) + 1
                height = u24(payload + 7) + 1
                canvas = [UInt8](repeating: 0, count: width * height * 4)
            case "ANIM":
                loopCount = Int(bytes[payload + 4]) | Int(bytes[payload + 5]) << 8
            case "ANMF":
                let x = 2 * u24(payload), y = 2 * u24(payload + 3)
                let w = u24(payload + 6) + 1, h = u24(payload + 9) + 1
                durations.append(u24(payload + 12))
                let flags = bytes[payload + 15]
                if let (dx, dy, dw, dh) = disposeRect {
                    for row in dy..<(dy + dh) { for i in (row * width + dx) * 4..<((row * width + dx + dw) * 4) { canvas[i] = 0 } }
                }
                let image = try await Self.decodeStill(Array(bytes[(payload + 16)..<(payload + size)]), width: w, height: h)
                let blends = flags & 2 == 0
                for row in 0..<h {
                    for col in 0..<w {
                        let s = (row * w + col) * 4, d = ((y + row) * width + x + col) * 4
                        let sa = Double(image[s + 3]) / 255, da = Double(canvas[d + 3]) / 255
                        guard blends, sa < 1 else { for c in 0..<4 { canvas[d + c] = image[s + c] }; continue }
                        let a = sa + da * (1 - sa)
                        for c in 0..<3 {
                            canvas[d + c] = a == 0 ? 0 : UInt8((Double(image[s + c]) * sa + Double(canvas[d + c]) * da * (1 - sa)) / a + 0.5)
                        }
                        canvas[d + 3] = UInt8(a * 255 + 0.5)
                    }
                }
                frames.append(canvas)
                disposeRect = flags & 1 == 1 ? (x, y, w, h) : nil
            default: break
            }
            at = payload + size + (size & 1)
        }
    }

    /// Decodes one frame's chunks (ALPH + VP8, or VP8L) as a still WebP of `width x height`.
    static func decodeStill(_ chunks: [UInt8], width: Int, height: Int) async throws -> [UInt8] {
        func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        var body = Array("WEBP".utf8)
        if String(decoding: chunks[0..<4], as: UTF8.self) == "ALPH" {
            // Alpha beside lossy colour needs the extended header.
            body += Array("VP8X".utf8) + le(10, 4) + [0x10, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3)
        }
        body += chunks
        let file = Array("RIFF".utf8) + le(body.count, 4) + body
        let dir = scratchDirectory("webp-frames")
        let still = dir.appendingPathComponent("frame.webp"), raw = dir.appendingPathComponent("frame.rgba")
        try Data(file).write(to: still)
        let ffmpeg = try #require(which("ffmpeg"))
        let r = try await run(ffmpeg, ["-v", "error", "-y", "-i", still.path, "-f", "rawvideo", "-pix_fmt", "rgba", raw.path])
        guard r.status == 0 else { throw ToolFailure("ffmpeg cannot decode a WebP frame: \(r.stderr)") }
        let pixels = try [UInt8](Data(contentsOf: raw))
        guard pixels.count == width * height * 4 else { throw ToolFailure("a WebP frame decoded to \(pixels.count) bytes") }
        return pixels
    }
}
