import Animate
import AnimateScenes
import AnimateTestSupport
import Foundation
import Testing

/// A storyboard's sections as chapters: inside MP4 and Matroska, as WebVTT chapters, and as a
/// YouTube description checked against YouTube's rules.
@Suite(.serialized) struct ChapterTests {
    /// ffprobe's chapters of `url`: title, start and end in seconds.
    static func chapters(_ url: URL) async throws -> [(String, Double, Double)] {
        let ffprobe = try #require(which("ffprobe"))
        let r = try await run(ffprobe, ["-v", "error", "-show_chapters", "-of", "compact=p=0", url.path])
        return r.stdout.split(separator: "\n").compactMap { line in
            var fields: [String: String] = [:]
            for part in line.split(separator: "|") {
                let kv = part.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
            }
            guard let title = fields["tag:title"], let start = fields["start_time"].flatMap(Double.init),
                  let end = fields["end_time"].flatMap(Double.init) else { return nil }
            return (title, start, end)
        }
    }

    @Test func sectionsAreChaptersInTheFileAndBesideIt() async throws {
        let dir = scratchDirectory()
        let scene = try #require(BuiltinScenes.named("pythagoras"))
        let sections = scene.sections
        try #require(sections.map(\.name) == ["squares", "theorem"])
        for container in ["mp4", "mkv"] {
            let video = dir.appendingPathComponent("p.\(container)"), vtt = dir.appendingPathComponent("p-\(container).vtt")
            let r = try await run(animateBinary(), ["pythagoras", "--size", "320x180", "--fps", "10", "-o", video.path, "--chapters", vtt.path])
            #expect(r.status == 0 && r.stderr.contains("chapters: 2 → "), "\(r.stderr)")
            let found = try await Self.chapters(video)
            #expect(found.map(\.0) == ["squares", "theorem"], "\(container): \(found)")
            // Times to the millisecond: the second starts where the section does; the last ends with the video.
            #expect(found.count == 2 && found[0].1 == 0 && abs(found[1].1 - sections[1].start) < 0.0011)
            #expect(found.count == 2 && abs(found[1].2 - (scene.duration * 10).rounded(.up) / 10) < 0.0011 && abs(found[0].2 - found[1].1) < 1e-9,
                    "\(found), the scene \(scene.duration) s")
            let text = try String(contentsOf: vtt, encoding: .utf8)
            #expect(text.hasPrefix("WEBVTT\n") && text.contains("00:00:00.000 --> 00:00:04.500\nsquares") && text.contains("\ntheorem\n"), "\(text)")
        }
        // Frames 30 to 89 at 10 fps (3 s to 9 s): the chapters cut to them, from the first frame.
        let part = dir.appendingPathComponent("part.mp4")
        let r = try await run(animateBinary(), ["pythagoras", "--size", "320x180", "--fps", "10", "--frames", "30..89", "-o", part.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let cut = try await Self.chapters(part)
        #expect(cut.map(\.0) == ["squares", "theorem"] && cut.first?.1 == 0 && abs((cut.last?.1 ?? 0) - 1.5) < 0.0011 && abs((cut.last?.2 ?? 0) - 6) < 0.0011,
                "\(cut)")
        // A shard is a piece of another file: none; the shards joined are the render again, with its chapters.
        var shards: [String] = []
        for i in 0..<2 {
            let shard = dir.appendingPathComponent("shard\(i).mp4")
            _ = try await run(animateBinary(), ["pythagoras", "--size", "320x180", "--fps", "10", "--shard", "\(i)/2", "-o", shard.path, "--quiet"])
            #expect(try await Self.chapters(shard).isEmpty)
            shards.append(shard.path)
        }
        let joined = dir.appendingPathComponent("joined.mp4")
        let j = try await run(animateBinary(), ["concat"] + shards + ["-o", joined.path])
        #expect(j.status == 0, "\(j.stderr)")
        let whole = try await Self.chapters(dir.appendingPathComponent("p.mp4"))
        let rejoined = try await Self.chapters(joined)
        #expect(rejoined.map(\.0) == whole.map(\.0) && zip(rejoined, whole).allSatisfy { abs($0.1 - $1.1) < 1e-9 && abs($0.2 - $1.2) < 1e-9 }, "\(rejoined)")
    }

    @Test func badChapterRequestsAreOneErrorAndWriteNothing() async throws {
        let dir = scratchDirectory()
        let out = dir.appendingPathComponent("h.mp4")
        var r = try await run(animateBinary(), ["hexagons", "--size", "160x90", "-o", out.path, "--chapters", dir.appendingPathComponent("c.vtt").path])
        #expect(r.status == 64 && r.stderr.contains("Scene 'hexagons' has no sections, so it has no chapters"), "\(r.stderr)")
        r = try await run(animateBinary(), ["pythagoras", "--size", "160x90", "-o", out.path, "--chapters", dir.appendingPathComponent("c.srt").path])
        #expect(r.status == 64 && r.stderr.contains("use a .vtt (WebVTT) file name"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func theYouTubeBlockAndItsRules() async throws {
        let r = try await run(animateBinary(), ["chapters", "pythagoras"])
        #expect(r.status == 0 && r.stdout == "0:00 squares\n0:04 theorem\n", "\(r.stdout)")
        let warnings = r.stderr.split(separator: "\n")
        #expect(warnings.count == 3 && warnings.allSatisfy { $0.hasPrefix("warning: ") }, "\(r.stderr)")
        #expect(r.stderr.contains("at least 3 chapters") && r.stderr.contains("\"squares\" lasts 4.5 s"))
        // The rules one by one.
        let good = [VideoChapter(title: "Intro", start: 0, end: 12), VideoChapter(title: "Proof", start: 12, end: 95),
                    VideoChapter(title: "Why it matters", start: 95, end: 3725)]
        let block = VideoChapter.youTubeDescription(good)
        #expect(block.text == "0:00 Intro\n0:12 Proof\n1:35 Why it matters" && block.problems.isEmpty, "\(block)")
        let late = VideoChapter.youTubeDescription([VideoChapter(title: "A", start: 1, end: 20)] + good.dropFirst())
        #expect(late.problems == ["YouTube needs the first chapter at 0:00; \"A\" starts at 0:01"])
        let long = VideoChapter.youTubeDescription(good + [VideoChapter(title: "Hour", start: 3725, end: 3800)])
        #expect(long.text.hasSuffix("1:02:05 Hour") && long.problems.isEmpty)
        let crowded = VideoChapter.youTubeDescription([good[0], VideoChapter(title: "Same second", start: 0.4, end: 12), good[2]])
        #expect(crowded.problems.contains { $0.contains("does not start after") } && crowded.problems.contains { $0.contains("lasts 0.0 s") == false })
    }
}
