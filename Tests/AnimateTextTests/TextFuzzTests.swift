import AnimateDrawing
import AnimateTestSupport
import AnimateText
import AnimateTimeline
import Foundation
import Testing

/// Text layout driven with random strings from every class of character that changes it: scripts
/// in both directions, combining marks in long stacks, bidi controls and isolates, joiners and
/// variation selectors, emoji pieces, line and paragraph separators, tabs, private use and
/// unassigned code points, noncharacters. Nothing traps; sizes are finite; every character
/// belongs to a glyph; a line limit and a box are honoured.
@Suite struct TextFuzzTests {
    static let pools: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x591...0x5F4, 0x600...0x6FF,
        0x900...0x97F, 0x980...0x9FF, 0xB80...0xBFF, 0xE00...0xE7F, 0x1100...0x11FF, 0x200B...0x200F, 0x2028...0x202E,
        0x2066...0x2069, 0x3000...0x30FF, 0x4E00...0x4E80, 0xAC00...0xAC80, 0xE000...0xE010, 0xFDD0...0xFDEF,
        0xFE00...0xFE0F, 0xFFF0...0xFFFD, 0x1F1E6...0x1F1FF, 0x1F300...0x1F6FF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F,
        0x10FFF0...0x10FFFD, 0x0A...0x0D, 0x09...0x09,
    ]

    static func randomString(_ random: inout RandomSource) -> String {
        var scalars = String.UnicodeScalarView()
        let length = random.integer(in: 0...(random.chance(0.1) ? 400 : 40))
        var pool = pools[random.integer(in: 0...(pools.count - 1))]
        for _ in 0..<length {
            if random.chance(0.2) { pool = pools[random.integer(in: 0...(pools.count - 1))] }
            let value = UInt32(random.integer(in: Int(pool.lowerBound)...Int(pool.upperBound)))
            if let s = Unicode.Scalar(value) { scalars.append(s) }
        }
        return String(scalars)
    }

    @Test(arguments: 0..<4)
    func randomTextLaysOutAndDraws(slice: Int) {
        var random = RandomSource(seed: 0x7E47 &+ UInt64(slice))
        var canvas = Bitmap(width: 320, height: 200)
        for _ in 0..<100 {
            let string = Self.randomString(&random)
            var text = Text(string).font(.system(size: random.uniform(4...60)))
            if random.chance(0.3) { text = text.lineLimit(random.integer(in: 1...3)).truncationMode([.head, .middle, .tail][random.integer(in: 0...2)]) }
            if random.chance(0.3) { text = text.minimumScaleFactor(random.uniform(0.1...1)) }
            if random.chance(0.2) { text = text.layoutDirection(random.chance(0.5) ? .rightToLeft : .leftToRight) }
            if random.chance(0.2) { text = text.kerning(random.uniform(-5...5)) }
            let box = CGSize(width: random.chance(0.2) ? CGFloat.infinity : random.uniform(1...400), height: random.uniform(5...300))
            canvas.draw { context, size in
                let resolved = context.resolve(text)
                let measured = resolved.measure(in: box)
                #expect(measured.width.isFinite && measured.height.isFinite && measured.width >= 0 && measured.height >= 0, "\(measured) \(box) \(string.unicodeScalars.map { String($0.value, radix: 16) })")
                let glyphs = resolved.glyphs(in: box)
                let full = resolved.string
                for g in glyphs {
                    #expect(g.range.lowerBound >= full.startIndex && g.range.upperBound <= full.endIndex && g.origin.x.isFinite)
                }
                if let limit = text.lineLimitForTesting { #expect(Set(glyphs.map(\.line)).count <= limit) }
                context.draw(text, in: CGRect(origin: .zero, size: CGSize(width: min(box.width, 1000), height: box.height)))
                context.draw(text, at: CGPoint(x: size.width / 2, y: size.height / 2))
            }
        }
    }
}

extension Text {
    /// The line limit, read back for the checks above.
    var lineLimitForTesting: Int? { Mirror(reflecting: self).children.first { $0.label == "lineLimit" }?.value as? Int }
}
