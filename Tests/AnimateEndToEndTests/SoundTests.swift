import Animate
import AnimateScenes
import AnimateTestScenes
import AnimateTestSupport
import Foundation
import Testing

/// A 2-second scene with a click at the start of frame `clickFrame` (at 30 fps) and a quiet tone under it.
let clickFrame = 37
let clickScene = Scene(name: "test-click", description: "a click at frame 37", duration: 2, size: CGSize(width: 160, height: 90)) { c, f in
    c.fill(Path(CGRect(origin: .zero, size: f.size)), with: .color(f.index >= clickFrame ? .white : .black))
}.sounds { [SoundCue(.click, at: Double(clickFrame) / 30)] }

/// Decodes the audio of `url` to interleaved 16-bit 48 kHz stereo with the ffmpeg tool.
func decodePCM(_ url: URL) async throws -> [Int16] {
    let ffmpeg = try #require(which("ffmpeg"))
    let raw = url.deletingPathExtension().appendingPathExtension("pcm")
    let r = try await run(ffmpeg, ["-v", "error", "-y", "-i", url.path, "-map", "0:a", "-f", "s16le", "-ac", "2", "-ar", "48000", raw.path])
    #expect(r.status == 0, "\(r.stderr)")
    let data = try Data(contentsOf: raw)
    return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
}

/// ffprobe's `key=value` entries for stream `selector` (e.g. "a:0").
func probeStream(_ url: URL, _ selector: String) async throws -> [String: String] {
    let ffprobe = try #require(which("ffprobe"))
    let r = try await run(ffprobe, ["-v", "error", "-select_streams", selector, "-show_entries",
                              "stream=codec_name,sample_rate,channels,duration,nb_frames", "-of", "default=nw=1", url.path])
    var result: [String: String] = [:]
    for line in r.stdout.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
    }
    return result
}

@Suite(.serialized) struct SoundtrackTests {
    @Test func mp4CarriesAACAsLongAsTheVideo() async throws {
        let dir = scratchDirectory()
        let wav = dir.appendingPathComponent("long.wav"), flac = dir.appendingPathComponent("short.flac")
        try makeSoundFile(wav, seconds: 5)
        try makeSoundFile(flac, seconds: 0.5, frequency: 880)
        for (source, name) in [(wav, "long"), (flac, "short")] {
            let out = dir.appendingPathComponent("\(name).mp4")
            let request = try RenderRequest(scene: flatShapesScene, output: .mp4(out), rate: FrameRate(numerator: 25)!,
                                            duration: 2, threads: 2, soundtrack: Soundtrack(path: source.path))
            try Renderer(request: request).run()
            let audio = try await probeStream(out, "a:0"), video = try await probeStream(out, "v:0")
            #expect(audio["codec_name"] == "aac" && audio["sample_rate"] == "48000" && audio["channels"] == "2")
            #expect(video["codec_name"] == "h264" && video["nb_frames"] == "50")
            let pcm = try await decodePCM(out)
            // 2 s of video: the audio lasts 2 s, within one AAC frame.
            #expect(abs(pcm.count / 2 - 96000) <= 1024, "\(pcm.count / 2) samples")
            if name == "short" {
                // Sound during the first half second, silence after it.
                #expect(pcm[0..<(2 * 20000)].contains { abs($0) > 2000 })
                #expect(pcm[(2 * 30000)...].allSatisfy { abs($0) < 50 })
            } else {
                #expect(pcm[(2 * 90000)..<(2 * 95000)].contains { abs($0) > 2000 })
            }
        }
    }

