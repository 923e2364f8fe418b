import AnimateCode
import AnimateLexers
import AnimateTestSupport
import AnimateTimeline
import Foundation
import Testing

@Suite struct CodeLexerFuzzTests {
    /// Bad input of every kind: random bytes (read as UTF-8 with replacements), unterminated
    /// strings, comments and interpolations, deep nesting, a 100,000-character line. Every
    /// language's lexer finishes, and its tokens rebuild the input exactly.
    @Test func fuzzedInputNeverTraps() {
        var random = RandomSource(seed: 12345)
        func next() -> UInt64 { random.next() }
        var inputs: [String] = []
        for n in [1, 7, 100, 5000] {
            for _ in 0..<6 { inputs.append(String(decoding: (0..<n).map { _ in UInt8(truncatingIfNeeded: next()) }, as: UTF8.self)) }
        }
        // Fragments that open things, shuffled together.
        let pieces = ["\"", "'", "\"\"\"", "'''", "/*", "*/", "//", "#", "\\(", "\\", "f\"{", "{", "}", "(", ")", "0x", "1e", ".5", "@",
                      "$0", "#if ", "import ", "def ", "class ", "func ", "let ", "\n", " ", "é", "中", "👩‍👩‍👧", "%(", "r'", "b\"", "\t",
                      "${", "$x", "<script>", "</script>", "<style>", "<!--", "-->", "<a href=", "&amp", "- ", ": ", "|", ">-", "&a", "*a",
                      "!tag", "[", "]", "---", "--", "url(", "@media", "#fff", "10px", "!important", "`", "''", "fun ", "val ", "object : "]
        for _ in 0..<40 {
            inputs.append((0..<200).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined())
        }
        inputs += [String(repeating: "a", count: 100_000), String(repeating: "\"\\(", count: 30_000), String(repeating: "/*", count: 50_000),
                   String(repeating: "f\"{", count: 30_000), "\"" + String(repeating: "x", count: 100_000), String(repeating: "1.", count: 50_000),
                   String(repeating: "{\"a\":", count: 30_000), String(repeating: "%(x", count: 30_000),
                   String(repeating: "<script>", count: 20_000), String(repeating: "<style>a{", count: 20_000),
                   String(repeating: "\"${", count: 30_000), String(repeating: "- [{a: ", count: 20_000),
                   String(repeating: "key: |\n  ", count: 20_000), String(repeating: "a{b:c(", count: 20_000)]
        for language in Language.allCases {
            for input in inputs {
                let tokens = Lexer.tokens(in: input, language: language)
                var end = 0
                var ok = true
                for t in tokens {
                    if t.range.lowerBound != end || t.range.isEmpty { ok = false; break }
                    end = t.range.upperBound
                }
                #expect(ok && end == input.utf8.count, "\(language.rawValue): tokens cover the input exactly (\(input.utf8.count) bytes)")
                // No token splits a character: each starts on a character boundary.
                let utf8 = Array(input.utf8)
                let split = tokens.first { $0.range.lowerBound < utf8.count && utf8[$0.range.lowerBound] & 0xC0 == 0x80 }
                #expect(split == nil, "\(language.rawValue): a token starts inside a character: \(String(describing: split))")
            }
        }
    }
}
