import Animate
import AnimateTestSupport
import Foundation
import Testing

/// The code lexers against Pygments (the PyPI package, set up by `scripts/setup --tests`) on real
/// files of each language (Tests/Fixtures/code): per file, the share of non-space characters
/// whose broad class (comment, string, number, keyword, function, type, builtin, operator,
/// punctuation, name) agrees must be at least 95%; every file's tokens rebuild it exactly. The
/// table is written to the artifacts folder (and kept in docs/code.md).
@Suite struct CodeLexerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/code")
    static let oracle = ProcessInfo.processInfo.environment["ANIMATE_ORACLES"] ?? (NSHomeDirectory() + "/.cache/animate/oracles")

    /// Pygments' name for each language.
    static let pygmentsNames: [Language: String] = [.swift: "swift", .python: "python", .json: "json"]

    static func files() throws -> [(Language, URL)] {
        var out: [(Language, URL)] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() {
            guard let language = Language(name: folder) else { continue }
            let dir = fixtures.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where !name.hasPrefix(".") {
                out.append((language, dir.appendingPathComponent(name)))
            }
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
