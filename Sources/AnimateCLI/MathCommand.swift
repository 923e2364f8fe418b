import Animate
import ArgumentParser
import Foundation

/// `math`: one formula typeset to a tight PNG or SVG, to check it before it goes in a scene.
struct MathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "math",
        abstract: "Typeset a TeX formula to a tight PNG (transparent) or SVG, to check it.",
        discussion: """
            The formula is TeX math notation without $ signs, typeset with an OpenType math font \
            (Latin Modern Math unless --font names another, such as "STIX Math" or "TeX Gyre Pagella Math"). \
            Quote it for the shell: animate math '\\frac{a}{b}' -o frac.png
            """
    )

    @Argument(help: ArgumentHelp("The formula, in TeX math notation.", valueName: "tex"))
    var tex: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Output .png or .svg (default: formula.png).", valueName: "path"))
    var output: String = "formula.png"

    @Option(name: .customLong("font-size"), help: ArgumentHelp("Size in pixels (points in SVG).", valueName: "px"))
    var fontSize: Double = 48

    @Option(help: ArgumentHelp("A math font by family or full name.", valueName: "name"))
    var font: String = Formula.defaultFamily

    @Option(help: ArgumentHelp("Colour: a name (black, red, teal...) or a hex code (#1E88E5).", valueName: "color"))
    var color: String = "black"

    @Flag(help: "Text style, as inline math in a sentence, instead of display style.")
    var inline = false

    @Flag(help: ArgumentHelp("Read the argument as text with math between $ signs ('The area is $\\pi r^2$').", valueName: "text"))
    var text = false

    @Option(help: ArgumentHelp("Pixels of transparent margin around the ink.", valueName: "px"))
    var padding: Int = 4

    @Flag(help: "Print the formula as it is read aloud (ClearSpeak's English) instead of drawing it.")
    var speech = false

    @Flag(help: "With --speech, the short reading (\"a over b\") instead of the full one.")
    var short = false

    @Flag(name: .customLong("mathml"), help: "Print the formula as MathML (its spoken words as its alttext) instead of drawing it.")
    var mathML = false

    func validate() throws {
        guard fontSize.isFinite, fontSize > 0, fontSize <= 2000 else {
            throw ValidationError("--font-size must be a number above 0 and at most 2000, not \(Console.visible(String(fontSize)))")
        }
        guard (0...1000).contains(padding) else { throw ValidationError("--padding must be 0...1000 pixels") }
        guard FormulaColor.parse(color) != nil else {
            throw ValidationError("unknown --color '\(Console.visible(color))': a name such as red or a hex code such as #1E88E5")
        }
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard ext == "png" || ext == "svg" else {
            throw ValidationError("-o must end in .png or .svg, not '\(Console.visible(output))'")
        }
        if let error = formula.error {
            throw ValidationError(error.column > 0 ? "bad formula at \(Console.visible(error.description))" : Console.visible(error.description))
        }
    }

    private var formula: Formula {
        (text ? Formula(text: tex) : Formula(tex)).font(.custom(font, size: CGFloat(fontSize))).inline(inline || text)
            .foregroundColor(FormulaColor.parse(color))
    }

    func run() throws {
        if mathML {
            try reportingFailures { try Console.output(formula.mathML(display: !(inline || text)) + "\n") }
            return
        }
        if speech {
            try reportingFailures { try Console.output(formula.spoken(short ? .short : .verbose) + "\n") }
            return
        }
        let url = URL(fileURLWithPath: output)
        try reportingFailures {
            let resolved = try formula.resolved()
            let data: Data
            if url.pathExtension.lowercased() == "svg" {
                data = Data(resolved.svg(padding: CGFloat(padding)).utf8)
            } else {
                data = try resolved.pngData(padding: padding)
            }
            try OutputFile.write(data, to: url)
            Console.report("formula: \(Int(resolved.size.width.rounded()))x\(Int(resolved.size.height.rounded())) → \(Console.visible(url.path))")
        }
    }
}
