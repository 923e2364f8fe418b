import Animate
import AnimateTestSupport
import Foundation
import Testing

/// Our formula layout against an independent engine's: Typst (the PyPI package, offline, set up by
/// `scripts/setup --tests`) typesets the same formulas, written in its own syntax, with the same
/// font and size. Per formula, the ink boxes' width and height must agree within 5% and each
/// picture's ink lie within 2 px of the other's (90% of it, boxes aligned at their top-left), for
/// at least 95% of the set; the table is written to the artifacts folder.
@Suite struct FormulaTypstTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let oracle = ProcessInfo.processInfo.environment["ANIMATE_ORACLES"]
        ?? (NSHomeDirectory() + "/.cache/animate/oracles")

    struct Pair { let tex: String, typst: String }

    static func pairs() throws -> [Pair] {
        try String(contentsOf: fixtures.appendingPathComponent("formulas.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .map { line in
                let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
                return Pair(tex: String(columns[0]), typst: String(columns.count > 1 ? columns[1] : ""))
            }
    }

    @Test func layoutAgreesWithTypst() async throws {
        let python = Self.oracle + "/bin/python"
        try #require(FileManager.default.isExecutableFile(atPath: python), "the Typst reference (scripts/setup --tests)")
        let pairs = try Self.pairs()
        #expect(pairs.count >= 60)
        let folder = scratchDirectory()
        let fontFolder = "/usr/share/texmf/fonts/opentype/public/lm-math"
        var jobs = ""
        for (i, pair) in pairs.enumerated() {
            let png = folder.appendingPathComponent(String(format: "f%03d.png", i))
            try Formula(pair.tex).font(.system(size: 48)).resolved().pngData(padding: 8).write(to: png)
            let job: [String: Any] = ["typst": pair.typst, "ours": png.path, "size": 48, "font": "Latin Modern Math", "fontdir": fontFolder]
            jobs += String(decoding: try JSONSerialization.data(withJSONObject: job), as: UTF8.self) + "\n"
        }
        let jobFile = folder.appendingPathComponent("jobs.jsonl")
        try jobs.write(to: jobFile, atomically: true, encoding: .utf8)
        let script = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/oracles/typst_ink.py").path
        let result = try await run(python, [script, jobFile.path])
        try #require(result.status == 0, "typst_ink.py: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        try #require(lines.count == pairs.count)
        var table = "| TeX | width | height | ink within 2 px | agrees |\n|---|---|---|---|---|\n"
        var agreeing = 0
        for (pair, line) in zip(pairs, lines) {
            let r = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let ours = r["ours"] as? [Double], let theirs = r["typst"] as? [Double], let overlap = r["overlap"] as? Double else {
                Issue.record("Typst could not typeset \(pair.typst): \(r["error"] ?? "?")")
                continue
            }
            let dw = ours[0] / theirs[0] - 1, dh = ours[1] / theirs[1] - 1
            let agrees = abs(dw) <= 0.05 && abs(dh) <= 0.05 && overlap >= 0.9
            if agrees { agreeing += 1 }
            table += "| `\(pair.tex.replacingOccurrences(of: "|", with: "\\|"))` | \(String(format: "%+.1f%%", dw * 100)) | "
                + "\(String(format: "%+.1f%%", dh * 100)) | \(String(format: "%.3f", overlap)) | \(agrees ? "yes" : "**no**") |\n"
        }
        let share = Double(agreeing) / Double(pairs.count)
        table += "\n\(agreeing) of \(pairs.count) agree (\(String(format: "%.1f", share * 100))%).\n"
        let report = artifactDirectory().appendingPathComponent("formulas-against-typst.md")
        try table.write(to: report, atomically: true, encoding: .utf8)
        print("Formula layout against Typst: \(agreeing) of \(pairs.count) agree; table: \(report.path)")
        #expect(share >= 0.95, "\(agreeing) of \(pairs.count) agree with Typst")
    }
}
