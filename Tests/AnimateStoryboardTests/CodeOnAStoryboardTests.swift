import AnimateCode
import AnimateLexers
import AnimateDrawing
import AnimateStoryboard
import AnimateTestSupport
import Foundation
import Testing
import AnimateTimeline

@Suite struct CodeOnAStoryboardTests {
    /// Code on a storyboard: typed out by `.typewriter`, edited by `.transform` into its next
    /// version (the frame half way is the code transition half way), then the new version itself.
    @Test func codeOnAStoryboard() {
        let old = CodeBlock("let n = 5\n", language: .swift, fontSize: 24), new = CodeBlock("let n = 8\nlet m = n * 2\n", language: .swift, fontSize: 24)
        let corner = CGPoint(x: 20, y: 20)
        let s = Storyboard(size: CGSize(width: 500, height: 300)) { s in
            let a = s.add(old, at: corner + CGPoint(x: old.size.width / 2, y: old.size.height / 2))
            let b = s.add(new, at: corner + CGPoint(x: new.size.width / 2, y: new.size.height / 2))
            s.play(.typewriter(a), duration: 1, easing: .linear)
            s.play(.transform(a, into: b), duration: 1, easing: .linear)
        }
        func picture(_ t: Double) -> [UInt8] {
            var canvas = Bitmap(width: 500, height: 300)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            return canvas.rgba8()
        }
        func drawn(_ body: (inout GraphicsContext) -> Void) -> [UInt8] {
            var canvas = Bitmap(width: 500, height: 300)
            canvas.draw { context, _ in body(&context) }
            return canvas.rgba8()
        }
        var typed = old
        typed.typedCharacters = Int((Double(old.layout.characterCount) * 0.5).rounded(.down))
        #expect(picture(0.5) == drawn { $0.draw(typed, at: corner) }, "half typed")
        #expect(picture(0.999) != picture(0.5))
        let transition = CodeTransition(from: old, to: new)
        #expect(picture(1.5) == drawn { $0.draw(transition, at: corner, progress: 0.5) }, "the edit half way")
        #expect(picture(2.5) == drawn { $0.draw(new, at: corner) }, "then the new code itself")
    }

    /// `.write` on code: the background first, then the glyphs drawn on and filled in reading
    /// order; written, the block itself.
    @Test func codeIsWrittenGlyphByGlyph() {
        let code = CodeBlock("let n = 5\nprint(n * n)\n", language: .swift, fontSize: 24)
        let corner = CGPoint(x: 10, y: 10)
        let s = Storyboard(size: CGSize(width: 400, height: 200)) { s in
            let a = s.add(code, at: corner + CGPoint(x: code.size.width / 2, y: code.size.height / 2))
            s.play(.write(a), duration: 2, easing: .linear)
        }
        func canvas(_ t: Double) -> Bitmap {
            var canvas = Bitmap(width: 400, height: 200)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            return canvas
        }
        func picture(_ t: Double) -> [UInt8] { canvas(t).rgba8() }
        func drawn(_ block: CodeBlock) -> [UInt8] {
            var canvas = Bitmap(width: 400, height: 200)
            canvas.draw { context, _ in context.draw(block, at: corner) }
            return canvas.rgba8()
        }
        var empty = code
        empty.typedCharacters = 0
        let background = drawn(empty), whole = drawn(code)
        #expect(picture(0) == background, "at the start, the background alone")
        #expect(picture(2) == whole, "written: the block")
        let half = picture(1)
        #expect(half != background && half != whole)
        // The first line is (mostly) written by half time, the last glyphs not yet.
        let bottom = code.frame(ofLine: 2).offsetBy(dx: corner.x, dy: corner.y)
        func inkBelow(_ p: [UInt8]) -> Int {
            var n = 0
            for y in Int(bottom.minY)..<Int(bottom.maxY) { for x in Int(bottom.minX)..<Int(bottom.maxX) where p[(y * 400 + x) * 4] != background[(y * 400 + x) * 4] { n += 1 } }
            return n
        }
        #expect(inkBelow(picture(0.5)) == 0 && inkBelow(picture(1.9)) > 0)
        try? canvas(1.2).writeTestPNG(to: artifactDirectory().appendingPathComponent("code-written.png"))
    }
}
