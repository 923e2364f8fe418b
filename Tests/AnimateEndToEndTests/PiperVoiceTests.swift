import Animate
import AnimateSpeech
import AnimateTestSupport
import Foundation
import Testing

/// Piper's neural voice: installed by scripts/setup, its words timed where their sounds start,
/// the same samples every time, kept on disk, and one clear line when it cannot speak.
@Suite(.serialized) struct PiperVoiceTests {
    static let text = "Triangles have three sides. Squares have four, and circles have none."

    /// Where sound starts after `from`: the first 2.5 ms window whose loudness passes a tenth of
    /// the loudest window's.
    static func onset(_ s: SpokenText, after from: Int) -> Int? {
        let hop = s.sampleRate / 400
        var loudness: [Double] = []
        var k = 0
        while k + hop <= s.samples.count {
            loudness.append((k..<(k + hop)).reduce(0.0) { $0 + Double(s.samples[$1]) * Double(s.samples[$1]) } / Double(hop))
            k += hop
        }
        let threshold = (loudness.max() ?? 0) * 0.01
        let first = max(0, from / hop)
        guard first < loudness.count, let i = loudness[first...].firstIndex(where: { $0 > threshold }) else { return nil }
        return i * hop
    }

    @Test func wordsStartWhereTheirSoundsDo() throws {
        let spoken = try PiperSynthesizer.speak(Self.text, voice: "joe")
        #expect(spoken.sampleRate == 22050)
        #expect(spoken.words.map(\.text) == ["Triangles", "have", "three", "sides", "Squares", "have", "four", "and", "circles", "have", "none"])
        let samples = spoken.words.map(\.sample)
        #expect(samples == samples.sorted() && Set(samples).count == samples.count, "in order: \(samples)")
        #expect(spoken.duration > 3 && spoken.duration < 8, "\(spoken.duration) s")
        // Words after silence (each sentence's first): the sound begins within 20 ms of the word's time.
        let ms = Double(spoken.sampleRate) / 1000
        for word in [spoken.words[0], spoken.words[4]] {
            let onset = try #require(Self.onset(spoken, after: word.sample - Int(150 * ms)))
            #expect(abs(Double(onset - word.sample)) <= 20 * ms, "\(word.text): the word at \(Double(word.sample) / ms) ms, its sound at \(Double(onset) / ms) ms")
        }
        // Between the sentences, a pause: quiet just before "Squares".
        let squares = spoken.words[4].sample
        let before = spoken.samples[(squares - Int(60 * ms))..<(squares - Int(25 * ms))]
        #expect(before.allSatisfy { abs($0) < 2000 }, "the pause before the second sentence")
    }

    @Test func theSameSamplesEveryTimeAndKept() throws {
        let text = "Kept \(getpid()): the same sound twice."
        let first = try PiperSynthesizer.speak(text, voice: "joe")
        let kept = try FileManager.default.contentsOfDirectory(at: PiperSynthesizer.cacheDirectory, includingPropertiesForKeys: [.contentModificationDateKey])
            .filter { $0.lastPathComponent.hasPrefix("piper-") }
        let newest = try #require(kept.max { a, b in
            ((try? a.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast)
                < ((try? b.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast)
        })
        #expect(try SpokenText(archive: Data(contentsOf: newest)) == first, "kept on disk as spoken")
        // Spoken again from scratch (the kept file gone): the same samples.
        try FileManager.default.removeItem(at: newest)
        #expect(try PiperSynthesizer.speak(text, voice: "joe") == first)
        // A damaged kept file is spoken again, not read.
        try Data("APS1 damaged".utf8).write(to: newest)
        #expect(try PiperSynthesizer.speak(text, voice: "joe") == first)
    }

    @Test func whatCannotBeSpokenIsOneLine() throws {
        let narration = Narration(voice: .piper("nobody"), ["Qapla'"])
        #expect(throws: AudioError.self) { try narration.prepare() }
        do { try narration.prepare() } catch {
            #expect(error.description == "cannot speak \"Qapla'\": Piper: no Piper voice named nobody (installed: joe-us)", "\(error)")
        }
        #expect(throws: SpeechError.speedOutOfRange(3)) { try PiperSynthesizer.speak("Fast.", voice: "joe", speed: 3) }
        #expect(throws: SpeechError.notAVoiceName("../joe")) { try PiperSynthesizer.speak("Where?", voice: "../joe") }
    }

    @Test func aNarrationInPipersVoiceTimesItsWords() throws {
        let narration = Narration(voice: .piper(), start: 0.5, pause: 0.4, ["One triangle.", "Red, green, and blue."])
        let lines = try narration.prepare()
        let red = try #require(narration.time(of: "red")), blue = try #require(narration.time(of: "blue"))
        #expect(narration.start(of: 1) <= red && red < blue && blue < narration.end(of: 1))
        #expect(lines[1].startSample == lines[0].startSample + lines[0].sound.frameCount + 19200)
    }

    @Test func withoutPiperARenderSaysSoAndWritesNothing() async throws {
        let dir = scratchDirectory()
        let lesson = dir.appendingPathComponent("Voice.swift")
        try #"""
        import Animate

        let voice = Scene(name: "voice", description: "Piper speaks", duration: 2) { context, frame in
            context.fill(Path(CGRect(origin: .zero, size: frame.size)), with: .color(.white))
        }.narrated(by: Narration(voice: .piper(), ["Hello there."]))
        """#.write(to: lesson, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("voice.mp4")
        let r = try await run(animateBinary(), [lesson.path, "--size", "160x90", "-o", out.path], environment: ["ANIMATE_PIPER": dir.appendingPathComponent("none").path])
        #expect(r.status == 1 && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot speak \"Hello there.\": Piper is not installed"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // With Piper, twice in fresh processes with nothing kept: the same sound.
        var sounds: [[Int16]] = []
        for k in 0..<2 {
            let cache = dir.appendingPathComponent("cache\(k)").path
            let r = try await run(animateBinary(), [lesson.path, "--size", "160x90", "-o", out.path], environment: ["XDG_CACHE_HOME": cache])
            #expect(r.status == 0, "\(r.stderr)")
            sounds.append(try await decodePCM(out))
        }
        #expect(sounds[0] == sounds[1] && sounds[0].contains { abs($0) > 2000 })
    }

    @Test func aBuiltInLessonSpeaksInPipersVoiceWhenAsked() async throws {
        let dir = scratchDirectory()
        var starts: [String: Int] = [:]
        for voice in ["", "piper"] {
            let json = dir.appendingPathComponent("w\(voice).json")
            let r = try await run(animateBinary(), ["angles", "--size", "160x90", "--fps", "10", "-o", dir.appendingPathComponent("a\(voice).mp4").path,
                                                    "--captions", json.path, "--quiet"] + (voice.isEmpty ? [] : ["--voice", voice]))
            #expect(r.status == 0, "\(r.stderr)")
            let words = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
            starts[voice] = try #require(words.first { ($0["text"] as? String)?.contains("triangle") == true }?["startMs"] as? Int)
        }
        #expect(starts[""] != starts["piper"], "Piper's voice times the lesson its own way: \(starts)")
        let r = try await run(animateBinary(), ["angles", "--voice", "piper:nobody", "-o", dir.appendingPathComponent("x.mp4").path])
        #expect(r.status == 1 && r.stderr.contains("Piper: no Piper voice named nobody") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }
}