    @Test func decodesTheCommonFormats() throws {
        let dir = scratchDirectory()
        for (ext, args) in [("mp3", [String]()), ("m4a", ["-c:a", "aac"]), ("ogg", ["-c:a", "libopus"]), ("flac", [])] {
            let file = dir.appendingPathComponent("tone.\(ext)")
            try makeSoundFile(file, seconds: 1, extraArguments: args)
            let sound = try AudioDecoder.decode(path: file.path)
            // One second at 48 kHz, give or take the codec's padding.
            #expect(abs(sound.frameCount - 48000) < 2500, "\(ext): \(sound.frameCount)")
            // ffmpeg's sine source is at 1/8 of full scale.
            #expect(sound.peak > 0.1 && sound.peak < 0.2, "\(ext)")
            // Read only as far as asked: the same first samples.
            let start = try AudioDecoder.decode(path: file.path, limit: 4800)
            #expect(start.frameCount == 4800 && start.samples == Array(sound.samples.prefix(9600)), "\(ext)")
        }
    }

    @Test func badSoundFilesFailBeforeAnyFrameIsDrawn() async throws {
        let dir = scratchDirectory()
        let garbage = dir.appendingPathComponent("garbage.wav")
        try Data("not a sound".utf8).write(to: garbage)
        let video = dir.appendingPathComponent("v.mp4")
        try makeSoundFile(video, seconds: 0.2, extraArguments: ["-vn"])
        let picture = dir.appendingPathComponent("p.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: picture)
        let cases: [(String, String, AudioError)] = [
            (dir.appendingPathComponent("missing.wav").path, "no such file",
             .fileUnreadable(path: dir.appendingPathComponent("missing.wav").path, .missing)),
            (garbage.path, "not a sound file FFmpeg can decode", .notDecodable(path: garbage.path)),
            (dir.path, "it is a directory", .fileUnreadable(path: dir.path, .directory)),
        ]
        for (path, reason, error) in cases {
            let out = dir.appendingPathComponent("out.mp4")
            let r = try await run(animateBinary(), ["hexagons", "--size", "160x90", "--frames", "0..3", "--audio", path, "-o", out.path])
            #expect(r.status == 1)
            #expect(r.stderr == "error: cannot read sound \(path): \(reason)\n")
            #expect(!FileManager.default.fileExists(atPath: out.path))
            // The library says the same.
            let request = try RenderRequest(scene: flatShapesScene, output: .mp4(out), duration: 0.1, soundtrack: Soundtrack(path: path))
            #expect(throws: error) { try Renderer(request: request).run() }
            #expect(error.description == "cannot read sound \(path): \(reason)")
        }
        let r = try await run(animateBinary(), ["hexagons", "--frames", "0..3", "--audio", garbage.path, "--audio-offset", "inf", "-o", "x.mp4"])
        #expect(r.status == 64 && r.stderr.hasPrefix("Error: --audio-offset inf must be a number of seconds within ±24 hours.\n"))
    }

    @Test func gifAndStillsIgnoreTheSoundWithANote() async throws {
        let dir = scratchDirectory()
        let wav = dir.appendingPathComponent("a.wav")
        try makeSoundFile(wav, seconds: 1)
        let r = try await run(animateBinary(), ["hexagons", "--size", "160x90", "--fps", "25", "--frames", "0..3", "--audio", wav.path,
                                          "-o", dir.appendingPathComponent("a.gif").path])
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("note: --audio is ignored: GIF output has no sound.\n"))
    }

    @Test func offsetDelaysOrSkipsTheSoundtrack() throws {
        let dir = scratchDirectory()
        let wav = dir.appendingPathComponent("a.wav")
        try makeSoundFile(wav, seconds: 3)
        func mix(offset: Double) throws -> [Int16] {
            let request = try RenderRequest(scene: flatShapesScene, rate: FrameRate(numerator: 25)!, duration: 2,
                                            soundtrack: Soundtrack(path: wav.path, offset: offset))
            return try #require(try request.audioMix()).pcm()
        }
        let plain = try mix(offset: 0), late = try mix(offset: 0.5), early = try mix(offset: -0.5)
        #expect(late[0..<48000].allSatisfy { $0 == 0 })
        #expect(Array(late[48000...]) == Array(plain[0..<(plain.count - 48000)]))
        #expect(Array(early[0..<(early.count - 48000)]) == Array(plain[48000...]))
    }
}

