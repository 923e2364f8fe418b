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

    @Test func ctrlCDuringConcatWritesNothing() throws {
        let dir = scratchDirectory()
        // A segment whose sound takes a while to mix: five minutes of a soundtrack before its frames.
        let long = dir.appendingPathComponent("long.flac")
        try makeSoundFile(long, seconds: 320)
        let segment = dir.appendingPathComponent("s.mp4")
        var r = try run(animateBinary(), ["hexagons", "--size", "64x36", "--frames", "0..9", "--audio", long.path,
                                          "--audio-offset", "-300", "-o", segment.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let joined = dir.appendingPathComponent("joined.mp4")
        try Data("previous".utf8).write(to: joined)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: animateBinary())
        process.arguments = ["concat", segment.path, "-o", joined.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        usleep(600_000)                 // started and mixing (the mix takes seconds)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        r = (process.terminationStatus, "", String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        #expect(r.status == 130 && r.stderr == "animate: interrupted; nothing was written\n", "\(r.status): \(r.stderr)")
        #expect(try Data(contentsOf: joined) == Data("previous".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["joined.mp4", "long.flac", "s.mp4"])
    }
}
