import Animate
import AnimateTestSupport
import Foundation
import Testing

/// A listed file that is not there.
struct CodeFixtureMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) is missing: scripts/setup --tests installs the package Tests/Fixtures/code/files.tsv names" }
}

/// The code lexers against Pygments (the PyPI package, set up by `scripts/setup --tests`) on the
/// real files Tests/Fixtures/code/files.tsv lists: per file, the share of non-space characters
/// whose broad class (comment, string, number, keyword, function, type, builtin, operator,
/// punctuation, name) agrees must be at least 95%; every file's tokens rebuild it exactly. The
/// table is written to the artifacts folder (and kept in docs/code.md).
@Suite struct CodeLexerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/code")
    static let oracle = ProcessInfo.processInfo.environment["ANIMATE_ORACLES"] ?? (NSHomeDirectory() + "/.cache/animate/oracles")

    /// Pygments' name for each language.
    static let pygmentsNames: [Language: String] = [.swift: "swift", .python: "python", .json: "json", .javascript: "javascript", .typescript: "typescript",
                                                      .c: "c", .cpp: "cpp", .shell: "bash", .go: "go",
                                                      .java: "java", .rust: "rust", .kotlin: "kotlin", .yaml: "yaml", .html: "html",
                                                      .css: "css", .sql: "sql"]

    /// Where `scripts/setup --tests` unpacks the packages it does not install.
    static let unpacked = ProcessInfo.processInfo.environment["ANIMATE_DEBS"] ?? (NSHomeDirectory() + "/.cache/animate/debs")

    /// The files `files.tsv` lists: relative paths from the project's root, absolute ones
    /// installed, `deb:PACKAGE/path` unpacked.
    static func files() throws -> [(Language, URL)] {
        var out: [(Language, URL)] = []
        let root = fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let listed = try String(contentsOf: fixtures.appendingPathComponent("files.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .compactMap { line -> (Language, URL)? in
                let c = line.split(separator: "\t")
                guard c.count >= 2, let language = Language(name: String(c[0])) else { return nil }
                let path = String(c[1])
                if path.hasPrefix("deb:") { return (language, URL(fileURLWithPath: unpacked + "/" + path.dropFirst(4))) }
                return (language, path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path))
            }
        for (language, url) in listed {
            // `archive.zip!entry`: the entry, unpacked into a scratch folder.
            let parts = url.path.components(separatedBy: "!")
            guard FileManager.default.fileExists(atPath: parts[0]) else { throw CodeFixtureMissing(path: parts[0]) }
            guard parts.count == 2 else { out.append((language, url)); continue }
            let target = scratchDirectory().appendingPathComponent(URL(fileURLWithPath: parts[1]).lastPathComponent)
            let unzip = Process()
            unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
            unzip.arguments = ["-p", parts[0], parts[1]]
            let pipe = Pipe()
            unzip.standardOutput = pipe
            try unzip.run()
            let watchdog = killing(unzip, after: 60, what: "unzip")
            defer { watchdog.cancel() }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            waitForExit(unzip, within: 60)
            guard unzip.terminationStatus == 0, !data.isEmpty else { throw CodeFixtureMissing(path: url.path) }
            try data.write(to: target)
            out.append((language, target))
        }
        return out
    }

    /// The broad class of each Unicode scalar of `text`, from tokens in UTF-8 offsets.
    static func classes(_ text: String, _ tokens: [(Range<Int>, TokenKind)]) -> [TokenKind.Class] {
        var byScalar: [TokenKind.Class] = []
        var k = 0, offset = 0
        for scalar in text.unicodeScalars {
            while k < tokens.count && tokens[k].0.upperBound <= offset { k += 1 }
            byScalar.append(k < tokens.count && tokens[k].0.contains(offset) ? tokens[k].1.coarse : .text)
            offset += String(scalar).utf8.count
        }
        return byScalar
    }

    @Test func tokensRebuildEveryFile() throws {
        let files = try Self.files()
        #expect(files.count >= 8)
        for (language, url) in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let tokens = Lexer.tokens(in: text, language: language)
            let bytes = Array(text.utf8)
            var rebuilt: [UInt8] = [], end = 0
            for t in tokens {
                #expect(t.range.lowerBound == end, "\(url.lastPathComponent): a gap or overlap at byte \(end)")
                rebuilt += bytes[t.range]
                end = t.range.upperBound
            }
            #expect(rebuilt == bytes, "\(url.lastPathComponent) is rebuilt by its tokens")
        }
    }

    @Test func tokensAgreeWithPygments() async throws {
        let python = Self.oracle + "/bin/python"
        try #require(FileManager.default.isExecutableFile(atPath: python), "the Pygments reference (scripts/setup --tests)")
        let files = try Self.files().filter { Self.pygmentsNames[$0.0] != nil }
        let script = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/oracles/pygments_tokens.py").path
        let result = try await run(python, [script] + files.flatMap { [Self.pygmentsNames[$0.0]!, $0.1.path] })
        try #require(result.status == 0, "pygments_tokens.py: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        try #require(lines.count == files.count)
        var table = "| language | file | characters | agree |\n|---|---|---|---|\n"
        var worstByLanguage: [Language: Double] = [:]
        for ((language, url), line) in zip(files, lines) {
            let text = try String(contentsOf: url, encoding: .utf8)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let theirTokens = try #require(json["tokens"] as? [[Any]])
            let scalars = Array(text.unicodeScalars)
            // Theirs are in code points; ours in UTF-8 bytes.
            var theirs = [TokenKind.Class](repeating: .text, count: scalars.count)
            for t in theirTokens {
                guard let a = t[0] as? Int, let b = t[1] as? Int, let kind = t[2] as? String else { continue }
                for i in a..<min(b, scalars.count) { theirs[i] = TokenKind(kind).coarse }
            }
            let ours = Self.classes(text, Lexer.tokens(in: text, language: language).map { ($0.range, $0.kind) })
            var counted = 0, agreeing = 0
            var confusions: [String: Int] = [:]
            for (i, scalar) in scalars.enumerated() where !scalar.properties.isWhitespace {
                counted += 1
                if ours[i] == theirs[i] { agreeing += 1 } else { confusions["\(theirs[i].rawValue)->\(ours[i].rawValue)", default: 0] += 1 }
            }
            let share = counted > 0 ? Double(agreeing) / Double(counted) : 1
            worstByLanguage[language] = min(worstByLanguage[language] ?? 1, share)
            table += "| \(language.rawValue) | \(url.lastPathComponent) | \(counted) | \(String(format: "%.1f%%", share * 100)) |\n"
            let top = confusions.sorted { $0.value > $1.value }.prefix(6).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            #expect(share >= 0.95, "\(language.rawValue) \(url.lastPathComponent): \(String(format: "%.1f%%", share * 100)) agree; most confused (Pygments->ours): \(top)")
        }
        try? table.write(to: artifactDirectory().appendingPathComponent("code-tokens.md"), atomically: true, encoding: .utf8)
        print(table)
    }
}

