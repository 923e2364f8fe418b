import Animate
import AnimateTestSupport
import Foundation
import Testing

/// `concat` verifies what it joins: damage of any kind, anywhere in a segment of any container,
/// is refused with one line (or, where a reader sees nothing of it, joined whole), and a render
/// tag is untrusted input: checked against its segment, never a reason to read a file.
@Suite struct ConcatIntegrityTests {
    /// Damage drawn from a seeded random source, so each is the same every run.
    struct Damage {
        var random: RandomSource
        mutating func below(_ n: Int) -> Int { random.integer(in: 0...max(0, n - 1)) }

        /// `bytes` damaged one way: zeroed or random bytes, a cut, or one flipped bit.
        mutating func apply(to bytes: [UInt8]) -> (kind: String, bytes: [UInt8]) {
            var d = bytes
            let at = below(d.count), length = 1 + below(3000)
            let span = at..<min(d.count, at + length)
            switch below(4) {
            case 0: for i in span { d[i] = 0 }; return ("\(span.count) zero bytes at \(at)", d)
            case 1: for i in span { d[i] = UInt8(truncatingIfNeeded: random.next()) }; return ("\(span.count) random bytes at \(at)", d)
            case 2: return ("cut at \(at)", Array(d.prefix(at)))
            default: d[at] ^= UInt8(1 << below(8)); return ("a bit flipped at \(at)", d)
            }
        }
    }

