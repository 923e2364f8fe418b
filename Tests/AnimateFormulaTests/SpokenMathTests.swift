import AnimateFormula
import Foundation
import Testing

/// Formulas read aloud as ClearSpeak reads them (English), against readings written by hand for
/// the formulas of Tests/Fixtures/formulas.tsv and a few more.
@Suite struct SpokenMathTests {
    static let readings: [(tex: String, words: String)] = [
        (#"a + b = c"#, #"a plus b equals c"#),
        (#"a^2 + b^2 = c^2"#, #"a squared plus b squared equals c squared"#),
        (#"x_i^2"#, #"x sub i squared"#),
        (#"x^{2n+1}"#, #"x raised to the power 2 n plus 1, end exponent"#),
        (#"a_{ij}"#, #"a sub i j"#),
        (#"\frac{1}{2}"#, #"one half"#),
        (#"\frac{3}{4}"#, #"3 fourths"#),
        (#"\frac{a+b}{c+d}"#, #"the fraction with numerator a plus b, and denominator c plus d"#),
        (#"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}"#, #"x equals the fraction with numerator negative b plus or minus the square root of b squared minus 4 a c, and denominator 2 a"#),
        (#"\sqrt{x^2 + y^2}"#, #"the square root of x squared plus y squared"#),
        (#"\sqrt[3]{x}"#, #"the cube root of x"#),
        (#"\sqrt[n]{1 + x}"#, #"the root of index n of 1 plus x"#),
        (#"\sum_{n=1}^{\infty} \frac{1}{n^2} = \frac{\pi^2}{6}"#, #"the sum from n equals 1 to infinity of the fraction with numerator 1, and denominator n squared equals the fraction with numerator pi squared, and denominator 6"#),
        (#"\prod_{i=1}^{n} x_i"#, #"the product from i equals 1 to n of x sub i"#),
        (#"\int_0^1 x^2 \, dx"#, #"the integral from 0 to 1 of x squared d x"#),
        (#"\int_{-\infty}^{\infty} e^{-x^2} dx = \sqrt{\pi}"#, #"the integral from negative infinity to infinity of e raised to the power negative x squared, end exponent d x equals the square root of pi"#),
        (#"\oint_C \mathbf{F} \cdot d\mathbf{r}"#, #"the contour integral over C of F dot d r"#),
        (#"\lim_{x \to 0} \frac{\sin x}{x} = 1"#, #"the limit as x approaches 0 of the fraction with numerator sine of x, and denominator x equals 1"#),
        (#"\max_{i} a_i"#, #"the maximum over i of a sub i"#),
        (#"\sin^2 \theta + \cos^2 \theta = 1"#, #"sine squared of theta plus cosine squared of theta equals 1"#),
        (#"\log_2 n"#, #"log base 2 of n"#),
        (#"\binom{n}{k} = \frac{n!}{k!(n-k)!}"#, #"n choose k equals the fraction with numerator n factorial, and denominator k factorial open paren n minus k close paren factorial"#),
        (#"\left[ \frac{x^2}{2} \right]_0^1"#, #"open bracket the fraction with numerator x squared, and denominator 2 close bracket, evaluated from 0 to 1"#),
        (#"\left| x \right|"#, #"the absolute value of x"#),
        (#"|a - b| \le |a| + |b|"#, #"the absolute value of a minus b is less than or equal to the absolute value of a plus the absolute value of b"#),
        (#"\lfloor x \rfloor + \lceil y \rceil"#, #"the floor of x plus the ceiling of y"#),
        (#"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"#, #"the 2 by 2 matrix: row 1: a, b; row 2: c, d"#),
        (#"\begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc"#, #"the 2 by 2 determinant: row 1: a, b; row 2: c, d equals a d minus b c"#),
        (#"|x| = \begin{cases} x & x \ge 0 \\ -x & x < 0 \end{cases}"#, #"the absolute value of x equals cases: x if x is greater than or equal to 0; negative x if x is less than 0"#),
        (#"\vec{v}"#, #"vector v"#),
        (#"\hat{x} + \bar{y}"#, #"x hat plus y bar"#),
        (#"\dot{x} + \ddot{x}"#, #"x dot plus x double dot"#),
        (#"\overbrace{a+b+c}^{3}"#, #"a plus b plus c, labelled above 3"#),
        (#"\alpha + \beta = \gamma"#, #"alpha plus beta equals gamma"#),
        (#"\Delta x \, \Delta p \ge \frac{\hbar}{2}"#, #"cap delta x cap delta p is greater than or equal to h bar over 2"#),
        (#"\forall x \in A, \exists y"#, #"for all x is an element of A, there exists y"#),
        (#"p \Rightarrow q \iff \neg q \Rightarrow \neg p"#, #"p implies q if and only if not q implies not p"#),
        (#"\nabla \times \mathbf{E} = -\frac{\partial \mathbf{B}}{\partial t}"#, #"del times E equals negative the fraction with numerator partial B, and denominator partial t"#),
        (#"f'(x) = \lim_{h \to 0} \frac{f(x+h) - f(x)}{h}"#, #"f prime of x equals the limit as h approaches 0 of the fraction with numerator f open paren x plus h close paren minus f of x, and denominator h"#),
        (#"x_1, x_2, \ldots, x_n"#, #"x sub 1, x sub 2, dot dot dot, x sub n"#),
        (#"E = mc^2"#, #"E equals m c squared"#),
        (#"\text{area} = \pi r^2"#, #"area equals pi r squared"#),
        (#"e = \lim_{n \to \infty} \left(1 + \frac{1}{n}\right)^n"#, #"e equals the limit as n approaches infinity of open paren 1 plus 1 over n close paren to the power of n"#),
        (#"\frac{d}{dx} e^x = e^x"#, #"the derivative with respect to x of e to the power of x equals e to the power of x"#),
        (#"\det(A - \lambda I) = 0"#, #"determinant of open paren A minus lambda I close paren equals 0"#),
        (#"\cos \theta = \frac{\mathbf{u} \cdot \mathbf{v}}{\|\mathbf{u}\| \|\mathbf{v}\|}"#, #"cosine of theta equals the fraction with numerator u dot v, and denominator the norm of u the norm of v"#),
        (#"\begin{aligned} a &= b + c \\ &= d \end{aligned}"#, #"a equals b plus c; equals d"#),
        (#"f''(x)"#, #"f double prime of x"#),
        (#"g(2) + \sin(t)"#, #"g of 2 plus sine of t"#),
        (#"g(x"#, #"g open paren x"#),
        (#"\Gamma(n) = (n-1)!"#, #"cap gamma open paren n close paren equals open paren n minus 1 close paren factorial"#),
        (#"\int_0^\pi \sin x \, dx = 2"#, #"the integral from 0 to pi of sine of x d x equals 2"#),
        (#"x \cdot y \times z \div w"#, #"x dot y times z divided by w"#),
        (#"a \pm b \mp c"#, #"a plus or minus b minus or plus c"#),
        (#"A \subseteq B \cup C"#, #"A is a subset of or equal to B union C"#)
    ]

    @Test func formulasAreReadAsClearSpeakReadsThem() throws {
        #expect(Self.readings.count >= 40)
        for (tex, words) in Self.readings {
            #expect(try Formula(tex).spoken() == words, "\(tex)")
        }
    }

    @Test func theShortReadingSaysLess() throws {
        #expect(try Formula(#"\frac{a}{b}"#).spoken(.short) == "a over b")
        #expect(try Formula(#"\frac{a+1}{b}"#).spoken(.short) == "the quantity a plus 1, over b")
        #expect(try Formula(#"x^{2n+1}"#).spoken(.short) == "x to the power of 2 n plus 1")
        #expect(try Formula(#"\frac{a+1}{b}"#).spoken() == "the fraction with numerator a plus 1, and denominator b")
    }

    @Test func textWithMathIsReadToo() throws {
        #expect(try Formula(text: #"The area is $\pi r^2$."#).spoken() == "The area is pi r squared.")
    }

    @Test func aBrokenFormulaThrowsAsDrawingItDoes() {
        #expect(throws: (any Error).self) { try Formula(#"\frac{"#).spoken() }
    }

    /// Any formula the parser takes is read without a crash, whatever its nesting.
    @Test func anyFormulaIsReadOrRefused() {
        var g = SystemRandomNumberGenerator()
        let pieces = [#"\frac{"#, "}{", "}", "^", "_", "{", #"\sqrt{"#, #"\sqrt[3]{"#, "x", "2", "+", "-", "=", "(", ")", "|", #"\left("#,
                      #"\right)"#, #"\sum_"#, #"\int"#, #"\lim_"#, #"\to"#, #"\vec{"#, #"\begin{pmatrix}"#, "&", #"\\"#,
                      #"\end{pmatrix}"#, #"\text{a}"#, #"\sin"#, "f", "g", "'", "!", #"\|"#, #"\lfloor"#, #"\rfloor"#, #"\overbrace{"#, " "]
        for _ in 0..<3000 {
            let tex = (0..<Int.random(in: 1...24, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
            if let words = try? Formula(tex).spoken() { #expect(!words.contains("  "), "\(tex)") }
            _ = try? Formula(tex).spoken(.short)
        }
    }
}
