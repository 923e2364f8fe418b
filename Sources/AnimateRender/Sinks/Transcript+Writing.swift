import Foundation
import AnimateFormula

extension Transcript {
    /// The transcript as one accessible HTML page: a heading per section, each entry with its
    /// time, descriptions marked as such, formulas as MathML with their words, code as text,
    /// stills inside the page (data URLs) with their alt text. Needs nothing from the network.
    public func html() -> String {
        let out = """
        <!doctype html>
        <html lang="\(Self.escape(language))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Self.escape(title)): transcript</title>
        <style>
        body { font: 18px/1.55 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0; }
        main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
        h1 { font-size: 1.6rem; line-height: 1.25; }
        h2 { font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; }
        .time { color: #4d4d4d; font-variant-numeric: tabular-nums; margin-right: .5rem; font-size: .9em; }
        .description { border-left: 4px solid #00607a; background: #eef6f8; padding: .4rem .8rem; }
        .label { font-weight: 600; }
        figure { margin: 1rem 0; }
        figure img { max-width: 100%; height: auto; border: 1px solid #ccc; }
        figcaption { color: #4d4d4d; font-size: .9em; }
        .formula math { font-size: 1.3em; }
        pre { background: #f4f4f4; padding: .8rem; overflow-x: auto; }
        </style>
        </head>
        <body>
        <main>

        """
        return out + body(level: 1, ids: "part") + "</main>\n</body>\n</html>\n"
    }

    /// The page's content: its title at heading `level`, each part under one a level below
    /// (their ids `ids-1`, `ids-2`...), to stand alone or inside another page.
    func body(level: Int, ids: String) -> String {
        var out = "<h\(level)>\(Self.escape(title))</h\(level)>\n<p class=\"time\">Transcript of the lesson “\(Self.escape(scene))”.</p>\n"
        for (n, part) in parts.enumerated() {
            out += "<section aria-labelledby=\"\(ids)-\(n + 1)\">\n"
            let heading = part.title ?? "Lesson"
            out += "<h\(level + 1) id=\"\(ids)-\(n + 1)\"><span class=\"time\">\(Self.clock(part.start))</span>\(Self.escape(heading))</h\(level + 1)>\n"
            for entry in part.entries {
                let time = "<span class=\"time\">\(Self.clock(entry.time))</span>"
                switch entry.kind {
                case .narration(let line):
                    out += "<p class=\"narration\">\(time)\(Self.htmlWithMath(line))</p>\n"
                case .description(let text):
                    out += "<p class=\"description\">\(time)<span class=\"label\">Description:</span> \(Self.escape(text))</p>\n"
                case .formula(let tex, let words):
                    let math = (try? Formula(tex).mathML(display: true)) ?? "<code>\(Self.escape(tex))</code>"
                    out += "<figure class=\"formula\">\(math)<figcaption>\(time)\(Self.escape(words))</figcaption></figure>\n"
                case .code(let source):
                    out += "<figure class=\"code\"><pre><code>\(Self.escape(source))</code></pre><figcaption>\(time)Code on screen</figcaption></figure>\n"
                case .still(let png, let alt):
                    out += "<figure class=\"still\"><img src=\"data:image/png;base64,\(png.base64EncodedString())\" alt=\"\(Self.escape(alt))\">"
                        + "<figcaption>\(time)The picture</figcaption></figure>\n"
                }
            }
            out += "</section>\n"
        }
        return out
    }

    /// The transcript as plain text: headings between `==`, each entry after its time, math
    /// as its words.
    public func text() -> String {
        var out = title + "\n"
        for part in parts {
            out += "\n== \(part.title ?? "Lesson") (\(Self.clock(part.start))) ==\n"
            for entry in part.entries {
                let time = "[\(Self.clock(entry.time))] "
                switch entry.kind {
                case .narration(let line): out += time + Self.textWithMath(line) + "\n"
                case .description(let text): out += time + "Description: " + text + "\n"
                case .formula(let tex, let words): out += time + "Formula: " + words + " (" + tex + ")\n"
                case .code(let source): out += time + "Code:\n" + source.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
                case .still: break
                }
            }
        }
        return out
    }

    /// A line's text and its math between `\(` and `\)`: each piece by `text` or `math`.
    static func pieces(_ line: String, text: (String) -> String, math: (String) -> String) -> String {
        var out = "", rest = Substring(line)
        while let open = rest.range(of: "\\("), let close = rest[open.upperBound...].range(of: "\\)") {
            out += text(String(rest[..<open.lowerBound]))
            out += math(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return out + text(String(rest))
    }

    static func htmlWithMath(_ line: String) -> String {
        pieces(line, text: escape) { tex in (try? Formula(tex).mathML()) ?? escape(tex) }
    }

    static func textWithMath(_ line: String) -> String {
        pieces(line, text: { $0 }) { tex in (try? Formula(tex).spoken()) ?? tex }
    }

    static func escape(_ s: String) -> String { MathMLWriter.escape(s) }
}
