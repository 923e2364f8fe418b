import AnimateFormula
import AnimateTestSupport
import Foundation
import Testing
import AnimateDrawing
import AnimateText

/// Formulas: the notation read, mistakes named by column, the layout's metrics, parts, and drawing.
@Suite struct FormulaTests {
    /// Every construct of the lesson list resolves to ink.
    static let constructs = [
        #"\frac{a}{b} \dfrac{1}{2} \tfrac{1}{2} {a \over b} \binom{n}{k}"#, #"\sqrt{x} \sqrt[3]{x}"#, #"x_i^2 f'(x) g''"#,
        #"\sum_{i=1}^n \prod_{i} \int_0^1 \oint_C \lim_{x \to 0} \max_i \min_j \sum\limits_i \int\nolimits_0^1"#,
        #"\left( \frac{a}{b} \middle| c \right) \big( \Big[ \bigg\{ \Bigg\langle"#,
        #"\begin{matrix} a & b \\ c & d \end{matrix} \begin{pmatrix} 1 \\ 2 \end{pmatrix} \begin{bmatrix} x \end{bmatrix}"#,
        #"\begin{vmatrix} a & b \\ c & d \end{vmatrix} \begin{Bmatrix} a \end{Bmatrix}"#,
        #"f(x) = \begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}"#,
        #"\begin{aligned} a &= b \\ &= c \end{aligned} \begin{gathered} a \\ b \end{gathered} \begin{array}{c|l} a & b \end{array}"#,
        #"\vec{v} \hat{x} \bar{y} \dot{z} \ddot{w} \tilde{n} \widehat{xyz} \overline{AB} \underline{cd} \overrightarrow{PQ}"#,
        #"\overbrace{a+b}^{2} \underbrace{c+d}_{n}"#, #"\text{area} \text{مساحة} \text{面积}"#,
        #"\mathbb{R} \mathcal{L} \mathbf{v} \mathrm{d} \mathit{x} \mathsf{S} \mathtt{T} \boldsymbol{\alpha}"#,
        #"\alpha \beta \Gamma \Omega \pm \times \div \cdot \le \ge \ne \approx \equiv \to \Rightarrow \iff \ldots \cdots \vdots \ddots"#,
        #"\operatorname{rank} \sin \cos \log \exp \det"#, #"a\,b\;c\quad d\qquad e\!f"#,
        #"\color{red}{x} + \textcolor{blue}{y} \displaystyle \frac{1}{2} \textstyle \frac{1}{2}"#,
    ]

    @Test(arguments: constructs)
    func everyConstructResolves(_ tex: String) throws {
        let resolved = try Formula(tex).resolved()
        #expect(resolved.size.width > 0 && resolved.size.height > 0)
        #expect(!resolved.path.isEmpty)
        #expect(resolved.inkBounds.width > 0)
    }