@Suite(.serialized) struct SoundCueTests {
    /// The first sample of a decoded file louder than `threshold`.
    func onset(_ pcm: [Int16], threshold: Int16 = 8000) -> Int? {
        (0..<(pcm.count / 2)).first { abs(Int(pcm[2 * $0])) > Int(threshold) }
    }

    @Test func clickIsHeardAtItsFrame() async throws {
        let dir = scratchDirectory()
        let out = dir.appendingPathComponent("click.mp4")
        let request = try RenderRequest(scene: clickScene, output: .mp4(out), rate: FrameRate(numerator: 30)!, threads: 2)
        try Renderer(request: request).run()
        let pcm = try await decodePCM(out)
        let heard = try #require(onset(pcm))
        let expected = Double(clickFrame) / 30
        #expect(abs(Double(heard) / 48000 - expected) <= 0.001, "heard at \(Double(heard) / 48000) s, frame at \(expected) s")
        // The mix itself places it at exactly round(t * 48000).
        let mixed = try #require(try request.audioMix()).pcm()
        #expect(onset(mixed, threshold: 1000) == AudioClock.sample(at: expected))
    }

    @Test func shardsJoinedHaveTheSingleRendersSound() async throws {
        let dir = scratchDirectory()
        let catalog = SceneCatalog([clickScene])
        let rate = FrameRate(numerator: 30)!
        let single = dir.appendingPathComponent("single.mp4")
        try Renderer(request: RenderRequest(scene: clickScene, output: .mp4(single), rate: rate, threads: 2)).run()
        var segments: [URL] = []
        for i in 0..<4 {
            let url = dir.appendingPathComponent("s\(i).mp4")
            let request = try RenderRequest(scene: clickScene, output: .mp4(url), rate: rate, shard: Shard(i, of: 4), threads: 2)
            #expect(request.notes == ["A shard is rendered without sound; `concat` adds the whole soundtrack to the joined file."])
            try Renderer(request: request).run()
            #expect(try await probeStream(url, "a:0").isEmpty)
            segments.append(url)
        }
        let joined = dir.appendingPathComponent("joined.mp4")
        let join = try SegmentJoin(segments: segments, output: joined)
        #expect(try join.render()?.frames == 0...59)
        let summary = try join.run(soundFrom: catalog)
        #expect(summary.frames == 60 && summary.hasSound)
        #expect(try await decodePCM(joined) == decodePCM(single))
        // The joined file is tagged as the whole render, so it joins again with its sound.
        #expect(try SegmentJoin(segments: [joined], output: dir.appendingPathComponent("again.mp4")).render()?.frames == 0...59)
        // Out of order: each segment sounds as it was rendered. The click (frame 37, in shard 2)
        // plays where shard 2's frames are shown: after shard 3's 15 frames.
        let swapped = dir.appendingPathComponent("swapped.mp4")
        let join2 = try SegmentJoin(segments: [segments[0], segments[1], segments[3], segments[2]], output: swapped)
        #expect(try join2.render() == nil)
        let mix = try #require(try join2.sound(of: join2.checked(join2.tags()).map { ($0.tag, $0.frames) }, in: catalog).main)
        #expect(mix.frameCount == 96000)
        let pcm = mix.pcm()
        let onset = (0..<96000).first { abs(Int(pcm[2 * $0])) > 1000 }
        #expect(onset == AudioClock.sample(ofFrame: clickFrame + 15, numerator: 30, denominator: 1))
    }

    @Test func sameSoundBytesEveryRunAndThreadCount() throws {
        let a = try RenderRequest(scene: BuiltinScenes.named("angles")!, rate: FrameRate(numerator: 30)!, threads: 1)
        let b = try RenderRequest(scene: BuiltinScenes.named("angles")!, rate: FrameRate(numerator: 30)!, threads: 2)
        let pcm = try #require(try a.audioMix()).pcm()
        #expect(pcm == (try #require(try b.audioMix()).pcm()))
        #expect(pcm.contains { $0 != 0 })
        // Speech from espeak-ng is the same samples when synthesized again.
        let one = try SpeechSynthesizer.speak("Three sides.", voice: "en-us")
        let two = try SpeechSynthesizer.speak("Three sides.", voice: "en-us")
        #expect(one == two && !one.samples.isEmpty)
    }

