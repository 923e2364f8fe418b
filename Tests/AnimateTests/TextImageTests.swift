import Animate
import AnimateTestSupport
import Foundation
import Testing

@Suite struct TextImageTests {
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
        try canvas.writePNG(to: artifactDirectory().appendingPathComponent("text-and-photo.png"))
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

    @Test func advanceWidthsMatchFreeTypeMetrics() throws {
        // DejaVu Sans: 2048 units per em; 'H' advances 1540 units, 'i' 569 (from the font's hmtx table).
        let canvas = Bitmap(width: 10, height: 10)
        var measured: CGSize = .zero
        var copy = canvas
        copy.draw { context, _ in measured = context.resolve(Text("Hi").font(.custom("DejaVu Sans", size: 20.48))).size }
        #expect(abs(measured.width - (1540 + 569) / 100) < 0.01, "\(measured)")
        // Wrapping: the same text in a narrow box takes more lines, never wider than the box.
        copy.draw { context, _ in
            let text = context.resolve(Text("one two three four five six").font(.system(size: 20)))
            let wide = text.measure(in: CGSize(width: CGFloat.infinity, height: CGFloat.infinity))
            let narrow = text.measure(in: CGSize(width: 80, height: CGFloat.infinity))
            #expect(narrow.width <= 80 && narrow.height > wide.height * 2.5)
        }
    }

    @Test func missingGlyphsFallBackToAFontThatHasThem() throws {
        var withFallback = Bitmap(width: 200, height: 60)
        withFallback.draw { context, _ in
            // DejaVu Sans has no CJK: the fallback (WenQuanYi Micro Hei) must draw real glyphs, not boxes.
            context.draw(Text("你好").font(.custom("DejaVu Sans", size: 40)), at: CGPoint(x: 100, y: 30))
        }
        var cjk = Bitmap(width: 200, height: 60)
        cjk.draw { context, _ in context.draw(Text("你好").font(.custom("WenQuanYi Micro Hei", size: 40)), at: CGPoint(x: 100, y: 30)) }
        #expect(withFallback.rgba8() == cjk.rgba8())
        #expect(totalCoverage(cjk) > 300)
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

    @Test func badImageFilesRaiseErrorsNamingTheFile() throws {
        let dir = scratchDirectory()
        let truncated = dir.appendingPathComponent("truncated.png")
        var bytes = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 2654435761 >> 13) }
        let full = try bytes.withUnsafeBufferPointer { try PNGEncoder.encode(rgba: $0, width: 64, height: 64) }
        try Data(full.prefix(full.count / 2)).write(to: truncated)
        let text = dir.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: text)
        let empty = dir.appendingPathComponent("empty.jpg")
        try Data().write(to: empty)
        for (url, reason) in [(truncated, "corrupt or truncated"), (text, "not a PNG or JPEG"), (empty, "empty"),
                              (dir, "directory"), (dir.appendingPathComponent("missing.png"), "no such file")] {
            do {
                _ = try Image(contentsOf: url)
                Issue.record("\(url.lastPathComponent) decoded")
            } catch let error as ImageError {
                #expect(error.description.contains(url.path) && error.description.contains(reason), "\(error)")
            }
        }
        // A network-looking name is just a (missing) local file: FFmpeg never sees the path.
        #expect(throws: ImageError.self) { try Image(contentsOf: URL(fileURLWithPath: "http://example.com/a.png")) }
    }

    @Test func shrunkImagesAreAreaAveraged() throws {
        // A 1-pixel checkerboard shrunk 8x averages to mid-grey instead of aliasing to black or white.
        var rgba = [UInt8](repeating: 255, count: 256 * 256 * 4)
        for y in 0..<256 { for x in 0..<256 where (x + y) % 2 == 0 { for c in 0..<3 { rgba[(y * 256 + x) * 4 + c] = 0 } } }
        let image = Image(rgba: rgba, width: 256, height: 256)!
        var canvas = Bitmap(width: 32, height: 32)
        canvas.draw { context, _ in context.draw(image, in: CGRect(x: 0, y: 0, width: 32, height: 32)) }
        for y in 4..<28 { for x in 4..<28 {
            let p = canvas.premultipliedPixel(x: x, y: y)
            #expect(abs(Int(p.x) - 128) <= 2 && p.w == 255)
        } }
    }
}

