import Animate
import Foundation

/// Formulas: the layout of the quadratic formula from scratch (fonts open, the layout cache
/// bypassed), and a 1080p frame drawing 20 formulas beside the same frame drawing the characters
/// they show as lines of text in the same font and size. Prints medians as JSON.
struct FormulaBenchmark {
    var reps = 2_000
    var frames = 40

    static let formulas = [
        #"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}"#, #"a^2 + b^2 = c^2"#, #"e^{i\pi} + 1 = 0"#,
        #"\sum_{n=1}^{\infty} \frac{1}{n^2} = \frac{\pi^2}{6}"#, #"\int_0^1 x^2\,dx = \frac{1}{3}"#,
        #"\lim_{x \to 0} \frac{\sin x}{x} = 1"#, #"f'(x) = \lim_{h \to 0} \frac{f(x+h) - f(x)}{h}"#,
        #"\binom{n}{k} = \frac{n!}{k!(n-k)!}"#, #"\nabla \cdot \mathbf{E} = \frac{\rho}{\varepsilon_0}"#,
        #"\det(A - \lambda I) = 0"#, #"\sigma = \sqrt{\frac{1}{N} \sum_{i=1}^N (x_i - \mu)^2}"#,
        #"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"#, #"F = G\frac{m_1 m_2}{r^2}"#, #"E = mc^2"#,
        #"\vec{F} = m\vec{a}"#, #"\cos^2\theta + \sin^2\theta = 1"#, #"\log_b(xy) = \log_b x + \log_b y"#,
        #"\overline{z_1 z_2} = \overline{z_1}\,\overline{z_2}"#, #"p \Rightarrow q \iff \neg q \Rightarrow \neg p"#,
        #"\zeta(s) = \prod_p \frac{1}{1 - p^{-s}}"#,
    ]

    func run() throws {
        // Layout from scratch, warm (fonts open, glyph lookups made once).
        let quadratic = Formula(Self.formulas[0]).font(.system(size: 48))
        for _ in 0..<50 { _ = try quadratic.layoutUncached() }
        var layout: [Double] = []
        for _ in 0..<reps {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try quadratic.layoutUncached()
            layout.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
        }
        // 20 formulas on a frame, and the same glyphs (ids and sizes) set on one line each, as text
        // is drawn; and the formulas' characters as Text in the same font and size.
        let drawn = Self.formulas.map { Formula($0).font(.system(size: 40)) }
        let resolved = try drawn.map { try $0.resolved() }
        let lines = resolved.map { $0.glyphsOnALine() }
        let texts = drawn.map { formula in
            Text(verbatim: String(formula.tex.filter { $0.isLetter || $0.isNumber || "+-=()".contains($0) }))
                .font(.custom(Formula.defaultFamily, size: 40))
        }
        func frameTimes(_ draw: (inout GraphicsContext, Int, CGPoint) -> Void) -> Double {
            var canvas = Bitmap(width: 1920, height: 1080)
            var times: [Double] = []
            for frame in 0..<frames {
                let start = DispatchTime.now().uptimeNanoseconds
                canvas.clear(.white)
                canvas.draw { context, _ in
                    for i in 0..<20 {
                        let point = CGPoint(x: 40 + CGFloat(i % 2) * 940, y: 60 + CGFloat(i / 2) * 100 + CGFloat(frame) * 0.25)
                        draw(&context, i, point)
                    }
                }
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return times.median
        }
        let formulaFrame = frameTimes { context, i, point in context.draw(drawn[i], at: point, anchor: .topLeading) }
        let glyphFrame = frameTimes { context, i, point in context.drawGlyphs([(lines[i], [], .black)], offset: point) }
        let textFrame = frameTimes { context, i, point in context.draw(texts[i], at: point, anchor: .topLeading) }
        let json = try JSONSerialization.data(withJSONObject: [
            "quadratic_layout_us": (layout.median * 100).rounded() / 100,
            "frame_20_formulas_ms": (formulaFrame * 1000).rounded() / 1000,
            "frame_same_glyphs_on_lines_ms": (glyphFrame * 1000).rounded() / 1000,
            "frame_their_characters_as_text_ms": (textFrame * 1000).rounded() / 1000,
        ], options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