    /// Each utterance is a child process started with posix_spawn: eight at once, from eight
    /// threads of a process that is busy elsewhere, give the same samples as one alone, and
    /// none waits on a pipe end another child inherited.
    @Test func speechFromManyThreadsIsTheSameAsAlone() throws {
        let alone = try SpeechSynthesizer.speak("Angles add up.", voice: "en-us")
        let results = UnsafeMutableBufferPointer<SpokenText?>.allocate(capacity: 8)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            results[i] = try? SpeechSynthesizer.speak("Angles add up.", voice: "en-us")
        }
        #expect(results.allSatisfy { $0 == alone })
        #expect(throws: SpeechError.self) { try SpeechSynthesizer.speak("Angles.", voice: "no-such-voice") }
    }
}

@Suite(.serialized) struct NarrationTests {
    @Test func wordsAndLinesFollowTheVoice() throws {
        let narration = Narration(start: 0.25, pause: 0.5, ["One triangle.", "Red, green, and blue."])
        let lines = try narration.prepare()
        #expect(lines.count == 2)
        #expect(lines[0].startSample == 12000)
        #expect(lines[1].startSample == lines[0].startSample + lines[0].sound.frameCount + 24000)
        let red = try #require(narration.time(of: "red")), green = try #require(narration.time(of: "Green"))
        let blue = try #require(narration.time(of: "blue"))
        #expect(narration.start(of: 1) <= red && red < green && green < blue && blue < narration.end(of: 1))
        #expect(narration.time(of: "purple") == nil)
        #expect(narration.duration == narration.end(of: 1))
        // Word times are the synthesizer's word events, mapped to 48 kHz from the line's start.
        let spoken = try SpeechSynthesizer.speak("Red, green, and blue.", voice: "en-us")
        let event = try #require(spoken.words.first { $0.text == "green" })
        #expect(AudioClock.sample(at: green) == lines[1].startSample + (event.sample * 48000 + spoken.sampleRate / 2) / spoken.sampleRate)
    }