    /// A mistake is one line naming the column and what was expected.
    @Test(arguments: [
        (#"\frac{1}{2"#, 11, "expected '}'"), (#"x^"#, 3, "expected a superscript"), (#"\foo x"#, 1, "unknown command \\foo"),
        (#"a}"#, 2, "unmatched '}'"), (#"\left( x"#, 9, "expected \\right"), (#"x^2^3"#, 4, "double superscript"),
        (#"\begin{matrix} a \end{pmatrix}"#, 22, "ended by \\end{pmatrix}"), (#"\begin{foo}"#, 7, "unknown environment"),
        (#"\sqrt[3{x}"#, 11, "expected ']'"), (#"\color{nocolor}{x}"#, 7, "unknown colour"), (#"{a & b}"#, 4, "'&' outside"),
        (#"\right)"#, 1, "without a matching \\left"), (#"\frac{1}"#, 9, "expected a denominator"),
    ] as [(String, Int, String)])
    func mistakesNameTheColumn(_ tex: String, _ column: Int, _ message: String) {
        #expect(throws: FormulaError.self) { try Formula(tex).resolved() }
        let error = Formula(tex).error
        #expect(error?.column == column, "\(tex): \(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(tex): \(String(describing: error))")
        #expect(error?.description.contains("\n") == false)
    }

    /// Nesting past the limit is a mistake, not a crash, however deep.
    @Test func deepNestingIsAMistake() {
        for depth in [47, 49, 1_000, 20_000] {
            let tex = String(repeating: "{", count: depth) + "x" + String(repeating: "}", count: depth)
            let error = Formula(tex).error
            if depth <= 47 { #expect(error == nil, "depth \(depth)") } else { #expect(error?.message.contains("nested deeper") == true) }
            let fractions = String(repeating: #"\frac{1}{"#, count: depth) + "x" + String(repeating: "}", count: depth)
            if depth > 48 { #expect(Formula(fractions).error != nil) }
        }
        #expect(Formula(String(repeating: "x+", count: 60_000)).error?.message.contains("longer than") == true)
    }

    /// Display style sets limits above and below and bigger fractions; inline, beside and smaller.
    @Test func inlineIsSmallerThanDisplay() throws {
        let display = try Formula(#"\sum_{i=1}^n \frac{1}{i}"#).resolved()
        let inline = try Formula(#"\sum_{i=1}^n \frac{1}{i}"#).inline().resolved()
        #expect(inline.size.height < display.size.height * 0.8)
        #expect(display.axisHeight > 0 && display.baseline > 0 && display.baseline < display.size.height)
    }

    /// Parts are named by what `{{ }}` holds, or by \part; their glyphs carry the name and their source.
    @Test func partsAreTagged() throws {
        let tex = #"{{a^2}} + {{b^2}} = \part{hyp}{c^2}"#
        let resolved = try Formula(tex).resolved()
        #expect(resolved.partNames == ["a^2", "b^2", "hyp"])
        let a = resolved.glyphs.filter { $0.parts.contains("a^2") }
        #expect(a.count == 2)
        for g in a { #expect(tex[g.range].contains("a") || tex[g.range].contains("2")) }
        #expect(!resolved.path(part: "hyp").isEmpty && resolved.path(part: "nothing").isEmpty)
        // A part's colour, the formula's colour, and \color inside the TeX, in that order of strength.
        let coloured = try Formula(#"{{a}} + \color{green}{{{b}}}"#).foregroundColor(.blue).foregroundColor(.red, for: "a")
            .foregroundColor(.red, for: "b").resolved()
        let colours = coloured.glyphs.map(\.color)
        #expect(colours.first == .red && colours.contains(.blue) && colours.last == Color(hex: 0x00FF00))
    }

    /// Filling the formula's path draws what drawing the formula does, within an eighth of a pixel
    /// (drawn glyphs come from masks at quarter pixels).
    @Test func fillingThePathDrawsTheFormula() throws {
        let formula = Formula(#"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}"#).font(.system(size: 40))
        let resolved = try formula.resolved()
        var drawn = Bitmap(width: 400, height: 140), filled = Bitmap(width: 400, height: 140)
        drawn.draw { context, _ in context.draw(resolved, at: CGPoint(x: 20, y: 10), anchor: .topLeading) }
        filled.draw { context, _ in
            context.translateBy(x: 20, y: 10)
            context.fill(resolved.path, with: .color(.black))
        }
        let a = drawn.rgba8(), b = filled.rgba8()
        var total = 0, worst = 0
        for i in stride(from: 3, to: a.count, by: 4) {
            let d = abs(Int(a[i]) - Int(b[i]))
            total += d
            worst = max(worst, d)
        }
        #expect(Double(total) / Double(a.count / 4) < 1.5, "mean alpha difference \(Double(total) / Double(a.count / 4))")
        #expect(totalCoverage(drawn) > 100)
    }

    /// The same formula draws the same bytes alone, after others, and on several threads.
    @Test func drawingIsDeterministic() throws {
        func picture(threads: Int) -> [UInt8] {
            var canvas = Bitmap(width: 320, height: 120)
            canvas.drawingThreads = threads
            canvas.draw { context, _ in
                context.draw(Formula(#"\int_0^1 \sqrt{x}\,dx = \tfrac{2}{3}"#).font(.system(size: 36)), at: CGPoint(x: 160, y: 60))
            }
            return canvas.rgba8()
        }
        let first = picture(threads: 1)
        _ = try Formula(#"\sum_{n} \binom{n}{k}"#).resolved()
        #expect(picture(threads: 1) == first)
        #expect(picture(threads: 3) == first)
    }

    /// Other installed MATH fonts are found by name; a name that is not a math font is a mistake.
    @Test func mathFontsByName() throws {
        let lm = try Formula(#"\frac{a}{b}"#).resolved().size
        for name in ["STIX Math", "TeX Gyre Pagella Math", "TeX Gyre Termes Math", "DejaVu Math TeX Gyre", "Asana Math"] {
            let size = try Formula(#"\frac{a}{b}"#).font(.custom(name, size: 48)).resolved().size
            #expect(size.width > 0 && size != lm, "\(name)")
        }
        #expect(Formula("x").font(.custom("WenQuanYi Micro Hei", size: 48)).error?.message.contains("no OpenType math font") == true)
        #expect(Formula("x").font(.system(size: .nan)).error != nil)
    }

    /// Text with `$` math, for captions and labels: the math in text style on the text's baseline.
    @Test func textWithMath() throws {
        let label = try Formula(text: #"The area is $\pi {{r}}^2$, a cost of \$5."#).foregroundColor(.red, for: "r").resolved()
        let math = try Formula(#"\pi r^2"#).inline().resolved()
        let words = try Formula(text: #"The area is , a cost of \$5."#).resolved()
        #expect(label.size.width > math.size.width + words.size.width * 0.9)
        #expect(label.size.height < math.size.height * 1.6)
        #expect(label.glyphs.contains { $0.color == .red && $0.parts == ["r"] })
        #expect(Formula(text: #"open $\frac{1}{2} and"#).error?.message.contains("expected '$'") == true)
        #expect(Formula(text: #"open $x"#).error?.message.contains("expected '$' to close the math opened at column 6") == true)
        #expect(Formula(text: "no math at all").error == nil)
    }

    /// Text-mode TeX as LaTeX reads it: logos, escapes, dashes and quotes, faces, line breaks
    /// centred as Manim's Tex sets them; each glyph knows the characters it shows; what text
    /// mode cannot read is a mistake at its column, as in math.
    @Test func textModeTeX() throws {
        func shown(_ tex: String) throws -> [String] {
            let formula = Formula(text: tex)
            return try formula.resolved().glyphs.map { String(formula.tex[$0.range]) }
        }
        #expect(try shown(#"Hi $x$ \LaTeX"#) == ["H", "i", "x", "\\LaTeX", "\\LaTeX", "\\LaTeX", "\\LaTeX", "\\LaTeX"])
        #expect(try shown(#"a\%b \$ -- ``q''"#) == ["a", "\\%", "b", "\\$", "--", "``", "q", "''"])
        #expect(try shown(#"\textbf{b}\emph{i}"#) == ["b", "i"])
        #expect(try shown(#"x\\y"#) == ["x", "y"], "a line break draws nothing")
        #expect(try Formula(#"\text{Hi} + y"#).resolved().glyphs.count == 4, "math's \\text glyph by glyph too")
        let math = try Formula(#"\text{Hi} + y"#)
        #expect(try math.resolved().glyphs.map { String(math.tex[$0.range]) } == ["H", "i", "+", "y"])
        // The logo's letters: L, a small raised A, T, a lowered E, X, kerned together.
        let logo = try Formula(text: #"\LaTeX"#).font(.system(size: 100)).resolved().glyphs.map(\.bounds)
        #expect(logo.count == 5)
        #expect(logo[1].height < logo[0].height * 0.8 && logo[1].minY < logo[0].minY + 5, "the A small, its top near the L's: \(logo)")
        #expect(logo[3].maxY > logo[2].maxY + 10, "the E below the baseline: \(logo)")
        #expect(logo[1].minX < logo[0].maxX && logo[3].minX < logo[2].maxX, "kerned into its neighbours")
        // Two lines, centred on each other.
        let two = try Formula(text: #"short\\a much longer line"#).font(.system(size: 40)).resolved()
        let lines = Dictionary(grouping: two.glyphs) { $0.bounds.midY > two.size.height / 2 }
        let top = lines[false]!.map(\.bounds).reduce(CGRect.null) { $0.union($1) }, bottom = lines[true]!.map(\.bounds).reduce(CGRect.null) { $0.union($1) }
        #expect(abs(top.midX - bottom.midX) < 2 && bottom.width > top.width * 2, "\(top) \(bottom)")
        #expect(bottom.minY - top.maxY > 5, "one line under the other")
        // Bold and italic are Latin Modern Roman's own faces: wider strokes, slanted letters.
        let plain = try Formula(text: "m").font(.system(size: 100)).resolved().glyphs[0].bounds
        let bold = try Formula(text: #"\textbf{m}"#).font(.system(size: 100)).resolved().glyphs[0].bounds
        #expect(bold.width > plain.width * 1.05)
        for (bad, column, words) in [(#"a \foo b"#, 3, "unknown command \\foo"), (#"a \alpha b"#, 3, "\\alpha is math: put it between $ signs"),
                                     (#"a {b"#, 5, "expected '}'"), (#"a } b"#, 3, "unmatched '}'"), (#"\textbf{a \\ b}"#, 11, "a line break inside braces"),
                                     (#"\textbf x"#, 9, "expected text for \\textbf in braces"), ("x \\", 3, "a '\\' at the end of the text")] {
            let error = Formula(text: bad).error
            #expect(error?.column == column && error?.message.contains(words) == true, "\(bad): \(String(describing: error))")
        }
    }

    /// A formula with a mistake is drawn as its TeX in red, not as nothing.
    @Test func aMistakeIsDrawnVisibly() {
        var canvas = Bitmap(width: 400, height: 80)
        canvas.draw { context, size in context.draw(Formula(#"\frac{1"#), at: CGPoint(x: size.width / 2, y: size.height / 2)) }
        var red = 0
        for y in 0..<80 { for x in 0..<400 { let p = canvas.premultipliedPixel(x: x, y: y); if p.x > 100 && p.y < 60 { red += 1 } } }
        #expect(red > 50)
    }
}
