import Animate
import AnimateTestSupport
import Foundation
import Testing

/// `animate math`: one formula to a tight transparent PNG or an SVG, and bad TeX as one line.
@Suite struct MathCommandTests {
    let binary = animateBinary()

    @Test func writesATightTransparentPNG() async throws {
        let dir = scratchDirectory()
        let out = dir.appendingPathComponent("q.png")
        let r = try await run(binary, ["math", #"x = \frac{-b \pm \sqrt{b^2-4ac}}{2a}"#, "-o", out.path, "--font-size", "60", "--color", "#1E88E5"])
        #expect(r.status == 0, "\(r.stderr)")
        let info = try probe(out)
        let width = Int(info["width"] ?? "") ?? 0, height = Int(info["height"] ?? "") ?? 0
        // The quadratic formula at 60 px: about 8 em wide and 2.3 em tall, plus 4 px around.
        #expect((400...560).contains(width) && (110...170).contains(height), "\(width)x\(height)")
        #expect(info["pix_fmt"] == "rgba")
        let image = try Image(contentsOf: out)
        #expect(image.width == width)
    }

    @Test func writesSVGPathsInTheColour() async throws {
        let dir = scratchDirectory()
        let out = dir.appendingPathComponent("s.svg")
        let r = try await run(binary, ["math", #"\sum_{n=1}^{\infty} \frac{1}{n^2}"#, "-o", out.path, "--color", "teal", "--font", "STIX Math"])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOf: out, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.components(separatedBy: "<path fill=\"#008080\"").count - 1 >= 6)
        #expect(svg.contains("</svg>"))
    }

    @Test(arguments: [
        ([#"\frac{1"#], "bad formula at column 8: expected '}' to close the group opened at column 6"),
        ([#"x^"#], "bad formula at column 3: expected a superscript"),
        ([#"\nosuch"#], "unknown command \\nosuch"),
        (["x", "--font", "Nonexistent Math"], "no OpenType math font named 'Nonexistent Math'"),
        (["x", "--font-size", "0"], "--font-size"),
        (["x", "--font-size", "nan"], "--font-size"),
        (["x", "--color", "chartreusey"], "unknown --color"),
        (["x", "-o", "f.gif"], "must end in .png or .svg"),
    ] as [([String], String)])
    func badInputIsOneLineAndKeepsTheFile(_ args: [String], _ message: String) async throws {
        let dir = scratchDirectory()
        let out = dir.appendingPathComponent("f.png")
        try Data("previous".utf8).write(to: out)
        let r = try await run(binary, ["math"] + args + (args.contains("-o") ? [] : ["-o", out.path]), currentDirectory: dir)
        #expect(r.status == 64, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        #expect(try Data(contentsOf: out) == Data("previous".utf8))
    }

    @Test func speechPrintsTheFormulaAsWords() async throws {
        var r = try await run(animateBinary(), ["math", #"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}"#, "--speech"])
        #expect(r.status == 0 && r.stdout == "x equals the fraction with numerator negative b plus or minus the square root of b squared minus 4 a c, and denominator 2 a\n",
                "\(r.stdout)\(r.stderr)")
        r = try await run(animateBinary(), ["math", #"\frac{a+1}{b}"#, "--speech", "--short"])
        #expect(r.status == 0 && r.stdout == "the quantity a plus 1, over b\n", "\(r.stdout)")
        r = try await run(animateBinary(), ["math", #"\frac{"#, "--speech"])
        #expect(r.status == 64 && r.stdout.isEmpty && r.stderr.contains("bad formula at column"), "\(r.stderr)")
    }
}

