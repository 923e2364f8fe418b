import AnimateDrawing
import AnimateTestSupport
import AnimateText
import AnimateTimeline
import Foundation
import Testing

/// Paragraph options as SwiftUI's `Text` has them: line limits with truncation, shrinking to fit.
@Suite struct ParagraphTests {
    static let prose = "A regular polygon has equal sides and equal angles. Draw its vertices on a circle, then join each to the next."

    /// A line limit keeps that many lines; the last ends with an ellipsis and still fits.
    @Test func lineLimitTruncatesTheLastLineWithAnEllipsis() {
        let box = CGSize(width: 300, height: 1000)
        let all = resolved(Text(Self.prose).font(.system(size: 20)))
        let two = resolved(Text(Self.prose).font(.system(size: 20)).lineLimit(2))
        let lines = Set(all.glyphs(in: box).map(\.line)), kept = two.glyphs(in: box)
        #expect(lines.count > 2 && Set(kept.map(\.line)) == [0, 1])
        #expect(two.measure(in: box).height < all.measure(in: box).height)
        #expect(two.measure(in: box).width <= box.width)
        // The ellipsis stands for everything left out, to the end of the paragraph.
        let string = two.string
        let last = kept.last!
        #expect(string[last.range.lowerBound...].count > 20 && last.range.upperBound == string.endIndex)
        #expect(kept.filter { $0.line == 1 }.dropLast().allSatisfy { !string[$0.range].isEmpty })
    }

    /// Head and middle truncation keep the line's end, or both ends.
    @Test(arguments: [Text.TruncationMode.head, .middle, .tail])
    func truncationModesKeepTheirEnds(mode: Text.TruncationMode) {
        let text = resolved(Text("Begin here, then a long middle part that cannot fit, and the end").font(.system(size: 20))
            .lineLimit(1).truncationMode(mode))
        let box = CGSize(width: 260, height: 100)
        let glyphs = text.glyphs(in: box)
        let string = text.string
        let shown = glyphs.map { String(string[$0.range]) }
        #expect(text.measure(in: box).width <= box.width)
        switch mode {
        case .head: #expect(shown.last == "d" && shown.first != "B")
        case .middle: #expect(shown.first == "B" && shown.last == "d")
        case .tail: #expect(shown.first == "B" && shown.last != "d")
        }
        #expect(Set(glyphs.map(\.line)) == [0])
    }

    /// A minimum scale factor shrinks the text until its lines fit the box's height, no further.
    @Test func minimumScaleFactorShrinksToFit() {
        let box = CGSize(width: 300, height: 90)
        let plain = resolved(Text(Self.prose).font(.system(size: 24)))
        let shrinking = resolved(Text(Self.prose).font(.system(size: 24)).minimumScaleFactor(0.3))
        #expect(plain.measure(in: box).height > box.height)
        let fitted = shrinking.measure(in: box)
        #expect(fitted.height <= box.height && fitted.height > box.height * 0.7, "\(fitted)")
        // Text that fits keeps its size.
        let short = Text("Short").font(.system(size: 24))
        #expect(resolved(short.minimumScaleFactor(0.3)).measure(in: box) == resolved(short).measure(in: box))
        // Drawn in the box, the shrunk text stays inside it.
        var canvas = Bitmap(width: 340, height: 140)
        canvas.draw { c, _ in c.draw(Text(Self.prose).font(.system(size: 24)).minimumScaleFactor(0.3), in: CGRect(x: 20, y: 20, width: 300, height: 90)) }
        let rgba = canvas.rgba8()
        let inkBelow = (112..<140).contains { y in (0..<340).contains { x in rgba[(y * 340 + x) * 4 + 3] > 0 } }
        #expect(!inkBelow)
    }

    /// A long paragraph is laid out with work in proportion to its length: it is shaped about
    /// twice (once whole, once line by line), however many lines and break opportunities it has.
    /// Every line fits the box, none is empty, and the lines hold every character in order.
    @Test(arguments: [("words", 8_000), ("letters", 20_000), ("thai", 3_000)])
    func longParagraphsAreLaidOutInLinearWork(kind: String, count: Int) {
        var random = RandomSource(seed: 7)
        let words = ["geometry", "angle", "مثلث", "זווית", "त्रिभुज", "👩🏽‍🏫", "x²+y²", "«side»", "don't", "—"]
        let string: String
        switch kind {
        case "words": string = (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        case "letters": string = String(repeating: "abcdefghij", count: count / 10)
        default: string = String(repeating: "สวัสดีครับเรามาเรียนเรขาคณิต", count: count / 28)
        }
        let text = resolved(Text(string).font(.system(size: 18)))
        let box = CGSize(width: 600, height: CGFloat.infinity)
        let counter = Shaper.Count()
        let glyphs = Shaper.$count.withValue(counter) { text.glyphs(in: box) }
        let units = string.utf16.count
        #expect(counter.units <= 3 * units, "\(counter.units) code units shaped for \(units)")
        let lines = Dictionary(grouping: glyphs, by: \.line)
        #expect(lines.count > units / 200 && lines.count < units / 10, "\(lines.count) lines")
        for (_, line) in lines {
            let ink = line.filter { !$0.path.isEmpty || $0.picture != nil }.reduce(CGRect.null) { $0.union($1.bounds) }
            #expect(ink.minX >= -1 && ink.maxX <= box.width + 1, "\(ink)")
        }
        // Logical order: each line's characters follow the previous line's.
        let starts = (0..<lines.count).map { i in lines[i]!.map(\.range.lowerBound).min()! }
        #expect(starts == starts.sorted() && Set(starts).count == starts.count)
        #expect(glyphs.map(\.range.upperBound).max() == string.endIndex)
    }

    /// The options drawn side by side (written to the artifacts folder to be looked at).
    @Test func optionsCard() throws {
        var canvas = Bitmap(width: 900, height: 420)
        canvas.draw { c, size in
            c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            let frames = [CGRect(x: 20, y: 20, width: 400, height: 120), CGRect(x: 480, y: 20, width: 400, height: 120)]
            for f in frames { c.stroke(Path(f), with: .color(.gray), lineWidth: 1) }
            c.draw(Text(Self.prose).font(.system(size: 22)).lineLimit(2), in: frames[0])
            c.draw(Text(Self.prose).font(.system(size: 22)).minimumScaleFactor(0.3), in: frames[1])
            for (i, mode) in [Text.TruncationMode.head, .middle, .tail].enumerated() {
                let f = CGRect(x: 20, y: 180 + CGFloat(i) * 70, width: 400, height: 40)
                c.stroke(Path(f), with: .color(.gray), lineWidth: 1)
                c.draw(Text("Begin here, then a long middle part that cannot fit, and the end").font(.system(size: 22))
                    .lineLimit(1).truncationMode(mode), in: f)
                c.draw(Text("مرحبا بكم في درس الهندسة اليوم حيث نتعلم الزوايا والمثلثات").font(.system(size: 22))
                    .lineLimit(1).truncationMode(mode), in: f.offsetBy(dx: 460, dy: 0))
            }
        }
        try canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("paragraph-options.png"))
    }
}
