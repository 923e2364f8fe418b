import AnimateDrawing
import AnimateTestSupport
import AnimateText
import Foundation
import Testing

/// Text as shapes: a resolved text's glyphs, their outlines and characters, and the whole text's path.
@Suite struct TextGlyphTests {
    /// Filling the text's path with its colour draws the text: the same bytes when the glyphs
    /// are drawn as outlines (a turned context), and within the placement of cached glyph masks
    /// (a quarter pixel) when they are drawn from masks, wrapped or not, in several scripts and
    /// alignments.
    @Test(arguments: ["Outline and draw: the same pixels.", "زوايا المثلث تصنع خطًا مستقيمًا", "त्रिभुज के कोण एक सीधी रेखा",
                      "Wrapped lines of a paragraph that is longer than its box, centred."])
    func fillingThePathDrawsTheText(string: String) {
        let text = Text(string).font(.system(size: 30)).foregroundColor(.indigo).multilineTextAlignment(.center)
        let box = CGRect(x: 20, y: 15, width: 360, height: 200)
        let path = resolved(text).path(in: box.size)
        #expect(!path.isEmpty)
        for turn in [0.0, 0.05] {
            var drawn = Bitmap(width: 400, height: 240)
            drawn.draw { c, _ in
                c.rotate(by: .radians(turn))
                c.draw(text, in: box)
            }
            var filled = Bitmap(width: 400, height: 240)
            filled.draw { c, _ in
                c.rotate(by: .radians(turn))
                c.translateBy(x: box.minX, y: box.minY)
                c.fill(path, with: .color(.indigo))
            }
            let a = drawn.rgba8(), b = filled.rgba8()
            if turn != 0 {
                #expect(a == b, "\(string)")
                continue
            }
            // From masks: each glyph moves by at most an eighth of a pixel each way.
            var total = 0, worst = 0, inkA = 0, inkB = 0
            for i in Swift.stride(from: 3, to: a.count, by: 4) {
                let d = abs(Int(a[i]) - Int(b[i]))
                total += d; worst = max(worst, d); inkA += Int(a[i]); inkB += Int(b[i])
            }
            // A glyph moved an eighth of a pixel changes an edge pixel by at most 32 levels; where
            // glyphs meet, masks add where outlines unite.
            #expect(Double(total) / Double(a.count / 4) < 1.5 && worst <= 80, "\(string): \(total) \(worst)")
            #expect(abs(inkA - inkB) * 100 < inkB, "\(string): \(inkA) vs \(inkB)")
        }
    }

    /// Glyphs name the characters they show: every character of the string belongs to some
    /// glyph, in order along a left-to-right line; a conjunct's glyphs share their cluster.
    @Test func glyphsCoverTheirCharacters() {
        let text = resolved(Text("Ligature ffi, क्षि and 👍🏽!").font(.system(size: 24)))
        let glyphs = text.glyphs(in: CGSize(width: CGFloat.infinity, height: .infinity))
        let string = text.string
        var covered = Set<Int>()
        for g in glyphs { covered.formUnion(g.range.lowerBound.utf16Offset(in: string)..<g.range.upperBound.utf16Offset(in: string)) }
        #expect(covered == Set(0..<string.utf16.count))
        // Left to right: pen positions grow.
        #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.origin.x <= $1.origin.x })
        // The ligature is one glyph for three letters.
        #expect(glyphs.contains { string[$0.range] == "ffi" })
        // The emoji is a picture, one glyph for the whole sequence.
        #expect(glyphs.filter { $0.picture != nil }.map { String(string[$0.range]) } == ["👍🏽"])
        // Ink inside the line box, below the top and around the baseline.
        let ink = text.inkBounds(in: CGSize(width: CGFloat.infinity, height: .infinity))
        let size = text.size
        #expect(ink.minX >= 0 && ink.maxX <= size.width + 1 && ink.minY > 0 && ink.maxY <= size.height)
        #expect(text.firstBaseline(in: size) > ink.minY && text.firstBaseline(in: size) < ink.maxY)
    }

    /// Wrapped glyphs carry their line; lines start at the box's leading edge.
    @Test func wrappedGlyphsKnowTheirLine() {
        let text = resolved(Text("one two three four five six seven eight nine ten").font(.system(size: 20)))
        let glyphs = text.glyphs(in: CGSize(width: 120, height: 400))
        let lines = Set(glyphs.map(\.line))
        #expect(lines.count >= 3)
        for line in lines {
            let first = glyphs.first { $0.line == line }!
            #expect(first.origin.x == 0)
        }
        #expect(text.lastBaseline(in: CGSize(width: 120, height: 400)) > text.firstBaseline(in: CGSize(width: 120, height: 400)))
    }
}
