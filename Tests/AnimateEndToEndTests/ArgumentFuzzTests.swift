import Animate
import AnimateTestSupport
import Foundation
import Testing

/// Random and extreme command lines and manifests: the only outcomes are success, or exit 64 with
/// `Error: ...` first, or exit 1 with one `error: ...` line; never a trap, a hang or a silent failure.
@Suite(.serialized) struct ArgumentFuzzTests {
    static let numbers = ["0", "-0", "1", "-1", "2", "7", "60", "241", "2147483647", "2147483648", "4294967295",
                          "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1e308", "-1e308", "1e-320",
                          "nan", "inf", "-inf", "0x10", "1.5", "29.97", "", " ", "１２"]
    static let fractions = ["1/0", "0/1", "1/3000000000", "4294967295/4294967294", "60/1", "30000/1001", "-60/1", "1/-1", "/", "1/", "a/b"]
    static let sizes = ["2x2", "1x1", "0x0", "-4x4", "8192x8192", "8193x2", "99999999999x1", "32x18", "33x17", "x", "4x", "axb", "4x4x4"]
    static let ranges = ["0", "1", "0..0", "0..1", "5..2", "-1..2", "0..9223372036854775807", "9223372036854775807", "..", "3..", "a..b"]

    /// One random command line for `hash` or `render`.
    static func commandLine(_ rng: inout RandomSource, dir: URL) -> [String] {
        var args = rng.chance(0.5) ? ["hash"] : ["render"]
        args.append(rng.element(of: ["hexagons", "starfield", "nope", "", "angles"])!)
        let options: [(String, [String])] = [
            ("--fps", fractions + numbers), ("--size", sizes), ("--frames", ranges), ("--duration", numbers),
            ("--seed", numbers), ("--threads", numbers), ("--shard", ["0/1", "1/1", "3/2", "0/0", "-1/2", "9223372036854775807/9223372036854775807", "x"]),
            ("--audio-offset", numbers), ("--audio-gain", numbers), ("--max-memory", ["1", "1K", "300M", "2G", "-1G", "lots", "1e30T"]),
        ]
        for _ in 0..<rng.integer(in: 0...4) {
            let (name, values) = rng.element(of: options)!
            args += [name, rng.element(of: values)!]
        }
        // Keep runs short: a few small frames unless the case itself is about them.
        if !args.contains("--frames") { args += ["--frames", "0..1"] }
        if !args.contains("--size") { args += ["--size", "32x18"] }
        if args[0] == "render" {
            args += ["-o", dir.appendingPathComponent(rng.element(of: ["o.mp4", "o.gif", "o.png", "o_%03d.png", "o.y4m", "o.avi", "o%999999999d.png"])!).path, "--quiet"]
        }
        return args
    }

    func check(_ args: [String], _ r: (status: Int32, stdout: String, stderr: String)) {
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        switch r.status {
        case 0: break
        case 64: #expect(r.stderr.hasPrefix("Error: "), "\(args): \(r.stderr)")
        case 1: #expect(lines.count == 1 && r.stderr.hasPrefix("error: "), "\(args): \(r.stderr)")
        default: Issue.record("\(args) exited \(r.status): \(r.stderr)")
        }
    }

    @Test func randomCommandLinesEndInSuccessOrOneClearMessage() async throws {
        let dir = scratchDirectory()
        var rng = RandomSource(seed: 20261123)
        for _ in 0..<120 {
            let args = Self.commandLine(&rng, dir: dir)
            check(args, try await run(animateBinary(), args, currentDirectory: dir))
        }
    }

    @Test func mangledManifestsAreReadOrRefusedCleanly() async throws {
        let dir = scratchDirectory()
        let good = try await run(animateBinary(), ["hash", "hexagons", "--size", "32x18", "--frames", "0..2"]).stdout
        #expect(good.hasPrefix("#animate:"))
        var rng = RandomSource(seed: 7)
        let pieces = ["-1", "99999999999999999999", "nan", "x", "", ",", "=", "..", "0x0", "#animate:", "1,", "0, 0, 0, 0, 0, 0"]
        for n in 0..<300 {
            var text = Array(good)
            for _ in 0..<rng.integer(in: 1...4) {
                let at = rng.integer(in: 0...(text.count - 1))
                switch rng.integer(in: 0...2) {
                case 0: text.remove(at: at)
                case 1: text.insert(contentsOf: rng.element(of: pieces)!, at: at)
                default: text.replaceSubrange(at..<min(text.count, at + rng.integer(in: 1...12)), with: rng.element(of: pieces)!)
                }
            }
            let mangled = String(text)
            // The library reads it or throws; it never traps.
            _ = try? FrameManifest(parsing: mangled)
            if n % 10 == 0 {
                let url = dir.appendingPathComponent("m\(n).framemd5")
                try mangled.write(to: url, atomically: true, encoding: .utf8)
                let r = try await run(animateBinary(), ["verify", url.path, "--quiet"])
                // A mismatch report is on stdout with exit 1; a refusal is one line on stderr.
                #expect([0, 1].contains(r.status), "\(mangled.prefix(200)): \(r.status) \(r.stderr)")
                if r.status == 1 && r.stdout.isEmpty { check(["verify"], r) }
            }
        }
    }
}
