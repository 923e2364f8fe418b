import Animate
import Foundation

/// Code: lexing a 2,000-line Swift file (a real file, this project's text layout at a fixed
/// commit, repeated; the layout cache bypassed by lexing directly), and a 1080p frame showing 50 syntax-highlighted lines of it (and the same with 11
/// lines focused, the rest dimmed) beside the same lines' text drawn as plain `Text` in the same
/// font and size; and every language's lexer on 2,000 lines of a real file. Prints medians as JSON.
struct CodeBenchmark {
    var reps = 50
    var frames = 200
    /// Only this frame (`code` or `text`), for profiling one at a time.
    var only: String?

    func run() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // The text layout's source as it was at a fixed commit, so the input stays the same as the file changes.
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        git.arguments = ["-C", root.path, "show", "a4c5c0c:Sources/AnimateText/TextLayout.swift"]
        let pipe = Pipe()
        git.standardOutput = pipe
        try git.run()
        let file = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        guard git.terminationStatus == 0, !file.isEmpty else { throw CocoaError(.fileReadNoSuchFile) }
        var lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.count < 2000 { lines += lines }
        let source = lines.prefix(2000).joined(separator: "\n")
        var lexing: [Double] = []
        var count = 0
        for _ in 0..<reps {
            let start = DispatchTime.now().uptimeNanoseconds
            count = Lexer.tokens(in: source, language: .swift).count
            lexing.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        // Every language on 2,000 lines of a real file repeated: the first file Tests/Fixtures/code/files.tsv
        // lists for it that is here (scripts/setup --tests installs and unpacks them).
        var languages: [String: Double] = [:]
        for (language, text) in Self.samples(root: root) {
            var sampleLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while sampleLines.count < 2000 { sampleLines += sampleLines }
            let sample = sampleLines.prefix(2000).joined(separator: "\n")
            var times: [Double] = []
            for _ in 0..<reps {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = Lexer.tokens(in: sample, language: language)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            languages["lex_2000_lines_\(language.rawValue)_ms"] = (times.median * 1000).rounded() / 1000
        }
        // 50 lines at 18 px fill a 1080p frame's height.
        let shown = lines[100..<150].joined(separator: "\n")
        var block = CodeBlock(shown, language: .swift, theme: .dark, fontSize: 18)
        block.showsLineNumbers = false
        block.showsBackground = false
        block.padding = 0
        let plain = shown.split(separator: "\n", omittingEmptySubsequences: false).map {
            Text(verbatim: String($0).replacingOccurrences(of: "\t", with: "    ")).font(.system(size: 18, design: .monospaced)).foregroundColor(.white)
        }
        let lineHeight = block.layout.lineHeight
        var canvas = Bitmap(width: 1920, height: 1080)
        func time(_ name: String, _ draw: (inout GraphicsContext, Int) -> Void) -> Double {
            if let only, only != name { return 0 }
            var times: [Double] = []
            for frame in 0..<frames {
                let start = DispatchTime.now().uptimeNanoseconds
                canvas.clear(.black)
                canvas.draw { context, _ in draw(&context, frame) }
                _ = canvas.premultipliedPixel(x: 0, y: 0)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return (times.dropFirst().map { $0 }.median * 1000).rounded() / 1000
        }
        let code = time("code") { context, frame in context.draw(block, at: CGPoint(x: 40, y: 20 + CGFloat(frame % 4) * 0.25)) }
        var focused = block
        focused.highlights = [.lines(10...20)]
        let focus = time("focus") { context, frame in context.draw(focused, at: CGPoint(x: 40, y: 20 + CGFloat(frame % 4) * 0.25)) }
        let text = time("text") { context, frame in
            for (k, t) in plain.enumerated() { context.draw(t, at: CGPoint(x: 40, y: 20 + CGFloat(frame % 4) * 0.25 + CGFloat(k) * lineHeight), anchor: .topLeading) }
        }
        var fields: [String: Any] = [
            "lex_2000_lines_ms": (lexing.median * 1000).rounded() / 1000,
            "tokens": count,
            "frame_50_highlighted_lines_ms": code,
            "frame_50_lines_11_focused_ms": focus,
            "frame_same_lines_as_text_ms": text,
        ]
        for (key, value) in languages { fields[key] = value }
        let json = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    /// For each language, the text of the first file files.tsv lists for it that can be read.
    static func samples(root: URL) -> [(Language, String)] {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        guard let list = try? String(contentsOf: root.appendingPathComponent("Tests/Fixtures/code/files.tsv"), encoding: .utf8) else { return [] }
        var found: [Language: String] = [:]
        var order: [Language] = []
        for line in list.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t")
            guard columns.count >= 2, let language = Language(name: String(columns[0])), found[language] == nil else { continue }
            var path = String(columns[1])
            if path.hasPrefix("deb:") { path = home + "/.cache/animate/debs/" + path.dropFirst(4) } else if !path.hasPrefix("/") { path = root.path + "/" + path }
            let parts = path.components(separatedBy: "!")
            var text: String?
            if parts.count == 2 {
                let unzip = Process()
                unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
                unzip.arguments = ["-p", parts[0], parts[1]]
                let pipe = Pipe()
                unzip.standardOutput = pipe
                unzip.standardError = FileHandle.nullDevice
                if (try? unzip.run()) != nil {
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    unzip.waitUntilExit()
                    if unzip.terminationStatus == 0 { text = String(decoding: data, as: UTF8.self) }
                }
            } else {
                text = try? String(contentsOfFile: path, encoding: .utf8)
            }
            guard let text, !text.isEmpty else { continue }
            found[language] = text
            order.append(language)
        }
        return order.map { ($0, found[$0]!) }
    }
}
