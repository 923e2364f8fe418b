import Animate
import AnimateTestSupport
import Foundation
import Testing

/// `animate code`: a listing PNG of a file's lines, its tokens as JSON lines rebuilding it, and
/// bad input as one line and the right exit code.
@Suite struct CodeCommandTests {
    let binary = animateBinary()

    @Test func writesAListingOfTheLinesAsked() async throws {
        let dir = scratchDirectory()
        let source = dir.appendingPathComponent("poly.swift")
        try (1...40).map { "let side\($0) = CGFloat(\($0)) * 2.5 // side \($0)" }.joined(separator: "\n").write(to: source, atomically: true, encoding: .utf8)
        let all = dir.appendingPathComponent("all.png"), some = dir.appendingPathComponent("some.png")
        var r = try await run(binary, ["code", source.path, "-o", all.path, "--font-size", "20"])
        #expect(r.status == 0, "\(r.stderr)")
        r = try await run(binary, ["code", source.path, "-o", some.path, "--font-size", "20", "--lines", "5..14", "--theme", "light"])
        #expect(r.status == 0, "\(r.stderr)")
        let a = try probe(all), s = try probe(some)
        let ha = Int(a["height"] ?? "") ?? 0, hs = Int(s["height"] ?? "") ?? 0
        #expect(ha > 3 * hs && hs > 200, "40 lines against 10: \(ha) and \(hs)")
    }

    @Test func tokensRebuildTheFile() async throws {
        let dir = scratchDirectory()
        let source = dir.appendingPathComponent("x.py")
        let text = "def f(a):\n    return f\"{a!r:>4}\" + 'é' # done\n\ttabs\r\n"
        try text.write(to: source, atomically: true, encoding: .utf8)
        let r = try await run(binary, ["code", source.path, "--tokens"])
        #expect(r.status == 0, "\(r.stderr)")
        var rebuilt = ""
        var kinds: Set<String> = []
        for line in r.stdout.split(separator: "\n") {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            rebuilt += json["text"] ?? ""
            kinds.insert(json["kind"] ?? "")
        }
        #expect(rebuilt == text)
        #expect(kinds.isSuperset(of: ["Keyword", "Name.Function", "Literal.String.Interpol", "Comment.Single"]))
    }

    @Test(arguments: [
        (["/nonexistent/file.swift"], 1, "cannot read"),
        (["Package.swift", "--lines", "9..3"], 64, "--lines must be A..B"),
        (["Package.swift", "--theme", "neon"], 64, "unknown --theme"),
        (["Package.swift", "--language", "cobol"], 64, "unknown --language"),
        (["Package.swift", "--font-size", "0"], 64, "--font-size"),
        (["Package.swift", "-o", "x.jpg"], 64, "-o must end in .png"),
        (["Package.swift", "--lines", "100000..100001", "-o", "/tmp/never.png"], 1, "has"),
    ] as [([String], Int32, String)])
    func badInputIsOneLine(_ args: [String], _ status: Int32, _ message: String) async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let r = try await run(binary, ["code"] + args, currentDirectory: root)
        #expect(r.status == status, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    /// Bytes that are not UTF-8 are kept: `--tokens` gives them back as `\\udcXX` (Python's
    /// surrogateescape), and the listing draws U+FFFD for them.
    @Test func bytesThatAreNotUTF8AreKept() async throws {
        let dir = scratchDirectory()
        let file = dir.appendingPathComponent("bin.dat")
        try Data([0xFF, 0xFE, 0x00, 0xC3, 0x28]).write(to: file)
        let r = try await run(binary, ["code", file.path, "--tokens"])
        #expect(r.status == 0 && r.stdout == #"{"text": "\udcff\udcfe\u0000\udcc3(", "kind": "Text"}"# + "\n", "\(r.stdout) \(r.stderr)")
        let listing = try await run(binary, ["code", file.path, "-o", dir.appendingPathComponent("bin.png").path])
        #expect(listing.status == 0, "\(listing.stderr)")
    }

    /// What is not a regular file is read to its end (a device, a FIFO, standard input), with our
    /// own words when it cannot be read.
    @Test func devicesFIFOsAndStandardInputAreRead() async throws {
        let empty = try await run(binary, ["code", "/dev/null", "--tokens"])
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty, "\(empty.stderr)")
        let piped = try await run("/bin/sh", ["-c", "printf 'let x = 1' | \"$0\" code /dev/stdin --language swift --tokens", binary])
        #expect(piped.status == 0 && piped.stdout.hasPrefix(#"{"text": "let", "kind": "Keyword.Declaration"}"#), "\(piped.stdout) \(piped.stderr)")
        let dir = scratchDirectory()
        let fifo = dir.appendingPathComponent("in.swift")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let fed = try await run("/bin/sh", ["-c", "printf 'var y' > \"$1\" & exec \"$0\" code \"$1\" --tokens", binary, fifo.path], timeLimit: 60)
        #expect(fed.status == 0 && fed.stdout.hasPrefix(#"{"text": "var", "kind": "Keyword.Declaration"}"#), "\(fed.stdout) \(fed.stderr)")
        let folder = try await run(binary, ["code", dir.path, "--tokens"])
        #expect(folder.status == 1 && folder.stderr == "error: cannot read \(dir.path): it is a folder\n", "\(folder.stderr)")
    }
}
