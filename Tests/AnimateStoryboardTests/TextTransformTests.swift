import AnimateDrawing
import AnimateFormula
@testable import AnimateStoryboard
import AnimateTestSupport
import AnimateText
import AnimateTimeline
import Foundation
import Testing

/// Transforms between texts and formulas go glyph by glyph, as Manim's Transform between Tex
/// objects does: letters reshape into letters, never the whole line into one lump.
@Suite struct TextTransformTests {
    static func pixels(_ s: Storyboard, at t: Double, width: Int = 400, height: Int = 200) -> Bitmap {
        var canvas = Bitmap(width: width, height: height)
        canvas.draw { context, _ in s.draw(in: &context, at: t) }
        return canvas
    }

    @Test func aTextTransformMorphsEachGlyphIntoAPartner() throws {
        let font = Font.system(size: 40)
        var whole = CGRect.null
        let s = Storyboard(size: CGSize(width: 400, height: 200)) { s in
            let hello = s.add(Text("HELLO").font(font), at: CGPoint(x: 200, y: 100), visible: true)
            let hola = s.add(Text("HOLA").font(font), at: CGPoint(x: 200, y: 100))
            whole = s.frame(of: hello)
            s.play(.transform(hello, into: hola), duration: 1, easing: .linear)
        }
        #expect(s.morphs.count >= 5, "every glyph of either side in a morph: \(s.morphs.count)")
        for m in s.morphs {
            let from = m.morph.path(at: 0).boundingRect, to = m.morph.path(at: 1).boundingRect
            #expect(from.width < whole.width / 3 && to.width < whole.width / 3, "one glyph each, not the line: \(from) \(to)")
        }
        #expect(s.morphs.allSatisfy { $0.fill.from.opacity > 0 && $0.fill.to.opacity > 0 }, "with as many partners as needed, nothing fades")
        // The first frame is the first text, the last the second.
        let direct = { (text: String) -> [UInt8] in
            var canvas = Bitmap(width: 400, height: 200)
            canvas.draw { context, _ in context.draw(Text(text).font(font), at: CGPoint(x: 200, y: 100)) }
            return canvas.rgba8()
        }
        #expect(Self.pixels(s, at: 1).rgba8() == direct("HOLA"))
        let mid = totalCoverage(Self.pixels(s, at: 0.5)), start = totalCoverage(Self.pixels(s, at: 0)), end = totalCoverage(Self.pixels(s, at: 1))
        #expect(mid > min(start, end) * 0.7 && mid < max(start, end) * 1.3, "letters mid-way, not a blob or nothing: \(start) \(mid) \(end)")
    }

    /// Text-mode formulas pair their letters by what they show: swapping two words moves every
    /// letter, none fades.
    @Test func transformMatchingPairsTheLettersOfTextFormulas() {
        let s = Storyboard(size: CGSize(width: 400, height: 200)) { s in
            let a = s.add(Formula(text: "one two").font(.system(size: 40)), at: CGPoint(x: 200, y: 100), visible: true)
            let b = s.add(Formula(text: "two one").font(.system(size: 40)), at: CGPoint(x: 200, y: 100))
            s.play(.transformMatching(a, into: b), duration: 1)
        }
        #expect(s.morphs.count == 6, "each letter to its own: \(s.morphs.count)")
        #expect(s.morphs.allSatisfy { $0.fill.from.opacity > 0 && $0.fill.to.opacity > 0 }, "none fades")
    }

    /// The source of a matching transform is where its group put it, not where it was added.
    @Test func transformMatchingStartsWhereTheGroupMovedTheSource() {
        let s = Storyboard(size: CGSize(width: 400, height: 200)) { s in
            let a = s.add(Formula("x + y").font(.system(size: 40)), at: CGPoint(x: 100, y: 50), visible: true)
            let group = s.group([a])
            s.play(.shift(group, by: CGSize(width: 0, height: 100)), duration: 1)
            let b = s.add(Formula("y + x").font(.system(size: 40)), at: CGPoint(x: 300, y: 150))
            s.play(.transformMatching(a, into: b), duration: 1, easing: .linear)
        }
        func ink(_ canvas: Bitmap, rows: Range<Int>) -> Int {
            var n = 0
            for y in rows { for x in 0..<400 where canvas.premultipliedPixel(x: x, y: y).w > 0 { n += 1 } }
            return n
        }
        let justAfter = Self.pixels(s, at: 1.001)
        #expect(ink(justAfter, rows: 20..<80) == 0, "nothing left where the formula was added")
        #expect(ink(justAfter, rows: 120..<180) > 100, "it starts from where the group moved it")
    }
}