    @Test func captionsStartWhenTheirFirstWordIsSpoken() throws {
        for name in ["angles", "angles-zh"] {
            let scene = try #require(BuiltinScenes.named(name))
            let narration = try #require(scene.narration)
            let lines = try narration.prepare()
            let captions = narration.captions
            #expect(captions.count >= lines.count)
            let wordTimes = Set(lines.flatMap { $0.words.map(\.sample) })
            for (n, cue) in captions.enumerated() {
                // Each caption starts at a word event of the voice (the first of its line starts with the line).
                #expect(wordTimes.contains(AudioClock.sample(at: cue.start)), "\(name) cue \(n) '\(cue.text)' at \(cue.start)")
                #expect(cue.end > cue.start)
                if n + 1 < captions.count { #expect(cue.end <= captions[n + 1].start) }
            }
            // The captions put together are the narration's text.
            let text = captions.map(\.text).joined().filter { !$0.isWhitespace }
            #expect(text == narration.lines.map(\.text).joined().filter { !$0.isWhitespace })
            // The scene lasts until just after the voice ends.
            #expect(abs(scene.duration - (narration.duration + 1.2)) < 1e-9)
        }
    }

    @Test func sidecarsMatchTheCaptionsTimedToTheRenderedFrames() throws {
        let dir = scratchDirectory()
        let scene = try #require(BuiltinScenes.named("angles"))
        let vtt = dir.appendingPathComponent("a.vtt"), srt = dir.appendingPathComponent("a.srt")
        // Frames from 4 s on: caption times count from the first rendered frame.
        let request = try RenderRequest(scene: scene, rate: FrameRate(numerator: 10)!, frames: .range(40, 120))
        try CaptionFile(path: vtt.path, request: request).write()
        try CaptionFile(path: srt.path, request: request).write()
        let cues = try request.captions()
        let all = scene.narration!.captions
        let first = try #require(cues.first)
        let source = try #require(all.first { $0.end > 4 })
        #expect(abs(first.start - max(0, source.start - 4)) < 1e-9 && first.text == source.text)
        let webVTT = try String(contentsOf: vtt, encoding: .utf8)
        #expect(webVTT.hasPrefix("WEBVTT\n\n"))
        #expect(webVTT.contains(CaptionFormat.webVTT.timestamp(first.start) + " --> " + CaptionFormat.webVTT.timestamp(first.end) + "\n" + first.text))
        let subRip = try String(contentsOf: srt, encoding: .utf8)
        #expect(subRip.hasPrefix("1\n" + CaptionFormat.subRip.timestamp(first.start)))
        #expect(CaptionFormat.subRip.timestamp(3725.5) == "01:02:05,500")
        // Every cue ends by the last rendered frame's end (12.1 s from 4 s: 8.1 s).
        #expect(cues.allSatisfy { $0.end <= 8.1 + 1e-9 })
    }

    @Test func recordedLinesTakeTheirFilesLength() throws {
        let dir = scratchDirectory()
        let wav = dir.appendingPathComponent("line.wav")
        try makeSoundFile(wav, seconds: 1.5)
        let narration = Narration(start: 1, pause: 0.25, [.recording(wav.path, text: "A recorded line."), "Then a spoken one."])
        let lines = try narration.prepare()
        #expect(lines[0].startSample == 48000 && abs(lines[0].sound.frameCount - 72000) < 100)
        #expect(lines[1].startSample == 48000 + lines[0].sound.frameCount + 12000)
        // A recording is one caption over its whole length; it has no word times.
        #expect(narration.captions.first == CaptionCue(start: 1, end: narration.end(of: 0), text: "A recorded line."))
        #expect(narration.time(of: "recorded") == nil && narration.time(of: "spoken") != nil)
    }

    @Test func burntInCaptionsDrawOnlyTheCaptionBox() throws {
        let scene = try #require(BuiltinScenes.named("angles"))
        let narration = try #require(scene.narration)
        let cue = try #require(narration.captions.first)
        let rate = FrameRate(numerator: 30)!
        let index = rate.frameIndex(at: (cue.start + cue.end) / 2)
        let frame = Frame(index: index, rate: rate, count: rate.frameCount(forDuration: scene.duration), size: CGSize(width: 320, height: 180))
        var plain = Bitmap(width: 320, height: 180), captioned = Bitmap(width: 320, height: 180)
        scene.render(frame, into: &plain)
        scene.burningCaptions().render(frame, into: &captioned)
        var changedRows = Set<Int>()
        for y in 0..<180 {
            for x in 0..<320 where plain.premultipliedPixel(x: x, y: y) != captioned.premultipliedPixel(x: x, y: y) { changedRows.insert(y) }
        }
        // The box sits near the bottom: rows in the lowest quarter changed, nothing above the lower half.
        #expect(!changedRows.isEmpty && changedRows.allSatisfy { $0 > 90 } && changedRows.contains { $0 > 135 })
        // Between lines (no caption) the frame is untouched.
        let gap = rate.frameIndex(at: (narration.end(of: 0) + narration.start(of: 1)) / 2)
        let quiet = Frame(index: gap, rate: rate, count: frame.count, size: frame.size)
        scene.render(quiet, into: &plain)
        scene.burningCaptions().render(quiet, into: &captioned)
        #expect(plain.rgba8() == captioned.rgba8())
        // Asking to burn captions of a silent scene is a rule broken.
        #expect(throws: RenderError.captionsNeedNarration("hexagons")) {
            try RenderRequest(scene: BuiltinScenes.named("hexagons")!, burnsCaptions: true)
        }
    }

