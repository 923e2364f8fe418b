import AnimateCode
import AnimateLexers
import AnimateFormula
import AnimateRender
import AnimateTestSupport
import AnimateTimeline
import Foundation
import Testing
import AnimateText

/// The parsers and layouts users feed grow linearly with their input: four times the input costs
/// about four times the processor time (quadratic work would cost sixteen). The inputs are the
/// shapes that once were quadratic: one long row of a formula, a long `\mathrm` or
/// `\operatorname`, a matrix of many columns, and a long file of code on one line or many, in
/// every language.
@Suite(.serialized) struct LinearityTests {
    /// At most this ratio for four times the input: linear with room for noise, far under quadratic.
    static let bound = 8.0

    @Test(arguments: [("row", "x"), ("mathrm", #"\mathrm{"#), ("operatorname", #"\operatorname{"#), ("matrix", #"\begin{matrix}"#),
                      ("sum", "a_1+")])
    func formulasAreLinearInTheirLength(name: String, opening: String) throws {
        func tex(_ n: Int) -> String {
            switch name {
            case "row": String(repeating: "x", count: n)
            case "mathrm", "operatorname": opening + String(repeating: "x", count: n) + "}"
            case "matrix": opening + Array(repeating: "x", count: n / 4).joined(separator: " & ") + #"\end{matrix}"#
            default: String(repeating: opening, count: n / 4)
            }
        }
        // Every run at a size of its own: laid out anew, not found in the layout cache.
        var run = 0
        let growth = try growthOfFour(6_000) { n in
            run += 1
            let resolved = try Formula(tex(n)).font(.custom("Latin Modern Math", size: 20 + CGFloat(run))).resolved()
            #expect(resolved.size.width > 0)
        }
        #expect(growth < Self.bound, "\(name): four times the input cost \(String(format: "%.1f", growth)) times the time")
    }

    @Test(arguments: Language.allCases)
    func lexingAndTokenLinesAreLinearInTheSourcesLength(language: Language) throws {
        let fragments = ["let x = \"a\\\"b\"; // c\n", "/* d */", "'e'", "`f ${g}`", "#h\n", "0x1F 1e9 .5", "\t", "\r\n", "é",
                         "<a href='x'>", "key: [1, 2]\n", "SELECT * FROM t;", "fn main() { return (a - b) / c / d; }", "{", "(", "\\"]
        var generator = RandomSource(seed: 17)
        let unit = (0..<400).map { _ in fragments.randomElement(using: &generator)! }.joined()
        for oneLine in [false, true] {
            let text = oneLine ? unit.replacingOccurrences(of: "\n", with: " ") : unit
            let growth = growthOfFour(64 << 10, runs: 2) { n in
                let source = String(repeating: text, count: n / text.utf8.count + 1)
                let lines = CodeBlock.tokenLines(CodeSource(bytes: Array(source.utf8)), language: language)
                #expect(!lines.isEmpty)
            }
            #expect(growth < Self.bound, "\(language.rawValue)\(oneLine ? " on one line" : ""): four times the input cost \(String(format: "%.1f", growth)) times the time")
        }
    }
}
