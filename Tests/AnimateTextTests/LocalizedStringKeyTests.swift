import AnimateDrawing
@testable import AnimateText
import Foundation
import Testing

/// `Text("...")` as SwiftUI reads it: inline Markdown in the literal, interpolations with
/// specifiers, formats, dates, styled text and system symbols; the Markdown reader fuzzed.
@Suite struct LocalizedStringKeyTests {
    /// Each run's string and style, in order.
    static func runs(_ text: Text) -> [String] {
        text.runs.map { run in
            var marks = ""
            if run.bold { marks += "B" }
            if run.italic { marks += "I" }
            if run.design == .monospaced { marks += "C" }
            if run.strikethrough != nil { marks += "S" }
            if run.color == .accentColor { marks += "L" }
            if run.family != nil { marks += "Y" }
            return marks.isEmpty ? run.string : "\(marks):\(run.string)"
        }
    }

    @Test func markdownInTheLiteralIsStyled() {
        #expect(Self.runs(Text("Plain **bold** and *italic* and `x + y` and ~~gone~~.")) ==
                ["Plain ", "B:bold", " and ", "I:italic", " and ", "C:x + y", " and ", "S:gone", "."])
        #expect(Self.runs(Text("***both*** __under__ _it_")) == ["BI:both", " ", "B:under", " ", "I:it"])
        #expect(Self.runs(Text("See [the docs](https://example.com) now")) == ["See ", "L:the docs", " now"])
        // Marks that do not close, inside words, after spaces or escaped stay as they are.
        #expect(Self.runs(Text("2 * 3 = 6, snake_case_name, a * b *c, \\*not\\*, **open")) ==
                ["2 * 3 = 6, snake_case_name, a * b *c, *not*, **open"])
        #expect(Self.runs(Text("`**not bold**`")) == ["C:**not bold**"])
    }

    @Test func interpolationsAreWrittenAsSwiftUIWritesThem() {
        let value = 3.14159, count = 7
        #expect(Text("π ≈ \(value, specifier: "%.2f")").string == "π ≈ 3.14")
        #expect(Text("\(count, specifier: "%03d") items").string == "007 items")
        #expect(Text("\(count) **items**").runs.map(\.string) == ["7 ", "items"])
        // Pieces styled alike are one run (shaped as one).
        #expect(Text("\(count) sides").runs.map(\.string) == ["7 sides"])
        // Interpolated strings are not read as Markdown.
        let name = "**Ada**"
        #expect(Text("Hi \(name)").string == "Hi **Ada**")
        #expect(Text("\(0.25, format: .percent)").string == "25%")
        #expect(Text("At \(Date(timeIntervalSinceReferenceDate: 3600), style: .time)").string == "At 1:00 AM")
        let styled = Text("x").foregroundColor(.red)
        #expect(Text("a \(styled) b").runs.map(\.color) == [nil, .red, nil])
        // A variable string is shown as it is.
        let raw = "*raw*"
        #expect(Text(raw).string == "*raw*")
    }

    @Test func aSymbolSitsInTheLineAsAGlyphOfTheIconFont() throws {
        let text = Text("\(Image(systemName: "star.fill")) 4.8").font(.system(size: 40))
        #expect(Self.runs(text) == ["Y:star", " 4.8"])
        let layout = TextLayout(text, maxWidth: nil)
        let line = try #require(layout.lines.first)
        // One glyph for the symbol (its ligature), then the digits.
        let symbolGlyphs = line.glyphs.filter { $0.run == 0 }
        #expect(symbolGlyphs.count == 1)
        var bitmap = Bitmap(width: 200, height: 60)
        bitmap.clear(.white)
        bitmap.draw { context, _ in context.draw(text, at: CGPoint(x: 100, y: 30)) }
        // The star is ink at the line's start.
        let inked = (0..<60).contains { y in (0..<70).contains { bitmap.premultipliedPixel(x: $0, y: y).x < 80 } }
        #expect(inked)
    }

    /// Any string of Markdown's marks and words: no crash, and the runs' text is the literal less
    /// some marks (never a character it did not have, never more of them).
    @Test func theMarkdownReaderTakesAnyLiteral() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["*", "_", "`", "~", "[", "]", "(", ")", "\\", " ", "a", "b", "1", "é", "\n"]
        for _ in 0..<3000 {
            let length = Int.random(in: 0...24, using: &generator)
            let literal = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let text = Text(LocalizedStringKey(literal))
            let shown = text.string
            var remaining = literal
            for c in shown {
                guard let at = remaining.firstIndex(of: c) else {
                    Issue.record("\(literal.debugDescription) shows \(shown.debugDescription)")
                    break
                }
                remaining.removeSubrange(remaining.startIndex...at)
            }
            let letters = literal.filter { $0.isLetter || $0.isNumber }
            let kept = shown.filter { $0.isLetter || $0.isNumber }
            // Words are never lost but inside a link's address.
            if !literal.contains("(") { #expect(kept == letters, "\(literal.debugDescription)") }
        }
    }
}