    @Test func unknownVoiceIsOneClearError() throws {
        let narration = Narration(voice: Voice("no-such-voice"), ["Qapla'"])
        let error = AudioError.cannotSpeak("Qapla'", reason: SpeechError.noSuchVoice("no-such-voice").description)
        #expect(throws: error) { try narration.prepare() }
        #expect(error.description == "cannot speak \"Qapla'\": espeak-ng has no voice 'no-such-voice' (try en-us, en-gb or cmn; `espeak-ng --voices` lists them)")
        // Drawing still gets estimated times.
        #expect(narration.duration > narration.start)
    }
}

@Suite(.serialized) struct SoundHashTests {
    @Test func audioLinesAreFFmpegsFramemd5OfTheMix() async throws {
        let dir = scratchDirectory()
        let request = try RenderRequest(scene: clickScene, rate: FrameRate(numerator: 30)!, frames: .range(10, 50))
        let manifest = try FrameHashing.manifest(for: request, includingAudio: true)
        let pcm = try #require(try request.audioMix()).pcm()
        let raw = dir.appendingPathComponent("mix.pcm")
        try pcm.withUnsafeBytes { try Data($0).write(to: raw) }
        let ffmpeg = try #require(which("ffmpeg"))
        let r = try await run(ffmpeg, ["-v", "error", "-f", "s16le", "-ar", "48000", "-ac", "2", "-i", raw.path, "-f", "framemd5", "-"])
        let theirs = r.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.dropFirst(1)) }
        let ours = manifest.text.split(separator: "\n").filter { $0.hasPrefix("1,") }.map { String($0.dropFirst(1)) }
        #expect(!ours.isEmpty && ours == theirs)
        #expect(manifest.audio.reduce(0) { $0 + $1.samples } == AudioClock.sample(ofFrame: 51, numerator: 30, denominator: 1) - AudioClock.sample(ofFrame: 10, numerator: 30, denominator: 1))
        // The manifest reads back to the same hashes.
        #expect(try FrameManifest(parsing: manifest.text) == manifest)
    }

    @Test func silentRendersHaveNoSoundLinesAndNoAudioLeavesThemOut() async throws {
        var r = try await run(animateBinary(), ["hash", "hexagons", "--size", "64x36", "--fps", "10", "--frames", "0..2"])
        #expect(r.status == 0 && !r.stdout.contains("\n1,") && !r.stdout.contains("audio=1"))
        r = try await run(animateBinary(), ["hash", "angles", "--size", "64x36", "--fps", "10", "--frames", "0..2", "--no-audio"])
        #expect(r.status == 0 && !r.stdout.contains("\n1,"))
        r = try await run(animateBinary(), ["hash", "angles", "--size", "64x36", "--fps", "10", "--frames", "0..2"])
        #expect(r.status == 0 && r.stdout.contains("\n1,          0,          0,     1024,     4096, ") && r.stdout.contains(" audio=0..2\n"))
    }

    @Test func verifyCatchesAChangedSoundtrack() async throws {
        let dir = scratchDirectory()
        let wav = dir.appendingPathComponent("voice.wav"), manifest = dir.appendingPathComponent("m.framemd5")
        try makeSoundFile(wav, seconds: 1)
        let hash = try await run(animateBinary(), ["hash", "hexagons", "--size", "64x36", "--fps", "10", "--frames", "0..9",
                                             "--audio", wav.path, "-o", manifest.path])
        #expect(hash.status == 0, "\(hash.stderr)")
        var verify = try await run(animateBinary(), ["verify", manifest.path])
        #expect(verify.status == 0 && verify.stdout == "10 frames and their sound match m.framemd5\n")
        try makeSoundFile(wav, seconds: 1, frequency: 441)
        verify = try await run(animateBinary(), ["verify", manifest.path])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("sound packets differ from m.framemd5"))
        #expect(verify.stdout.hasPrefix("sound at 0.000 s (sample 0): expected "))
    }
}