/// Colour emoji from Noto Color Emoji: pictures in their own colours, scaled and transformed with the text.
@Suite struct EmojiTests {
    func draw(_ body: (inout GraphicsContext) -> Void) -> Bitmap {
        var canvas = Bitmap(width: 240, height: 80)
        canvas.clear(.white)
        canvas.draw { context, _ in body(&context) }
        return canvas
    }

    /// Pixels that are clearly coloured (not grey): emoji, never text in one colour.
    func colourful(_ canvas: Bitmap, in columns: Range<Int>) -> Int {
        var n = 0
        for y in 0..<canvas.height {
            for x in columns {
                let p = canvas.premultipliedPixel(x: x, y: y)
                if Int(p.x) - Int(p.z) > 80 && p.y > 120 { n += 1 }   // yellow-ish: red and green well above blue
            }
        }
        return n
    }

    @Test func emojiAreDrawnInTheirOwnColoursAtTheFontSize() {
        let canvas = draw { $0.draw(Text("Hi 🙂").font(.system(size: 40)).foregroundColor(.black), at: CGPoint(x: 120, y: 40)) }
        // The face is yellow, right of the black "Hi"; its size follows the font (about 40 pt tall).
        let yellow = colourful(canvas, in: 0..<240)
        #expect(yellow > 500, "yellow pixels: \(yellow)")
        var rows = Set<Int>()
        for y in 0..<80 { for x in 0..<240 { let p = canvas.premultipliedPixel(x: x, y: y); if Int(p.x) - Int(p.z) > 80 && p.y > 120 { rows.insert(y) } } }
        #expect((30...52).contains(rows.count), "emoji height \(rows.count) rows")
        // Twice the size: about four times the pixels.
        let big = draw { $0.draw(Text("🙂").font(.system(size: 60)), at: CGPoint(x: 120, y: 40)) }
        let small = draw { $0.draw(Text("🙂").font(.system(size: 30)), at: CGPoint(x: 120, y: 40)) }
        let ratio = Double(colourful(big, in: 0..<240)) / Double(max(1, colourful(small, in: 0..<240)))
        #expect(ratio > 3.3 && ratio < 4.7, "area ratio \(ratio)")
    }

    @Test func emojiPresentationPrefersColourAndSequencesShowTheirBase() {
        // DejaVu has an outline for U+1F600; shown as emoji by default, it comes from the colour font.
        let grin = draw { $0.draw(Text("😀").font(.system(size: 40)), at: CGPoint(x: 60, y: 40)) }
        #expect(colourful(grin, in: 0..<240) > 500)
        // A skin-tone sequence is one glyph of the colour font: as wide as its base emoji (no
        // separate swatch), in another colour.
        let toned = draw { $0.draw(Text("👍🏽!").font(.system(size: 40)), at: CGPoint(x: 60, y: 40), anchor: .leading) }
        let base = draw { $0.draw(Text("👍!").font(.system(size: 40)), at: CGPoint(x: 60, y: 40), anchor: .leading) }
        var sizes: [CGSize] = []
        var canvas = Bitmap(width: 8, height: 8)
        canvas.draw { c, _ in sizes = ["👍🏽!", "👍!"].map { c.resolve(Text($0).font(.system(size: 40))).size } }
        #expect(sizes[0] == sizes[1])
        #expect(toned.rgba8() != base.rgba8())
        #expect(colourful(toned, in: 0..<240) > 500)
    }

    @Test func emojiFollowTheTransformAndIgnoreTheTextColour() {
        let plain = draw { $0.draw(Text("🙂").font(.system(size: 40)).foregroundColor(.blue), at: CGPoint(x: 60, y: 40)) }
        let red = draw { $0.draw(Text("🙂").font(.system(size: 40)).foregroundColor(.red), at: CGPoint(x: 60, y: 40)) }
        #expect(plain.rgba8() == red.rgba8())
        let moved = draw { c in
            c.translateBy(x: 100, y: 0)
            c.draw(Text("🙂").font(.system(size: 40)), at: CGPoint(x: 60, y: 40))
        }
        #expect(colourful(moved, in: 0..<120) == 0 && colourful(moved, in: 120..<240) > 500)
    }
}
