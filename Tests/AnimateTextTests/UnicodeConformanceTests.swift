import AnimateText
import Foundation
import Testing

/// Unicode's own conformance files (Debian's `unicode-data`, installed by `scripts/setup --tests`)
/// run through the bidi levels and line breaks text layout uses.
@Suite struct UnicodeConformanceTests {
    static let folder = "/usr/share/unicode"

    /// The file's data lines (comments and blank lines dropped), with their line numbers.
    func lines(_ name: String) throws -> [(number: Int, text: Substring)] {
        let text = try String(contentsOfFile: "\(Self.folder)/\(name)", encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return data.trimmingCharacters(in: .whitespaces).isEmpty ? nil : (i + 1, data)
        }
    }

    /// Every line of BidiCharacterTest.txt: the paragraph level, each character's resolved level
    /// (those rule X9 removes excepted, as the file marks them `x`), and the visual order.
    @Test func bidiCharacterTest() throws {
        var failures: [String] = []
        let cases = try lines("BidiCharacterTest.txt")
        for (number, line) in cases {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            let scalars = fields[0].split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
            let direction: LayoutDirection? = fields[1] == "0" ? .leftToRight : fields[1] == "1" ? .rightToLeft : nil
            let expectedLevel = UInt8(fields[2])!
            let expectedLevels = fields[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
            let expectedOrder = fields[4].split(separator: " ").map { Int($0)! }
            var units: [UInt16] = []
            var firstUnit: [Int] = []
            for s in scalars {
                firstUnit.append(units.count)
                units += Array(String(Character(s)).utf16)
            }
            let (level, levels) = units.withUnsafeBufferPointer { buffer in
                let paragraph = BidiParagraph(buffer, direction: direction)
                return (paragraph.level, paragraph.lineLevels(0..<buffer.count))
            }
            let perScalar = firstUnit.map { levels[$0] }
            let kept = scalars.indices.filter { !BidiParagraph.isRemovedByX9(scalars[$0]) }
            let order = BidiParagraph.visualOrder(kept.map { perScalar[$0] }).map { kept[$0] }
            let levelsMatch = zip(expectedLevels, perScalar).allSatisfy { $0 == nil || $0 == $1 }
            let removedMatch = expectedLevels.indices.allSatisfy { (expectedLevels[$0] == nil) == BidiParagraph.isRemovedByX9(scalars[$0]) }
            if level != expectedLevel || !levelsMatch || !removedMatch || order != expectedOrder {
                failures.append("line \(number): level \(level) levels \(perScalar) order \(order); expected \(fields[2]) \(fields[3]) \(fields[4])")
            }
        }
        #expect(cases.count > 90_000)
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) lines differ, first: \(failures.prefix(5))")
    }

    /// Every line of auxiliary/LineBreakTest.txt: the offsets where a line may end. ICU tailors two
    /// rules, as UAX #14 allows, and the lines that differ only there are counted, not failed: a
    /// number may start with its separator (`.5`, `,0`: the numeric pattern of UAX #14's example 7
    /// for LB25), and a hyphen starting a word stays with it (`-a`: LB20a, in the rules since
    /// Unicode 15.1). Any other difference fails.
    @Test func lineBreakTest() throws {
        var failures: [String] = []
        var tailored = 0
        let text = try String(contentsOfFile: "\(Self.folder)/auxiliary/LineBreakTest.txt", encoding: .utf8)
        var count = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            guard let data = parts.first, !data.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            count += 1
            var units: [UInt16] = []
            var expected: [Int] = []
            var classAt: [Int: Substring] = [:]
            // Each character's line break class, as the comment names it ("AI_AL": AI resolved to AL).
            let classes = parts.count > 1 ? parts[1].split(separator: "(").dropFirst().compactMap { $0.split(separator: ")").first?.split(separator: "_").last } : []
            var characters = 0
            for token in data.split(whereSeparator: \.isWhitespace) {
                if token == "÷" { if !units.isEmpty { expected.append(units.count) } }
                else if token != "×", let value = UInt32(token, radix: 16) {
                    if characters < classes.count { classAt[units.count] = classes[characters] }
                    characters += 1
                    // A lone surrogate has no scalar; it is a code unit of its own.
                    units += Unicode.Scalar(value).map { Array(String(Character($0)).utf16) } ?? [UInt16(value)]
                }
            }
            let found = units.withUnsafeBufferPointer { LineBreaks($0).offsets }
            guard found != expected else { continue }
            // The classes on either side of an offset; combining marks take their base's (LB9).
            func before(_ offset: Int) -> Substring? {
                classAt.filter { $0.key < offset && $0.value != "CM" && $0.value != "ZWJ" }.max { $0.key < $1.key }?.value
            }
            func after(_ offset: Int) -> Substring? { classAt[offset] }
            let differing = Set(found).symmetricDifference(expected)
            let explained = differing.allSatisfy { o in
                (before(o) == "IS" && after(o) == "NU") || (after(o) == "IS" && classAt[o + 1] == "NU")
                    || (before(o) == "HY" && after(o) == "AL")
            }
            if explained { tailored += 1 } else { failures.append("line \(index + 1): \(found) expected \(expected)") }
        }
        #expect(count > 7_000)
        #expect(tailored < 40, "\(tailored) lines differ by ICU's tailoring")
        #expect(failures.isEmpty, "\(failures.count) of \(count) lines differ, first: \(failures.prefix(5))")
    }
}
