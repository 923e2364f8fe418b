import AnimateFormula
import AnimateTimeline
import AnimateTestSupport
import Foundation
import Testing
import AnimateText

/// Mangled TeX from every class of mistake (cut, doubled, unbalanced, random commands and
/// characters, deep nesting, huge repeats): each ends in a picture or one line naming a column,
/// never a trap.
@Suite struct FormulaFuzzTests {
    static let seeds = [
        #"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}"#, #"\sum_{n=1}^{\infty} \frac{1}{n^2} = \frac{\pi^2}{6}"#,
        #"\left( \begin{pmatrix} a & b \\ c & d \end{pmatrix} \right)^{-1}"#, #"\overbrace{a+b}^{\text{two}} \vec{v}"#,
        #"f(x) = \begin{cases} x^2 & x \ge 0 \\ -x & \text{else} \end{cases}"#, #"\sqrt[3]{\int_0^1 e^{-x^2} dx}"#,
        #"{{a^2}} + \color{red}{b'} = \mathbb{R}_{\max}"#,
    ]
    /// Text with math between dollars, as `Formula(text:)` reads it.
    static let textSeeds = [
        #"This is some \LaTeX, \TeX{} and \LaTeXe"#, #"The area is $\pi r^2$ \\ and the second line"#,
        #"\textbf{bold}, \emph{it \textit{more}} --- ``quoted'' -- 50\% of \$3~each"#,
        #"\textcolor{red}{red} then \color{blue} blue {group} \texttt{mono} \quad \hspace{1em} x"#,
    ]
    static let pieces = ["\\LaTeX", "\\textbf{", "\\emph{", "--", "``", "''", "\\newline", "\\textcolor{", "\\color{blue}",
                         "{", "}", "\\", "^", "_", "&", "\\\\", "'", "[", "]", "(", ")", "$", "#", "%", "~", " ",
                         "\\frac", "\\sqrt", "\\left", "\\right", "\\middle", "\\begin{matrix}", "\\end{matrix}", "\\begin{",
                         "\\end{cases}", "\\text{", "\\color{", "\\over", "\\limits", "\\big", "x", "é", "😀", "\u{0}", "\u{1B}",
                         "\\hspace{9999em}", "\\mathbb", "\\part{", "{{", "}}", "\\not", "\\operatorname{", "\\overbrace"]

    static func mangle(_ random: inout RandomSource, text: Bool = false) -> String {
        let from = text ? textSeeds : seeds
        var scalars = Array(from[random.integer(in: 0...(from.count - 1))].unicodeScalars)
        for _ in 0...random.integer(in: 0...6) {
            let at = random.integer(in: 0...scalars.count)
            switch random.integer(in: 0...5) {
            case 0 where !scalars.isEmpty: scalars.removeSubrange(at..<min(scalars.count, at + random.integer(in: 1...8)))
            case 1: scalars.insert(contentsOf: pieces[random.integer(in: 0...(pieces.count - 1))].unicodeScalars, at: at)
            case 2: scalars.insert(Unicode.Scalar(UInt32(random.integer(in: 0x20...0x7E)))!, at: at)
            case 3 where !scalars.isEmpty: scalars = Array(scalars[..<min(at, scalars.count)])
            case 4: scalars.insert(contentsOf: Array(repeating: "{" as Unicode.Scalar, count: random.integer(in: 1...80)), at: at)
            default: scalars.insert(contentsOf: String(repeating: pieces[random.integer(in: 0...(pieces.count - 1))], count: random.integer(in: 1...40)).unicodeScalars, at: at)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    @Test(arguments: 0..<10)
    func mangledFormulasEndInAPictureOrOneLine(slice: Int) {
        var random = RandomSource(seed: 0xF0F0 &+ UInt64(slice))
        var pictures = 0
        for _ in 0..<1_000 {
            let text = random.chance(0.2)
            let tex = Self.mangle(&random, text: text)
            let formula = (text ? Formula(text: tex) : Formula(tex)).font(.system(size: random.uniform(4...120))).inline(random.chance(0.3))
            do {
                let resolved = try formula.resolved()
                #expect(resolved.size.width.isFinite && resolved.size.height.isFinite && resolved.size.width >= 0)
                for glyph in resolved.glyphs.prefix(3) { #expect(glyph.range.upperBound <= tex.endIndex) }
                pictures += 1
            } catch let error as FormulaError {
                #expect(error.column >= 1 && error.column <= tex.unicodeScalars.count + 1, "\(error) in \(tex.debugDescription)")
                #expect(!error.message.isEmpty && !error.description.contains("\n"))
            } catch {
                Issue.record("\(error) for \(tex.debugDescription)")
            }
        }
        #expect(pictures > 50)
    }
}
