import AnimateDrawing
import AnimateTestSupport
import AnimateText
import AnimateVideo
import Foundation
import Testing

@Suite struct FontAndEmojiTests {
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
