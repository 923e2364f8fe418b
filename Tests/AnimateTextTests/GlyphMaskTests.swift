import AnimateText
import AnimateTestSupport
@testable import AnimateText
import Foundation
import Testing
import AnimateDrawing

/// Text drawn from cached glyph masks: a mask is its glyph's outline at a quarter-pixel phase,
/// glyphs are summed before compositing, and the bytes do not depend on what the cache holds,
/// on the thread count or on what was drawn before.
@Suite struct GlyphMaskTests {
    /// One glyph whose pen lands on a quarter pixel: its mask gives the bytes of its outline
    /// filled there, at every phase.
    @Test(arguments: ["g", "Q", "ب", "क"])
    func aGlyphFromItsMaskIsItsOutline(_ letter: String) {
        let text = Text(letter).font(.system(size: 37)).foregroundColor(.indigo)
        let resolved = resolved(text)
        let unbounded = CGSize(width: CGFloat.infinity, height: .infinity)
        let path = resolved.path(in: unbounded)
        let pen = resolved.glyphs(in: unbounded)[0].origin
        for phase in 0..<16 {
            let dx = CGFloat(phase % 4) / 4, dy = CGFloat(phase / 4) / 4
            // The glyph's pen at (20 + dx, 50 + dy).
            let origin = CGPoint(x: 20 + dx - pen.x, y: 50 + dy - pen.y)
            var drawn = Bitmap(width: 100, height: 90)
            drawn.draw { c, _ in c.draw(resolved, at: origin, anchor: .topLeading) }
            var filled = Bitmap(width: 100, height: 90)
            filled.draw { c, _ in
                c.translateBy(x: origin.x, y: origin.y)
                c.fill(path, with: .color(.indigo))
            }
            #expect(drawn.rgba8() == filled.rgba8(), "\(letter) at phase \(dx), \(dy)")
        }
    }

    /// Translucent text is not darker where its glyphs overlap (a Devanagari headline, Arabic
    /// joins): glyphs are summed, then composited once.
    @Test func translucentGlyphsDoNotDarkenWhereTheyMeet() {
        for string in ["त्रिभुज के कोण एक सीधी रेखा", "زوايا المثلث تصنع خطًا مستقيمًا"] {
            var canvas = Bitmap(width: 420, height: 80)
            canvas.draw { c, _ in
                c.opacity = 0.5
                c.draw(Text(string).font(.system(size: 34)), at: CGPoint(x: 210, y: 40))
            }
            let rgba = canvas.rgba8()
            let alpha = Swift.stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] }
            #expect(alpha.max() == 128, "\(string): \(alpha.max() ?? 0)")
        }
    }

    /// The same frame whether the masks come from the cache or are made again, with one thread
    /// or several, drawn first or after other text: translucent, gradient-filled, clipped and
    /// blended text at fractional positions, wrapped, scaled and turned (outlines).
    @Test func masksGiveTheSameBytesWhateverTheCacheAndThreads() {
        func frame(threads: Int) -> [UInt8] {
            var canvas = Bitmap(width: 360, height: 240)
            canvas.drawingThreads = threads
            canvas.clear(.white)
            canvas.draw { c, size in
                c.draw(Text("Masks: the same bytes, \u{0915}\u{094D}\u{0937} and مثلث").font(.system(size: 19.3)), at: CGPoint(x: 180.3, y: 20.7))
                var faded = c
                faded.opacity = 0.6
                faded.blendMode = .multiply
                faded.draw(Text("Faded, multiplied").font(.system(size: 31)).foregroundColor(.red), at: CGPoint(x: 171.62, y: 60.13))
                var clipped = c
                clipped.clip(to: Path(ellipseIn: CGRect(x: 40, y: 80, width: 280, height: 70)))
                clipped.draw(Text("Clipped by an ellipse, in a gradient").font(.system(size: 24))
                    .foregroundStyle(LinearGradient(colors: [.blue, .orange], startPoint: .leading, endPoint: .trailing)),
                    in: CGRect(x: 20.5, y: 90.25, width: 320, height: 80))
                var scaled = c
                scaled.scaleBy(x: 1.5, y: 1.5)
                scaled.draw(Text("×1.5").font(.system(size: 14)), at: CGPoint(x: 40.1, y: 130))
                var turned = c
                turned.rotate(by: .degrees(4))
                turned.draw(Text("turned").font(.system(size: 20)), at: CGPoint(x: 250, y: 190))
            }
            return canvas.rgba8()
        }
        let first = frame(threads: 1)
        #expect(frame(threads: 1) == first)   // from the cache
        GlyphMaskCache.startAfresh()
        #expect(frame(threads: 3) == first)   // made again, on three threads
        #expect(frame(threads: 2) == first)
    }
}

