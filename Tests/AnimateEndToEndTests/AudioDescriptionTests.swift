import Animate
import AnimateScene
import AnimateScenes
import AnimateTestSupport
import Foundation
import Testing

/// Audio description: the descriptions spoken in the narration's silences as a tagged second
/// stream (or mixed in), written as WebVTT, an extended render that holds the picture for the
/// long ones, and the check that finds what is shown undescribed.
@Suite(.serialized) struct AudioDescriptionTests {
    /// Audio stream `index` of `url` decoded to 48 kHz stereo 16-bit.
    static func pcm(_ url: URL, stream index: Int) async throws -> [Int16] {
        let ffmpeg = try #require(which("ffmpeg"))
        let raw = url.deletingPathExtension().appendingPathExtension("a\(index).pcm")
        let r = try await run(ffmpeg, ["-v", "error", "-y", "-i", url.path, "-map", "0:a:\(index)", "-f", "s16le", "-ac", "2", "-ar", "48000", raw.path])
        #expect(r.status == 0, "\(r.stderr)")
        return try Data(contentsOf: raw).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// The loudest sample between `from` and `to` seconds.
    static func peak(_ pcm: [Int16], from: Double, to: Double) -> Int {
        let a = min(pcm.count, 2 * Int(from * 48000)), b = min(pcm.count, 2 * Int(to * 48000))
        return a < b ? pcm[a..<b].map { abs(Int($0)) }.max() ?? 0 : 0
    }

    /// ffprobe's audio streams of `url`: each stream's dispositions and title.
    static func audioStreams(_ url: URL) async throws -> [[String: String]] {
        let ffprobe = try #require(which("ffprobe"))
        let r = try await run(ffprobe, ["-v", "error", "-select_streams", "a", "-show_entries",
                                        "stream=index:stream_disposition=default,visual_impaired,descriptions", "-of", "compact=p=0", url.path])
        return r.stdout.split(separator: "\n").map { line in
            var fields: [String: String] = [:]
            for part in line.split(separator: "|") {
                let kv = part.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
            }
            return fields
        }
    }

    @Test func descriptionsAreATaggedSecondStreamSpokenInTheSilences() async throws {
        let dir = scratchDirectory()
        let scene = try #require(BuiltinScenes.named("double-square"))
        let spoken = try scene.spokenDescriptions()
        try #require(spoken.count == 3)
        let lines = try #require(scene.narration).spokenLines
        // The first and last fit silences: between the narration's lines, never over one.
        for d in spoken where d.fits {
            #expect(!lines.contains { $0.start < d.end && d.start < $0.end }, "\(d.text) at \(d.start)...\(d.end)")
        }
        #expect(spoken.map(\.fits) == [true, false, true])
        let video = dir.appendingPathComponent("d.mp4"), vtt = dir.appendingPathComponent("d.vtt")
        let r = try await run(animateBinary(), ["double-square", "--size", "320x180", "--fps", "10", "-o", video.path, "--descriptions", vtt.path])
        #expect(r.status == 0 && r.stderr.contains("1 of the scene's descriptions find no silence"), "\(r.stderr)")
        let streams = try await Self.audioStreams(video)
        #expect(streams.count == 2, "\(streams)")
        #expect(streams.first?["disposition:default"] == "1" && streams.first?["disposition:visual_impaired"] == "0")
        #expect(streams.last?["disposition:default"] == "0" && streams.last?["disposition:visual_impaired"] == "1"
                && streams.last?["disposition:descriptions"] == "1", "\(streams)")
        // In the silence after the first line the main sound is quiet and the description speaks.
        let main = try await Self.pcm(video, stream: 0), described = try await Self.pcm(video, stream: 1)
        let first = spoken[0]
        #expect(Self.peak(main, from: first.start + 0.1, to: first.end - 0.1) < 300)
        #expect(Self.peak(described, from: first.start + 0.1, to: first.end - 0.1) > 3000)
        // While a line is spoken, both streams carry it.
        #expect(Self.peak(main, from: lines[1].start + 0.05, to: lines[1].end - 0.05) > 3000)
        // The WebVTT descriptions: each from when it is spoken until it ends.
        let text = try String(contentsOf: vtt, encoding: .utf8)
        #expect(text.hasPrefix("WEBVTT\n") && text.contains(CaptionFormat.webVTT.timestamp(first.start) + " --> " + CaptionFormat.webVTT.timestamp(first.end)
                                                             + "\nA teal square, its bottom side labelled s."), "\(text)")
    }

    @Test func mixedOrLeftOut() async throws {
        let dir = scratchDirectory()
        let scene = try #require(BuiltinScenes.named("double-square"))
        let first = try scene.spokenDescriptions()[0]
        for mode in ["mix", "off"] {
            let video = dir.appendingPathComponent("\(mode).mp4")
            let r = try await run(animateBinary(), ["double-square", "--size", "320x180", "--fps", "10", "--audio-description", mode, "-o", video.path, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try await Self.audioStreams(video).count == 1)
            let peak = Self.peak(try await Self.pcm(video, stream: 0), from: first.start + 0.1, to: first.end - 0.1)
            #expect(mode == "mix" ? peak > 3000 : peak < 300, "\(mode): \(peak)")
        }
        // Several languages in one file: each language's description stream stays tagged, never the default.
        let both = dir.appendingPathComponent("both.mkv")
        let languages = try await run(animateBinary(), ["double-square", "--size", "160x90", "--fps", "10", "--languages", "en,fr", "-o", both.path, "--quiet"])
        #expect(languages.status == 0, "\(languages.stderr)")
        let streams = try await Self.audioStreams(both)
        #expect(streams.map { $0["disposition:visual_impaired"] } == ["0", "1", "0", "1"] && streams.map { $0["disposition:default"] } == ["1", "0", "0", "0"],
                "\(streams)")
        let bad = try await run(animateBinary(), ["double-square", "--audio-description", "loud", "-o", dir.appendingPathComponent("x.mp4").path])
        #expect(bad.status == 64 && bad.stderr.contains("--audio-description"), "\(bad.stderr)")
        let none = try await run(animateBinary(), ["starfield", "--descriptions", dir.appendingPathComponent("s.vtt").path, "-o", dir.appendingPathComponent("s.mp4").path])
        #expect(none.status == 64 && none.stderr.contains("has no descriptions"), "\(none.stderr)")
    }

    @Test func theExtendedRenderHoldsThePictureWhileALongDescriptionIsSpoken() throws {
        let scene = try #require(BuiltinScenes.named("double-square"))
        let rate = try #require(FrameRate(numerator: 10))
        let extended = try scene.extended(at: rate)
        let holds = extended.heldFrames
        try #require(holds.count == 1, "\(holds)")
        let hold = holds[0]
        // Longer by the held frames; its sections move with them.
        #expect(rate.frameCount(forDuration: extended.duration) == rate.frameCount(forDuration: scene.duration) + hold.frames)
        #expect(extended.sections.map(\.name) == scene.sections.map(\.name))
        // The hold comes before the last section: it starts later by the hold (to the sample).
        #expect(abs(extended.sections[2].start - scene.sections[2].start - rate.time(ofFrame: hold.frames)) < 1e-4)
        #expect(extended.sections[0].start == scene.sections[0].start)
        // The picture: frames of the hold all show the held scene frame; before and after, the scene's own.
        let plain = try RenderRequest(scene: scene, size: FrameSize(width: 96, height: 54), rate: rate)
        let held = try RenderRequest(scene: extended, size: FrameSize(width: 96, height: 54), rate: rate)
        func pixels(_ request: RenderRequest, _ index: Int) -> [UInt8] {
            var canvas = Bitmap(width: 96, height: 54)
            request.render(index, into: &canvas)
            return canvas.rgba8()
        }
        let still = pixels(plain, hold.frame)
        for k in [hold.frame, hold.frame + 1, hold.frame + hold.frames / 2, hold.frame + hold.frames] {
            #expect(pixels(held, k) == still, "output frame \(k)")
        }
        #expect(pixels(held, hold.frame + hold.frames + 1) == pixels(plain, hold.frame + 1))
        #expect(pixels(held, hold.frame - 3) == pixels(plain, hold.frame - 3))
        // The sound: no description over the narration, the held one inside the hold.
        let lines = try #require(extended.narration).spokenLines, spoken = try extended.spokenDescriptions()
        for d in spoken {
            #expect(!lines.contains { $0.start < d.end && d.start < $0.end }, "\(d.text) at \(d.start)...\(d.end)")
        }
        let heldDescription = spoken[1]
        #expect(heldDescription.start >= rate.time(ofFrame: hold.frame) && heldDescription.start < rate.time(ofFrame: hold.frame + hold.frames))
        #expect(zip(spoken, spoken.dropFirst()).allSatisfy { $0.end <= $1.start })
        // Rendering it at another rate is refused.
        #expect(throws: RenderError.self) { try RenderRequest(scene: extended, rate: FrameRate(numerator: 30)!) }
    }

    @Test func anExtendedRenderInShardsJoinsIntoTheSameFile() async throws {
        let dir = scratchDirectory()
        let whole = dir.appendingPathComponent("whole.mp4"), joined = dir.appendingPathComponent("joined.mp4")
        let common = ["double-square", "--extended", "--size", "160x90", "--fps", "10", "--quiet"]
        var r = try await run(animateBinary(), common + ["-o", whole.path])
        #expect(r.status == 0, "\(r.stderr)")
        var parts: [String] = []
        for i in 0..<2 {
            let part = dir.appendingPathComponent("part\(i).mp4").path
            r = try await run(animateBinary(), common + ["--shard", "\(i)/2", "-o", part])
            #expect(r.status == 0, "\(r.stderr)")
            parts.append(part)
        }
        r = try await run(animateBinary(), ["concat"] + parts + ["-o", joined.path])
        #expect(r.status == 0, "\(r.stderr)")
        // The joined picture is the shards' (each encoded on its own), as long as the whole render's;
        // its sound is the whole render's, mixed once.
        let pieces = try await frameHashes(URL(fileURLWithPath: parts[0])) + frameHashes(URL(fileURLWithPath: parts[1]))
        let together = try await frameHashes(joined), single = try await frameHashes(whole)
        #expect(together == pieces && pieces.count == single.count && !single.isEmpty)
        #expect(try await Self.pcm(whole, stream: 0) == Self.pcm(joined, stream: 0))
        #expect(try await Self.audioStreams(joined).count == 1)
    }

    @Test func theCheckFlagsUndescribedBeatsAndPassesDescribedOnes() async throws {
        let passed = try await run(animateBinary(), ["describe", "double-square", "--check"])
        #expect(passed.status == 0 && passed.stdout.contains("all 5 beats"), "\(passed.stdout)\(passed.stderr)")
        // A storyboard without narration or descriptions: its shapes are shown undescribed.
        let failed = try await run(animateBinary(), ["describe", "square-to-circle", "--check"])
        #expect(failed.status == 1 && failed.stdout.contains("shows a shape") && failed.stderr.hasPrefix("error: square-to-circle: "),
                "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stderr.split(separator: "\n").count == 1)
        // A scene drawn by a closure is looked at: its changing picture is undescribed.
        let drawn = try await run(animateBinary(), ["describe", "hexagons", "--check", "--duration", "2"])
        #expect(drawn.status == 1 && drawn.stdout.contains("a change in the picture"), "\(drawn.stdout)\(drawn.stderr)")
        let list = try await run(animateBinary(), ["describe", "double-square"])
        #expect(list.status == 0 && list.stdout.contains("3 descriptions") && list.stdout.contains("--extended holds the picture"), "\(list.stdout)")
    }
}