extension CodeLexerTests {
    /// `--tokens` gives the file's bytes back, whatever they are: random files in every language
    /// made of code fragments, a byte-order mark, CR, NUL, and bytes that are not UTF-8 (lone
    /// continuation bytes, overlong forms, surrogates, cut sequences), checked by Python's own JSON
    /// reader and `surrogateescape`, the convention the lines follow.
    @Test func tokenLinesRebuildEveryByteCheckedByPython() async throws {
        let python = try #require(which("python3"))
        let pieces: [[UInt8]] = ["let x = \"a\\\"b\" // c\n", "/* d */", "'e'", "`f ${g}`", "#h\n", "0x1F 1e9 .5", "\t", "\r\n", "\u{0}",
                                 "é", "日本", "🎉", "<a href='x'>", "key: [1, 2]\n", "SELECT * FROM t;", "fn main() {}", "\\"].map { Array($0.utf8) }
            + [[0xFF], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBB, 0xBF]]
        var generator = RandomSource(seed: 0xB0B)
        let dir = scratchDirectory()
        var expected: [[UInt8]] = []
        var lines = ""
        for (n, language) in Language.allCases.enumerated() {
            for k in 0..<12 {
                var bytes: [UInt8] = k % 3 == 0 ? [0xEF, 0xBB, 0xBF] : []
                for _ in 0..<Int.random(in: 0...40, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
                expected.append(bytes)
                let tokens = CodeBlock.tokenLines(CodeSource(bytes: bytes), language: language)
                lines += "\(n * 12 + k)\t" + tokens.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\u{1E}") + "\n"
            }
        }
        try lines.write(to: dir.appendingPathComponent("tokens.txt"), atomically: true, encoding: .utf8)
        for (i, bytes) in expected.enumerated() { try Data(bytes).write(to: dir.appendingPathComponent("\(i).src")) }
        let check = """
            import json, sys, os
            d = sys.argv[1]; bad = []
            for line in open(os.path.join(d, "tokens.txt"), encoding="utf-8"):
                n, _, rest = line.rstrip("\\n").partition("\\t")
                text = "".join(json.loads(t)["text"] for t in rest.split("\\x1e") if t)
                if text.encode("utf-8", "surrogateescape") != open(os.path.join(d, n + ".src"), "rb").read(): bad.append(n)
            print(" ".join(bad))
            """
        let r = try await run(python, ["-c", check, dir.path], timeLimit: 120)
        #expect(r.status == 0 && r.stdout == "\n", "files not rebuilt: \(r.stdout) \(r.stderr)")
    }

}
