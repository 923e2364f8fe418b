import Animate
import ArgumentParser
import Foundation

/// `code`: a source file highlighted to a PNG listing, or its tokens as JSON lines.
struct CodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Highlight a source file to a PNG listing, or print its tokens.",
        discussion: """
            The language comes from the file's extension unless --language names it. Languages: \
            \(Language.allCases.map(\.rawValue).joined(separator: ", ")). With --tokens, each token is printed \
            as a JSON line {"text": ..., "kind": ...}, kinds named as Pygments names its token types; the \
            texts put together are the file exactly.
            """
    )

    @Argument(help: ArgumentHelp("The source file.", valueName: "file"))
    var file: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Output .png (default: listing.png).", valueName: "path"))
    var output: String = "listing.png"

    @Flag(help: "Print the tokens as JSON lines instead of drawing.")
    var tokens = false

    @Option(help: ArgumentHelp("The language, when the extension does not tell.", valueName: "name"))
    var language: String?

    @Option(help: ArgumentHelp("Colour theme: \(CodeTheme.builtIn.map(\.name).joined(separator: " or ")).", valueName: "name"))
    var theme: String = "dark"

    @Option(name: .customLong("font-size"), help: ArgumentHelp("Size in pixels.", valueName: "px"))
    var fontSize: Double = 28

    @Option(help: ArgumentHelp("Only lines A to B (from 1, inclusive).", valueName: "A..B"))
    var lines: String?

    @Flag(name: .customLong("no-line-numbers"), help: "Leave the line numbers out.")
    var noLineNumbers = false

    func validate() throws {
        guard fontSize.isFinite, fontSize >= 4, fontSize <= 400 else {
            throw ValidationError("--font-size must be a number from 4 to 400, not \(Console.visible(String(fontSize)))")
        }
        guard CodeTheme.named(theme) != nil else {
            throw ValidationError("unknown --theme '\(Console.visible(theme))': \(CodeTheme.builtIn.map(\.name).joined(separator: " or "))")
        }
        if let language, Language(name: language) == nil {
            throw ValidationError("unknown --language '\(Console.visible(language))': one of \(Language.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let lines { _ = try Self.lineRange(lines) }
        if !tokens && URL(fileURLWithPath: output).pathExtension.lowercased() != "png" {
            throw ValidationError("-o must end in .png, not '\(Console.visible(output))'")
        }
    }

    /// "A..B" as a range of lines from 1.
    static func lineRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 1, b >= a, b <= 10_000_000 else {
            throw ValidationError("--lines must be A..B with 1 <= A <= B, not '\(Console.visible(text))'")
        }
        return a...b
    }

    func run() throws {
        try reportingFailures {
            let url = URL(fileURLWithPath: file)
            let source = try CodeSource(contentsOf: file)
            let lang = language.flatMap(Language.init(name:)) ?? Language(fileExtension: url.pathExtension) ?? .plainText
            if tokens {
                // Lexed only: nothing is laid out or drawn.
                try CodeBlock.writeTokenLines(source, language: lang) { try Console.output(bytes: $0) }
                return
            }
            var block = CodeBlock(source.text, language: lang, theme: CodeTheme.named(theme) ?? .dark, fontSize: CGFloat(fontSize))
            block.showsLineNumbers = !noLineNumbers
            if let lines {
                let r = try Self.lineRange(lines)
                guard r.lowerBound <= block.layout.lineCount else {
                    throw CodeError(message: "--lines \(lines): \(Console.visible(file)) has \(block.layout.lineCount) lines")
                }
                block.visibleLines = r
            }
            let out = URL(fileURLWithPath: output)
            let png = try block.pngData()
            try OutputFile.write(png, to: out)
            let size = block.size
            Console.report("code: \(lang.rawValue), \(Int(size.width.rounded(.up)))x\(Int(size.height.rounded(.up))) → \(Console.visible(out.path))")
        }
    }
}
