import Animate
import AnimateTestSupport
import Foundation
import Testing

/// Sharding: separate processes render parts, `concat` joins them into the same video.
@Suite(.serialized) struct ShardTests {
    @Test func fourShardsFromSeparateProcessesEqualOneRender() async throws {
        let dir = scratchDirectory()
        let common = ["hexagons", "--size", "160x90", "--fps", "30", "--duration", "2"]
        // Four processes at once, as separate machines would run them.
        let processes = try (0..<4).map { i -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: animateBinary())
            p.arguments = common + ["--shard", "\(i)/4", "-o", "seg\(i).mp4", "--quiet"]
            p.currentDirectoryURL = dir
            try p.run()
            return p
        }
        for p in processes { #expect(waitForExit(p, within: 300)); #expect(p.terminationStatus == 0) }
        let joined = try await run(animateBinary(), ["concat"] + (0..<4).map { "seg\($0).mp4" } + ["-o", "full.mp4"], currentDirectory: dir)
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(try await run(animateBinary(), common + ["-o", "single.mp4", "--quiet"], currentDirectory: dir).status == 0)
        let full = try probe(dir.appendingPathComponent("full.mp4")), single = try probe(dir.appendingPathComponent("single.mp4"))
        #expect(full["nb_read_frames"] == "60" && single["nb_read_frames"] == "60")
        #expect(full["duration"] == single["duration"] && full["r_frame_rate"] == "30/1")
        // The shards' frame hashes, together, are the single render's.
        let whole = try await run(animateBinary(), ["hash"] + common, currentDirectory: dir).stdout
        var parts: [Substring] = []
        for i in 0..<4 {
            let out = try await run(animateBinary(), ["hash"] + common + ["--shard", "\(i)/4"], currentDirectory: dir).stdout
            parts += out.split(separator: "\n").filter { !$0.hasPrefix("#") }
        }
        #expect(parts == whole.split(separator: "\n").filter { !$0.hasPrefix("#") })
        #expect(parts.count == 60)
    }

    @Test func mismatchedSegmentsAreRefused() async throws {
        let dir = scratchDirectory()
        #expect(try await run(animateBinary(), ["hexagons", "--size", "160x90", "--frames", "5", "-o", "a.mp4", "--quiet"], currentDirectory: dir).status == 0)
        #expect(try await run(animateBinary(), ["hexagons", "--size", "192x108", "--frames", "5", "-o", "b.mp4", "--quiet"], currentDirectory: dir).status == 0)
        let r = try await run(animateBinary(), ["concat", "a.mp4", "b.mp4", "-o", "ab.mp4"], currentDirectory: dir)
        #expect(r.status == 1 && r.stderr.hasPrefix("error: ") && r.stderr.contains("does not match"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("ab.mp4").path))
        let bad = try await run(animateBinary(), ["hexagons", "--shard", "4/4", "--quiet"], currentDirectory: dir)
        #expect(bad.status == 64)
    }
}