@Suite(.serialized) struct NarratedLessonTests {
    /// The speech child speaks on a thread with a stack of its own size, so a small `ulimit -s`
    /// (128 KB here; the debug build's own main thread needs about that) leaves speech whole, and
    /// whatever the child would print stays off the user's terminal.
    @Test func speechSurvivesASmallStackLimit() async throws {
        let dir = scratchDirectory()
        let r = try await run("/bin/sh", ["-c", "ulimit -s 128; exec \"$0\" angles-zh --size 160x90 --fps 10 --frames 0..4 -o zh.mp4 --quiet", animateBinary()],
                              currentDirectory: dir)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.status): \(r.stderr)")
        await #expect(try probeStream(dir.appendingPathComponent("zh.mp4"), "a:0")["codec_name"] == "aac")
    }

    /// A render with captions is all or nothing: when the captions cannot be written, the
    /// previous video and captions are both kept, and nothing is drawn.
    @Test func aCaptionFailureReplacesNeitherFile() async throws {
        let dir = scratchDirectory()
        let video = dir.appendingPathComponent("lesson.mp4"), vtt = dir.appendingPathComponent("lesson.vtt")
        let common = ["angles", "--size", "160x90", "--fps", "10", "-o", video.path, "--quiet"]
        var r = try await run(animateBinary(), common + ["--frames", "0..4", "--captions", vtt.path])
        #expect(r.status == 0, "\(r.stderr)")
        let before = try Data(contentsOf: video), captions = try Data(contentsOf: vtt)
        for bad in [dir.appendingPathComponent("missing/lesson.vtt").path, dir.appendingPathComponent("folder.vtt").path] {
            if bad.hasSuffix("folder.vtt") { try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: true) }
            r = try await run(animateBinary(), common + ["--frames", "0..2", "--captions", bad])
            #expect(r.status == 1 && r.stderr.hasPrefix("error: ") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            #expect(try Data(contentsOf: video) == before && Data(contentsOf: vtt) == captions)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func lessonRendersWithVoiceCaptionsAndShardedSound() async throws {
        let dir = scratchDirectory()
        let single = dir.appendingPathComponent("angles.mp4"), vtt = dir.appendingPathComponent("angles.vtt")
        let common = ["angles", "--size", "320x180", "--fps", "10"]
        var r = try await run(animateBinary(), common + ["-o", single.path, "--captions", vtt.path, "--burn-captions", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        await #expect(try probeStream(single, "a:0")["codec_name"] == "aac")
        let cues = try String(contentsOf: vtt, encoding: .utf8).components(separatedBy: " --> ").count - 1
        #expect(cues == BuiltinScenes.named("angles")!.narration!.captions.count)
        var segments: [String] = []
        for i in 0..<3 {
            let url = dir.appendingPathComponent("s\(i).mp4").path
            r = try await run(animateBinary(), common + ["--burn-captions", "--shard", "\(i)/3", "-o", url, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            segments.append(url)
        }
        let joined = dir.appendingPathComponent("joined.mp4")
        r = try await run(animateBinary(), ["concat"] + segments + ["-o", joined.path])
        #expect(r.status == 0 && r.stderr.contains("with sound"), "\(r.stderr)")
        await #expect(try decodePCM(joined) == decodePCM(single))
        // Whole renders of other scenes join too, each with its own sound.
        let other = dir.appendingPathComponent("other.mp4").path
        r = try await run(animateBinary(), ["hexagons", "--size", "320x180", "--fps", "10", "--duration", "1", "-o", other, "--quiet"])
        #expect(r.status == 0)
        let mixed = dir.appendingPathComponent("mixed.mp4")
        r = try await run(animateBinary(), ["concat", other, single.path, "-o", mixed.path])
        #expect(r.status == 0 && r.stderr.contains("with sound"), "\(r.stderr)")
        let pcm = try await decodePCM(mixed)
        #expect(pcm[0..<(2 * 48000)].allSatisfy { abs($0) < 50 })   // hexagons' second is silent
        #expect(pcm[(2 * 48000)...].contains { abs($0) > 2000 })     // then the lesson speaks
    }
}