extension GlyphMaskTests {
    /// A line in several colours is painted in one pass (its runs side by side, each in its own
    /// columns) and gives the bytes painting each run alone gives; runs that share a column (an
    /// italic overhang) are painted one by one, and give them too.
    @Test(arguments: [false, true])
    func aLineInSeveralColoursIsItsRunsPaintedAlone(italic: Bool) {
        let font = Font.system(size: 19, design: .monospaced)
        let words: [(String, Color)] = [("let ", .red), ("area", .blue), (" = ", .green), ("width", .orange), (" * ", .purple), ("height", .teal)]
        var line = Text(verbatim: "")
        for (w, c) in words { line = line + (italic && c == .blue ? Text(verbatim: w).font(font).italic() : Text(verbatim: w).font(font)).foregroundColor(c) }
        let origin = CGPoint(x: 13.3, y: 7.6)
        var whole = Bitmap(width: 320, height: 40), alone = Bitmap(width: 320, height: 40)
        var glyphs: [TextGlyph] = []
        whole.draw { c, _ in
            c.draw(line, at: origin, anchor: .topLeading)
            glyphs = c.resolve(line).glyphs(in: CGSize(width: CGFloat.infinity, height: .infinity))
        }
        alone.draw { c, _ in
            var start = 0
            for (w, color) in words {
                let run = italic && color == .blue ? Text(verbatim: w).font(font).italic() : Text(verbatim: w).font(font)
                // Each run drawn where its first glyph's pen stands in the line.
                let pen = glyphs[start].origin.x
                c.draw(run.foregroundColor(color), at: CGPoint(x: origin.x + pen, y: origin.y), anchor: .topLeading)
                start += w.count
            }
        }
        #expect(whole.rgba8() == alone.rgba8(), "the line's bytes equal its runs' (italic: \(italic))")
    }

    /// The same under a blend mode, under opacity and a clip, and with a run in a gradient: the
    /// line is painted through each run's own shading then, and still gives the runs' bytes.
    @Test(arguments: [1, 2, 3])
    func aLineInSeveralColoursUnderContextStateIsItsRunsPaintedAlone(state: Int) {
        let font = Font.system(size: 19, design: .monospaced)
        // One colour throughout: the gradient spans the line drawn whole and the run drawn alone alike.
        let gradient = LinearGradient(colors: [.blue, .blue], startPoint: .leading, endPoint: .trailing)
        let words: [(String, Color)] = [("let ", .red), ("area", .blue), (" = ", .green), ("width", .orange)]
        func styled(_ w: String, _ c: Color) -> Text {
            state == 3 && c == .blue ? Text(verbatim: w).font(font).foregroundStyle(gradient) : Text(verbatim: w).font(font).foregroundColor(c)
        }
        var line = Text(verbatim: "")
        for (w, c) in words { line = line + styled(w, c) }
        func prepare(_ c: inout GraphicsContext) {
            c.fill(Path(CGRect(x: 0, y: 0, width: 320, height: 40)), with: .color(Color(red: 0.3, green: 0.6, blue: 0.9)))
            if state == 1 { c.blendMode = .multiply }
            if state == 2 {
                c.opacity = 0.5
                c.clip(to: Path(CGRect(x: 0, y: 0, width: 90.5, height: 40)))
            }
        }
        let origin = CGPoint(x: 13.3, y: 7.6)
        var whole = Bitmap(width: 320, height: 40), alone = Bitmap(width: 320, height: 40)
        var glyphs: [TextGlyph] = []
        whole.draw { c, _ in
            prepare(&c)
            c.draw(line, at: origin, anchor: .topLeading)
            glyphs = c.resolve(line).glyphs(in: CGSize(width: CGFloat.infinity, height: .infinity))
        }
        alone.draw { c, _ in
            prepare(&c)
            var start = 0
            for (w, color) in words {
                let pen = glyphs[start].origin.x
                c.draw(styled(w, color), at: CGPoint(x: origin.x + pen, y: origin.y), anchor: .topLeading)
                start += w.count
            }
        }
        let same = whole.rgba8() == alone.rgba8()
        #expect(same, "the line's bytes equal its runs' (state \(state))")
    }
}