    @Test(arguments: ["mp4", "mov", "mkv", "webm"])
    func damageAnywhereIsRefusedOrUnseen(ext: String) async throws {
        let dir = scratchDirectory("concat-damage-\(ext)")
        let parts = try await renderSegments(["0..14", "15..29"], ext: ext, size: "160x90", in: dir)
        let joined = dir.appendingPathComponent("joined.\(ext)")
        #expect(try await run(animateBinary(), ["concat", parts[0].path, parts[1].path, "-o", joined.path]).status == 0)
        let good = try Data(contentsOf: joined)
        let whole = [UInt8](try Data(contentsOf: parts[1]))
        let frames = try await frameHashes(parts[1])
        #expect(frames.count == 15)
        let damaged = dir.appendingPathComponent("damaged.\(ext)")
        // The cases of the report (always refused), then damage drawn at random.
        var cases: [(String, [UInt8], mustRefuse: Bool)] = []
        let middle = whole.count / 2
        var zeroed = whole, scrambled = whole
        for i in middle..<min(whole.count, middle + 2000) { zeroed[i] = 0; scrambled[i] = UInt8((i * 151) & 0xFF) }
        cases += [("zeroed media data", zeroed, true), ("random media data", scrambled, true), ("cut in half", Array(whole.prefix(middle)), true)]
        if let stco = offset(of: "stco", in: whole) {
            var flipped = whole
            for i in (stco + 12)..<(stco + 20) { flipped[i] ^= 0x55 }
            cases.append(("flipped stco", flipped, true))
        }
        var random = Damage(random: RandomSource(seed: 37))
        for _ in 0..<24 {
            let (kind, bytes) = random.apply(to: whole)
            cases.append((kind, bytes, false))
        }
        for (kind, bytes, mustRefuse) in cases {
            try Data(bytes).write(to: damaged)
            let r = try await run(animateBinary(), ["concat", parts[0].path, damaged.path, "-o", joined.path])
            if r.status == 0 {
                #expect(!mustRefuse, "\(ext), \(kind): joined")
                // Joined only when a reader sees every frame as rendered.
                #expect(try await frameHashes(damaged) == frames, "\(ext), \(kind): joined with other frames")
                try good.write(to: joined)
            } else {
                #expect(r.status == 1, "\(ext), \(kind): \(r.status)")
                #expect(r.stderr.hasPrefix("error: \(damaged.path) ") && r.stderr.split(separator: "\n").count == 1,
                        "\(ext), \(kind): \(r.stderr)")
                #expect(try Data(contentsOf: joined) == good, "\(ext), \(kind): the previous output is kept")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// Segments without a render tag (another tool's, or one stripped) are decoded whole on one
    /// thread with the decoders' strictest checks, so the verdict on a damaged one is the same
    /// every time: 20 runs of each of a seeded set of damaged segments agree, word for word.
    @Test func untaggedDamageGetsTheSameVerdictEveryTime() async throws {
        let dir = scratchDirectory()
        let parts = try await renderSegments(["0..29", "30..59"], ext: "mp4", size: "640x360", in: dir)
        let untagged = [try await retagged(parts[0], "made elsewhere", as: "u0.mp4"), try await retagged(parts[1], "made elsewhere", as: "u1.mp4")]
        let whole = [UInt8](try Data(contentsOf: untagged[1]))
        var random = Damage(random: RandomSource(seed: 2026))
        var variants: [(String, URL)] = []
        for k in 0..<6 {
            var (kind, bytes) = random.apply(to: whole)
            if k == 0 {                                          // the report's case: a zeroed range in the media data
                kind = "2000 zero bytes in the middle"
                bytes = whole
                for i in (whole.count / 2)..<min(whole.count, whole.count / 2 + 2000) { bytes[i] = 0 }
            }
            let url = dir.appendingPathComponent("damaged\(k).mp4")
            try Data(bytes).write(to: url)
            variants.append((kind, url))
        }
        let binary = animateBinary()
        for (kind, url) in variants {
            let verdicts = try await withThrowingTaskGroup(of: String.self) { group in
                for run in 0..<20 {
                    group.addTask {
                        let r = try await AnimateTestSupport.run(binary, ["concat", untagged[0].path, url.path, "-o",
                                                                           dir.appendingPathComponent("j\(run)-\(url.lastPathComponent)").path],
                                                                  timeLimit: 120)
                        return "\(r.status) \(r.stderr.replacingOccurrences(of: "j\(run)-", with: "j-"))"
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(verdicts.count == 1, "\(kind): \(verdicts.count) different verdicts: \(verdicts.sorted().prefix(3))")
        }
    }

    /// A run of zeroed bytes (a disk's hole, a partly written block) anywhere in an untagged
    /// segment's video data is refused, though H.264's decoders read most such runs as valid
    /// data: a NAL unit never holds 0x000000, never ends in zero, and its lengths fit its packet.
    @Test func zeroedRunsInAnUntaggedSegmentAreRefusedWherever() async throws {
        let dir = scratchDirectory()
        let parts = try await renderSegments(["0..29", "30..59"], ext: "mp4", size: "320x180", in: dir)
        let untagged = [try await retagged(parts[0], "made elsewhere", as: "u0.mp4"), try await retagged(parts[1], "made elsewhere", as: "u1.mp4")]
        let whole = [UInt8](try Data(contentsOf: untagged[1]))
        let mdat = try #require(offset(of: "mdat", in: whole)) + 4
        let moov = try #require(offset(of: "moov", in: whole)) - 4
        #expect(mdat < moov)
        let joined = dir.appendingPathComponent("joined.mp4")
        try Data("previous".utf8).write(to: joined)
        var random = Damage(random: RandomSource(seed: 71))
        for _ in 0..<40 {
            let at = mdat + random.below(moov - mdat - 3), length = 3 + random.below(min(3000, moov - at - 3))
            var bytes = whole
            for i in at..<(at + length) { bytes[i] = 0 }
            let damaged = dir.appendingPathComponent("zeroed.mp4")
            try Data(bytes).write(to: damaged)
            let r = try await run(animateBinary(), ["concat", untagged[0].path, damaged.path, "-o", joined.path], timeLimit: 120)
            #expect(r.status == 1, "\(length) zero bytes at \(at): \(r.stderr)")
            #expect(r.stderr.hasPrefix("error: \(damaged.path) is damaged") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            #expect(try Data(contentsOf: joined) == Data("previous".utf8))
        }
    }

    /// Untagged segments join with a warning that their frames and order cannot be checked; one
    /// given twice (the same packets) is said to repeat the other.
    @Test func untaggedSegmentsAreJoinedWithAWarningThatSaysARepeat() async throws {
        let dir = scratchDirectory()
        let parts = try await renderSegments(["0..14", "15..29"], ext: "mp4", size: "160x90", in: dir)
        let untagged = [try await retagged(parts[0], "made elsewhere", as: "u0.mp4"), try await retagged(parts[1], "made elsewhere", as: "u1.mp4")]
        let joined = dir.appendingPathComponent("joined.mp4")
        let plain = try await run(animateBinary(), ["concat", untagged[0].path, untagged[1].path, "-o", joined.path])
        #expect(plain.status == 0)
        #expect(plain.stderr.hasPrefix("warning: u0.mp4, u1.mp4 carry no render tag (not rendered by animate, or changed since): each was decoded whole, but whether their frames are the ones rendered, and in the right order, cannot be checked\n"), "\(plain.stderr)")
        let good = try Data(contentsOf: joined)
        let tagged = try await run(animateBinary(), ["concat", parts[0].path, parts[1].path, "-o", joined.path])
        #expect(tagged.status == 0 && !tagged.stderr.contains("warning"), "\(tagged.stderr)")
        try good.write(to: joined)
        let twice = try await run(animateBinary(), ["concat", untagged[0].path, untagged[1].path, untagged[1].path, "-o", joined.path])
        #expect(twice.status == 0)
        #expect(twice.stderr.hasPrefix("warning: \(untagged[1].path): it repeats u1.mp4 (the same video, packet for packet); joined as given\n"), "\(twice.stderr)")
        #expect(try await frameHashes(joined).count == 45)
        _ = good
    }

    /// Tags tell the order: shards out of order, with a gap, repeated, or of another render are
    /// refused naming the segment (or joined with --force and a warning); whole renders of any
    /// scenes join one after another.
    @Test func tagsSayWhenSegmentsAreOutOfSequence() async throws {
        let dir = scratchDirectory()
        let shards = try await renderSegments(["0..9", "10..19", "20..29"], ext: "mp4", size: "160x90", in: dir)
        let (s0, s1, s2) = (shards[0].path, shards[1].path, shards[2].path)
        let other = dir.appendingPathComponent("other.mp4").path, whole = dir.appendingPathComponent("whole.mp4").path
        #expect(try await run(animateBinary(), ["starfield", "--size", "160x90", "--frames", "0..9", "-o", other, "--quiet"]).status == 0)
        #expect(try await run(animateBinary(), ["starfield", "--size", "160x90", "--duration", "0.5", "-o", whole, "--quiet"]).status == 0)
        let joined = dir.appendingPathComponent("j.mp4").path
        for (segments, message) in [([s1, s0, s2], "come before s1.mp4's 10..19: the segments are out of order"),
                                    ([s0, s2], "frames 10..19 are missing between s0.mp4 and it"),
                                    ([s0, s0], "it repeats s0.mp4 (frames 0..9)"),
                                    ([s0, other], "it is part of another render than s0.mp4: scene 'starfield', not 'hexagons'")] {
            let refused = try await run(animateBinary(), ["concat"] + segments + ["-o", joined])
            #expect(refused.status == 1 && refused.stderr.contains(message) && refused.stderr.hasSuffix("or --force to join them anyway\n")
                    && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: joined))
            let forced = try await run(animateBinary(), ["concat"] + segments + ["-o", joined, "--force"])
            #expect(forced.status == 0 && forced.stderr.hasPrefix("warning: ") && forced.stderr.contains(message), "\(forced.stderr)")
            try FileManager.default.removeItem(atPath: joined)
        }
        // A whole render, then the shards of another: one after another, no warning.
        let r = try await run(animateBinary(), ["concat", whole, s0, s1, s2, "-o", joined])
        #expect(r.status == 0 && !r.stderr.contains("warning"), "\(r.stderr)")
    }

    /// Copies `segment` with its comment tag replaced.
    func retagged(_ segment: URL, _ comment: String, as name: String) async throws -> URL {
        let out = segment.deletingLastPathComponent().appendingPathComponent(name)
        let ffmpeg = try #require(which("ffmpeg"))
        let r = try await run(ffmpeg, ["-v", "error", "-y", "-i", segment.path, "-c", "copy", "-metadata", "comment=\(comment)", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    @Test func renderTagsAreCheckedAgainstTheirSegment() async throws {
        let dir = scratchDirectory()
        let segment = dir.appendingPathComponent("t.mp4")
        #expect(try await run(animateBinary(), ["hexagons", "--size", "160x90", "--frames", "0..29", "-o", segment.path, "--quiet"]).status == 0)
        let joined = dir.appendingPathComponent("joined.mp4")
        let cases = [
            // A day-long render claimed by a 30-frame file (its sound would need 33 GB).
            ("scene=angles fps=60 duration=86400.0 seed=0 frames=0..5183999", "is damaged or truncated: its render tag lists 5184000 frames, but it holds 30"),
            ("scene=hexagons fps=30 duration=8.0 seed=0 frames=0..29", "has a render tag that cannot be right: it says 30 fps, but the video is 60 fps"),
            ("scene=hexagons fps=60 duration=0.1 seed=0 frames=0..29", "has a render tag that cannot be right: its frames 0..29 are not inside its timeline of 6 frames"),
            ("scene=hexagons fps=60 duration=1e300 seed=0 frames=0..29", "has a render tag that cannot be right: its duration 1e+300 s is not between 0 and 86400 s"),
        ]
        for (k, (tag, message)) in cases.enumerated() {
            let bad = try await retagged(segment, "animate-render: " + tag, as: "bad\(k).mp4")
            let r = try await run(animateBinary(), ["concat", bad.path, "-o", joined.path])
            #expect(r.status == 1 && r.stderr == "error: \(bad.path) \(message)\n", "\(tag): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: joined.path))
        }
    }

    @Test func aTagNeverMakesTheJoinReadAFile() async throws {
        let dir = scratchDirectory()
        let segment = dir.appendingPathComponent("t.mp4")
        #expect(try await run(animateBinary(), ["hexagons", "--size", "160x90", "--frames", "0..29", "-o", segment.path, "--quiet"]).status == 0)
        // A file of the user's that a crafted segment names as its soundtrack.
        let secret = dir.appendingPathComponent("secret.wav")
        try makeSoundFile(secret, seconds: 1)
        let crafted = try await retagged(segment, "animate-render: scene=hexagons fps=60 duration=8.0 seed=0 frames=0..29 audio=\(secret.path) audio-offset=0.0 audio-gain=1.0", as: "crafted.mp4")
        let joined = dir.appendingPathComponent("joined.mp4")
        var r = try await run(animateBinary(), ["concat", crafted.path, "-o", joined.path])
        #expect(r.status == 64 && r.stderr.hasPrefix("Error: \(crafted.path) was rendered with --audio \(secret.path); concat reads only the sound files it is given: add --audio secret.wav"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: joined.path))
        // Named by the user, it is read (found by name, wherever the render had it).
        let moved = dir.appendingPathComponent("here").appendingPathComponent("secret.wav")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: secret, to: moved)
        r = try await run(animateBinary(), ["concat", crafted.path, "-o", joined.path, "--audio", moved.path])
        #expect(r.status == 0 && r.stderr.contains("with sound"), "\(r.stderr)")
        #expect(try probeEntry(joined, "format=nb_streams") == "2")
        // A sound file no segment was rendered with is a mistake, not a soundtrack.
        r = try await run(animateBinary(), ["concat", segment.path, "-o", joined.path, "--audio", moved.path])
        #expect(r.status == 64 && r.stderr.hasPrefix("Error: --audio \(moved.path): no segment was rendered with a soundtrack of that name."), "\(r.stderr)")
    }
}
