import Animate
import AnimateTestSupport
import Foundation
import Testing

@Suite struct PictureDecodingTests {
    /// A 1080x1920 test photo (JPEG) made by ffmpeg's test source.
    static func photo() async throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("animate-photo-1080x1920.jpg")
        if !FileManager.default.fileExists(atPath: url.path) {
            let ffmpeg = try #require(which("ffmpeg"))
            let r = try await run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1080x1920:rate=1", "-frames:v", "1",
                                     "-q:v", "3", url.path])
            #expect(r.status == 0)
        }
        return url
    }

    @Test func stillWithCaptionsRotatedTitleParagraphAndPhoto() async throws {
        var canvas = Bitmap(width: 960, height: 540)
        canvas.clear(Color(red: 0.97, green: 0.96, blue: 0.93))
        let photo = try Image(contentsOf: await Self.photo())
        canvas.draw { context, size in
            // Photo scaled to fit a 300x440 box, keeping its aspect ratio.
            let box = CGRect(x: 620, y: 60, width: 300, height: 440)
            let scale = min(box.width / photo.size.width, box.height / photo.size.height)
            let fitted = CGSize(width: photo.size.width * scale, height: photo.size.height * scale)
            context.draw(photo, in: CGRect(x: box.midX - fitted.width / 2, y: box.midY - fitted.height / 2,
                                           width: fitted.width, height: fitted.height))
            // A mixed English/Chinese caption with coloured runs and a background.
            var caption = AttributedString("Hello, ")
            caption.foregroundColor = .blue
            var world = AttributedString("你好，世界")
            world.foregroundColor = .red
            world.backgroundColor = Color.yellow.opacity(0.4)
            context.draw(Text(caption + world).font(.system(size: 40)), at: CGPoint(x: 300, y: 60), anchor: .center)
            // A rotated bold title.
            var title = context
            title.translateBy(x: 60, y: 300)
            title.rotate(by: .degrees(-90))
            title.draw(Text("4-7d Affine transforms").font(.system(size: 30, weight: .bold)).foregroundColor(.indigo),
                       at: .zero, anchor: .center)
            // A wrapped paragraph, centred, and an italic line.
            let paragraph = Text("Paths, affine transforms and gradients: the lessons draw with SwiftUI's Canvas. 畫布的底層是一個以向量為基礎的平面繪圖系統，以線條為基本元素。")
                .font(.system(size: 22)).multilineTextAlignment(.center)
            context.draw(paragraph, in: CGRect(x: 110, y: 120, width: 460, height: 300))
            context.draw(Text("italic, synthetic or not").italic().font(.custom("DejaVu Serif", size: 26)).foregroundColor(.purple),
                         at: CGPoint(x: 340, y: 470), anchor: .center)
            _ = size
        }
        try canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("text-and-photo.png"))
        // The caption's glyphs are there (blue and red pixels), the photo covers its box's centre.
        var blue = 0, red = 0
        for y in 30..<90 { for x in 100..<500 {
            let p = canvas.premultipliedPixel(x: x, y: y)
            if p.z > 200 && p.x < 60 { blue += 1 }
            if p.x > 200 && p.y < 100 && p.z < 100 { red += 1 }
        } }
        #expect(blue > 200 && red > 300)
        #expect(canvas.premultipliedPixel(x: 770, y: 280) != canvas.premultipliedPixel(x: 5, y: 5))
    }

    @Test func decodesPNGWithAlphaAndJPEGToKnownPixels() async throws {
        let dir = scratchDirectory()
        // A PNG with alpha written by our encoder decodes to exactly the same bytes.
        var rgba = [UInt8](repeating: 0, count: 4 * 4 * 4)
        for i in 0..<16 { rgba[4 * i] = UInt8(i * 16); rgba[4 * i + 1] = 200; rgba[4 * i + 2] = 10; rgba[4 * i + 3] = UInt8(255 - i * 15) }
        let png = dir.appendingPathComponent("alpha.png")
        try rgba.withUnsafeBufferPointer { try PNGEncoder.write(rgba: $0, width: 4, height: 4, to: png) }
        let decoded = try Image(contentsOf: png)
        #expect(decoded.width == 4 && decoded.height == 4 && decoded.rgba == rgba)
        // A flat-colour JPEG decodes within JPEG's rounding of the colour.
        let ffmpeg = try #require(which("ffmpeg"))
        let jpeg = dir.appendingPathComponent("flat.jpg")
        _ = try await run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0x3366CC:s=32x16", "-frames:v", "1", "-q:v", "2", jpeg.path])
        let j = try Image(contentsOf: jpeg)
        #expect(j.width == 32 && j.height == 16)
        let center = (8 * 32 + 16) * 4
        #expect(abs(Int(j.rgba[center]) - 0x33) <= 4 && abs(Int(j.rgba[center + 1]) - 0x66) <= 4 && abs(Int(j.rgba[center + 2]) - 0xCC) <= 4)
        #expect(j.rgba[center + 3] == 255)
    }
}
