import AnimateFormula
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Formulas as MathML: the elements each construct becomes, the spoken words as alttext, and
/// well-formed XML for any formula that parses.
@Suite struct MathMLTests {
    static func body(_ tex: String) throws -> String {
        let xml = try Formula(tex).mathML()
        let start = try #require(xml.firstIndex(of: ">")), end = try #require(xml.range(of: "</math>", options: .backwards))
        return String(xml[xml.index(after: start)..<end.lowerBound])
    }

    static func isWellFormed(_ xml: String) -> Bool {
        XMLParser(data: Data(xml.utf8)).parse()
    }

    @Test func constructsBecomeTheirElements() throws {
        #expect(try Self.body("x^2") == "<msup><mi>x</mi><mn>2</mn></msup>")
        #expect(try Self.body("a_i") == "<msub><mi>a</mi><mi>i</mi></msub>")
        #expect(try Self.body(#"\frac{1}{2}"#) == "<mfrac><mn>1</mn><mn>2</mn></mfrac>")
        #expect(try Self.body(#"\sqrt{x}"#) == "<msqrt><mi>x</mi></msqrt>")
        #expect(try Self.body(#"\sqrt[3]{x}"#) == "<mroot><mi>x</mi><mn>3</mn></mroot>")
        #expect(try Self.body("10.5 + y") == "<mrow><mn>10.5</mn><mo>+</mo><mi>y</mi></mrow>")
        #expect(try Self.body(#"\sum_{i=1}^{n} i"#) == "<mrow><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mi>i</mi></mrow>")
        #expect(try Self.body(#"\sin x"#) == "<mrow><mi>sin</mi><mi>x</mi></mrow>")
        #expect(try Self.body(#"\text{if } x < 1"#) == "<mrow><mtext>if </mtext><mi>x</mi><mo>&lt;</mo><mn>1</mn></mrow>")
        #expect(try Self.body(#"\left( x \right)"#) == #"<mrow><mo fence="true" stretchy="true">(</mo><mi>x</mi><mo fence="true" stretchy="true">)</mo></mrow>"#)
        #expect(try Self.body(#"\begin{matrix} 1 & 0 \\ 0 & 1 \end{matrix}"#).hasPrefix("<mtable"))
        #expect(try Self.body("f''") == "<msup><mi>f</mi><mo>′′</mo></msup>")
    }

    @Test func itsWordsAreItsAltText() throws {
        let xml = try Formula("a^2 + b^2 = c^2").mathML(display: true)
        #expect(xml.hasPrefix(#"<math xmlns="http://www.w3.org/1998/Math/MathML" display="block" alttext="a squared plus b squared equals c squared">"#))
        #expect(Self.isWellFormed(xml))
    }

    @Test func anyFormulaThatParsesIsWellFormedMathML() {
        var g = SystemRandomNumberGenerator()
        let pieces = [#"\frac{"#, "}{", "}", "^", "_", "{", #"\sqrt{"#, #"\sqrt[3]{"#, "x", "2", "+", "-", "<", ">", "&", "=", "(", ")", "|",
                      #"\left("#, #"\right)"#, #"\sum_"#, #"\int"#, #"\lim_"#, #"\to"#, #"\vec{"#, #"\begin{pmatrix}"#, #"\\"#,
                      #"\end{pmatrix}"#, #"\text{a<b&"c"}"#, #"\sin"#, "f", "g", "'", "!", #"\|"#, #"\overbrace{"#, #"\color{red}{"#, #"\phantom{"#, " "]
        var parsed = 0
        for _ in 0..<3000 {
            let tex = (0..<Int.random(in: 1...24, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
            guard let xml = try? Formula(tex).mathML() else { continue }
            parsed += 1
            #expect(Self.isWellFormed(xml), "\(tex): \(xml)")
        }
        #expect(parsed > 100)
    }
}
