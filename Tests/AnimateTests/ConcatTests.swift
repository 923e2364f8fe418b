import Animate
import Foundation
import Testing

/// `concat` refuses what it cannot join whole, and never replaces a good output with a bad one.
@Suite(.serialized) struct ConcatTests {
    func segments(in dir: URL) throws -> [URL] {
        var urls: [URL] = []
        for (k, range) in ["0..29", "30..59"].enumerated() {
            let url = dir.appendingPathComponent("s\(k).mp4")
            let r = try run(animateBinary(), ["hexagons", "--size", "320x180", "--frames", range, "-o", url.path, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            urls.append(url)
        }
        return urls
    }

    @Test func truncatedOrDamagedSegmentsAreRefusedAndTheOutputKept() throws {
        let dir = scratchDirectory()
        let parts = try segments(in: dir)
        let joined = dir.appendingPathComponent("joined.mp4")
        var r = try run(animateBinary(), ["concat", parts[0].path, parts[1].path, "-o", joined.path])
        #expect(r.status == 0)
        let good = try Data(contentsOf: joined)
        let whole = try Data(contentsOf: parts[1])
        for (cut, reason) in [(5000, "is damaged or truncated: its video cannot be read"), (whole.count * 2 / 3, "is damaged: frame ")] {
            let truncated = dir.appendingPathComponent("cut\(cut).mp4")
            try whole.prefix(cut).write(to: truncated)
            r = try run(animateBinary(), ["concat", parts[0].path, truncated.path, "-o", joined.path])
            #expect(r.status == 1, "cut at \(cut)")
            #expect(r.stderr.hasPrefix("error: \(truncated.path) \(reason)"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line, no FFmpeg log: \(r.stderr)")
            #expect(try Data(contentsOf: joined) == good)
        }
        // Nothing is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".partial") }.isEmpty)
    }

    @Test func aPipeIsRefusedInsteadOfWaitedOn() throws {
        let dir = scratchDirectory()
        let parts = try segments(in: dir)
        let fifo = dir.appendingPathComponent("fifo.mp4")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let r = try run(animateBinary(), ["concat", parts[0].path, fifo.path, "-o", dir.appendingPathComponent("j.mp4").path])
        #expect(r.status == 1 && r.stderr == "error: cannot read \(fifo.path): not a regular file\n")
    }

    @Test func aCancelledJoinWritesNothing() throws {
        let dir = scratchDirectory()
        let parts = try segments(in: dir)
        let joined = dir.appendingPathComponent("joined.mp4")
        var polls = 0
        #expect(throws: CancellationError.self) {
            try SegmentJoin(segments: parts, output: joined).run(isCancelled: { polls += 1; return polls > 20 })
        }
        #expect(!FileManager.default.fileExists(atPath: joined.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["s0.mp4", "s1.mp4"])
    }
}
