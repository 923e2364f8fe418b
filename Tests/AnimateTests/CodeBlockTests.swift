import Animate
import AnimateTestSupport
import Foundation
import Testing

/// Code blocks lay out by columns (tabs to their stops, wide characters two columns), draw in
/// their theme, type character by character, and dim what is not highlighted.
@Suite struct CodeBlockTests {
    @Test func piecesSitOnTheirColumns() {
        let block = CodeBlock("\tx = 1\n  \ty = \"中a\"\n", language: .python, fontSize: 20)
        let l = block.layout
        #expect(l.lineCount == 3)
        let x = l.pieces.first { $0.text == "x" }!, y = l.pieces.first { $0.text == "y" }!
        #expect(x.position == CodePosition(line: 1, column: 5) && y.position == CodePosition(line: 2, column: 5), "tabs to the next stop of 4")
        #expect(abs(x.x - 4 * l.columnWidth) < 1e-9)
        let wide = l.pieces.first { $0.text.contains("中") }!
        #expect(wide.text == "\"中a\"" && wide.columns == 5 && wide.position.column == 9, "quotes one column each, the wide character two")
        // Texts of the pieces rebuild the lines (tabs as spaces).
        #expect(l.lines[0].map { l.pieces[$0].text }.joined() == "    x = 1")
        #expect(block.point(of: CodePosition(line: 2, column: 5)).x == block.padding + (CGFloat(String(l.lineCount).count + 2) * l.columnWidth) + 4 * l.columnWidth)
    }

    /// Coverage of the non-background pixels of a drawing.
    static func ink(_ block: CodeBlock) -> Int {
        var canvas = Canvas(width: Int(block.size.width.rounded(.up)), height: Int(block.size.height.rounded(.up)))
        canvas.draw { context, _ in context.draw(block, at: .zero) }
        let bg = canvas.premultipliedPixel(x: Int(block.size.width) / 2, y: 2)
        var count = 0
        for y in 0..<canvas.height { for x in 0..<canvas.width where canvas.premultipliedPixel(x: x, y: y) != bg { count += 1 } }
        return count
    }

    @Test func typingShowsCharactersInOrder() {
        var block = CodeBlock("let a = 1\nlet bb = \"two\"\n", language: .swift, fontSize: 18)
        block.showsLineNumbers = false
        var previous = -1
        for typed in [0, 1, 3, 6, 10, 14, 100] {
            block.typedCharacters = typed
            let ink = Self.ink(block)
            #expect(ink > previous, "more shows as more is typed (\(typed): \(ink))")
            previous = ink
        }
        block.typedCharacters = nil
        block.cursor = nil
        let full = Self.ink(block)
        block.typedCharacters = 100
        #expect(abs(Self.ink(block) - full) < 200, "all typed is the whole block (with its cursor)")
    }

    @Test func highlightsDimTheRest() {
        var block = CodeBlock("let a = 1\nlet b = 2\n", language: .swift, theme: .light, fontSize: 24)
        block.showsLineNumbers = false
        func darkest(_ line: Int) -> Int {
            var canvas = Canvas(width: Int(block.size.width.rounded(.up)), height: Int(block.size.height.rounded(.up)))
            canvas.draw { context, _ in context.draw(block, at: .zero) }
            let band = block.frame(ofLine: line)
            var least = 255
            for y in Int(band.minY)..<Int(band.maxY) { for x in 0..<canvas.width { least = min(least, Int(canvas.premultipliedPixel(x: x, y: y).x)) } }
            return least
        }
        let before = (darkest(1), darkest(2))
        block.highlights = [.lines(2...2)]
        let after = (darkest(1), darkest(2))
        #expect(after.0 > before.0 + 60, "line 1 dimmed: \(before.0) -> \(after.0)")
        #expect(abs(after.1 - before.1) < 10, "line 2 as it was")
        #expect(CodeTheme.dark.style(for: TokenKind("Literal.String.Double")).color == CodeTheme.dark.style(for: .string).color, "kinds fall back to their parents")
        #expect(CodeTheme.dark.style(for: TokenKind("Unknown.Kind")).color == CodeTheme.dark.foreground)
    }
}

extension CodeBlockTests {
    /// Focus moving from one line to another: the ends are the two highlights exactly, and half
    /// way each line is half lit.
    @Test func focusMovesBetweenHighlights() {
        var block = CodeBlock("let a = 1\nlet b = 2\n", language: .swift, theme: .light, fontSize: 24)
        block.showsLineNumbers = false
        func picture(_ b: CodeBlock) -> [UInt8] {
            var canvas = Canvas(width: Int(b.size.width.rounded(.up)), height: Int(b.size.height.rounded(.up)))
            canvas.draw { context, _ in context.draw(b, at: .zero) }
            return canvas.rgba8()
        }
        var first = block, second = block
        first.highlights = [.lines(1...1)]
        second.highlights = [.lines(2...2)]
        var moving = block
        moving.previousHighlights = [.lines(1...1)]
        moving.highlights = [.lines(2...2)]
        moving.highlightProgress = 0
        #expect(picture(moving) == picture(first))
        moving.highlightProgress = 1
        #expect(picture(moving) == picture(second))
        moving.highlightProgress = 0.5
        let half = picture(moving)
        #expect(half != picture(first) && half != picture(second))
    }
}

extension CodeBlockTests {
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
            var canvas = Canvas(width: 500, height: 300)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            return canvas.rgba8()
        }
        func drawn(_ body: (inout GraphicsContext) -> Void) -> [UInt8] {
            var canvas = Canvas(width: 500, height: 300)
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
}
