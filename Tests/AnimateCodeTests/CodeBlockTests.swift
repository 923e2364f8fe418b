import AnimateCode
import AnimateLexers
import AnimateTestSupport
import Foundation
import Testing
import AnimateDrawing

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
        var canvas = Bitmap(width: Int(block.size.width.rounded(.up)), height: Int(block.size.height.rounded(.up)))
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
            var canvas = Bitmap(width: Int(block.size.width.rounded(.up)), height: Int(block.size.height.rounded(.up)))
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
            var canvas = Bitmap(width: Int(b.size.width.rounded(.up)), height: Int(b.size.height.rounded(.up)))
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
}

extension CodeBlockTests {
    /// A block's glyphs, filled in their colours, give the picture drawing the block gives (the
    /// drawing uses glyph masks, within an eighth of a pixel of the outlines); line numbers come
    /// first on their line; each glyph lies in its piece's frame.
    @Test func glyphsAreWhatIsDrawn() {
        var block = CodeBlock("func area(r: Double) -> Double {\n    return .pi * r * r // πr²\n}\n", language: .swift, fontSize: 24)
        block.showsBackground = false
        let w = Int(block.size.width.rounded(.up)), h = Int(block.size.height.rounded(.up))
        func picture(_ body: (inout GraphicsContext) -> Void) -> [UInt8] {
            var canvas = Bitmap(width: w, height: h)
            canvas.draw { context, _ in context.fill(Path(CGRect(x: 0, y: 0, width: w, height: h)), with: .color(.white)); body(&context) }
            return canvas.rgba8()
        }
        let drawn = picture { $0.draw(block, at: .zero) }
        let glyphs = block.glyphs(includingLineNumbers: true)
        let filled = picture { c in for g in glyphs { c.fill(g.path, with: .color(g.color)) } }
        var far = 0, inkDrawn = 0, inkFilled = 0
        for i in stride(from: 0, to: drawn.count, by: 4) {
            let a = Int(drawn[i]) + Int(drawn[i + 1]) + Int(drawn[i + 2]), b = Int(filled[i]) + Int(filled[i + 1]) + Int(filled[i + 2])
            if abs(a - b) > 3 * 96 { far += 1 }
            inkDrawn += 765 - a; inkFilled += 765 - b
        }
        #expect(inkDrawn > 0 && abs(inkDrawn - inkFilled) * 50 < inkDrawn, "the same ink within 2% (\(inkDrawn) against \(inkFilled))")
        #expect(far * 2_000 < w * h, "\(far) pixels differ by more than 96 levels")
        // Reading order: line by line, each line's number before its code.
        let numbers = glyphs.filter { $0.piece == nil }
        #expect(numbers.map(\.position.line) == Array(1...block.layout.lineCount), "\(numbers.map(\.position.line))")
        let lines = glyphs.map(\.position.line)
        #expect(lines == lines.sorted())
        #expect(glyphs.filter { $0.piece != nil }.count == block.source.filter { !$0.isWhitespace }.count, "one glyph per visible character")
        for g in glyphs {
            guard let k = g.piece else { continue }
            let frame = block.frame(ofPiece: k).insetBy(dx: -1, dy: -1)
            #expect(frame.contains(CGPoint(x: g.path.boundingRect.midX, y: g.path.boundingRect.midY)), "\(block.layout.pieces[k].text)'s glyph in its frame")
        }
        // Frames of a range: one per line it covers, as wide as its characters there.
        let l = block.layout
        let boxes = block.frames(from: CodePosition(line: 1, column: 6), to: CodePosition(line: 2, column: 11))
        #expect(boxes.count == 2)
        #expect(abs(boxes[0].width - CGFloat(l.lines[0].reduce(0) { $0 + l.pieces[$1].columns } - 5) * l.columnWidth) < 1e-6)
        #expect(abs(boxes[1].width - 10 * l.columnWidth) < 1e-6 && boxes[1].minY == boxes[0].maxY)
        var windowed = block
        windowed.visibleLines = 2...2
        #expect(windowed.frame(ofPiece: l.lines[0].first!) == .null && windowed.glyphs().allSatisfy { $0.position.line == 2 })
    }

}
