import Animate
import AnimateScenes
import AnimateTestSupport
import Foundation
import Testing

/// `--section NAME` renders one section of a storyboard scene: its frames only, as `--frames` would.
@Suite struct SectionTests {
    let binary = animateBinary()

    @Test func aSectionRendersItsFramesOnly() async throws {
        let dir = scratchDirectory()
        let out = dir.appendingPathComponent("theorem.mp4")
        let r = try await run(binary, ["pythagoras", "--section", "theorem", "--size", "320x180", "--fps", "10", "-o", out.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let section = try #require(BuiltinScenes.named("pythagoras")?.sections.first { $0.name == "theorem" })
        guard case let .range(first, last) = section.frames(at: FrameRate(numerator: 10)!) else { Issue.record("not a range"); return }
        let hashes = try await frameHashes(out)
        #expect(hashes.count == last - first + 1)
    }

    @Test(arguments: [
        (["pythagoras", "--section", "nope"], "has no section of that name; its sections: squares, theorem"),
        (["pythagoras", "--section", "theorem", "--frames", "10"], "--section picks the frames itself"),
        (["hexagons", "--section", "intro"], "scene 'hexagons' has no sections"),
    ] as [([String], String)])
    func aWrongSectionIsAUsageError(_ args: [String], _ message: String) async throws {
        let dir = scratchDirectory()
        let r = try await run(binary, args + ["-o", dir.appendingPathComponent("x.mp4").path, "--quiet"])
        #expect(r.status == 64, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
    }
}
