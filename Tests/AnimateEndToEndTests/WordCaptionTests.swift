import Animate
import AnimateScenes
import AnimateTestSupport
import Foundation
import Testing

/// Captions word by word: each caption's words with the times they are spoken, as WebVTT inline
/// times and Remotion-style JSON, and drawn into the frames with the spoken word standing out.
@Suite(.serialized) struct WordCaptionTests {
    static let narration = Narration(start: 0.5, pause: 0.4, ["Red, green, and blue.", "One triangle has three sides."])

    @Test func everyCaptionKnowsWhenItsWordsAreSpoken() throws {
        try Self.narration.prepare()
        let cues = Self.narration.captions
        let spoken = Self.narration.spokenLines.flatMap(\.words)
        #expect(cues.flatMap(\.words).count == spoken.count)
        var k = 0
        for cue in cues {
            let utf16 = Array(cue.text.utf16)
            for word in cue.words {
                let text = String(decoding: utf16[word.range], as: UTF16.self)
                #expect(text == spoken[k].text, "\(text) in \"\(cue.text)\"")
                #expect(word.start == AudioClock.seconds(atSample: spoken[k].sample))
                #expect(word.start >= cue.start && word.end <= cue.end && word.start < word.end)
                k += 1
            }
            // Each word lasts until the next starts.
            for (a, b) in zip(cue.words, cue.words.dropFirst()) { #expect(a.end == b.start) }
            #expect(cue.word(at: cue.words[0].start) == 0)
        }
    }

    @Test func sidecarsCarryEachWordsTime() throws {
        try Self.narration.prepare()
        let cues = Self.narration.captions
        let vtt = CaptionFormat.webVTT.text(cues, wordTimes: true)
        // Every word after a cue's first is led by its time, inside its cue, in order.
        for (cue, block) in zip(cues, vtt.components(separatedBy: "\n\n").dropFirst()) {
            let stamps = block.split(separator: "<").dropFirst().map { String($0.prefix(12)) }
            #expect(stamps.count == cue.words.count - 1, "\(block)")
            #expect(stamps == cue.words.dropFirst().map { CaptionFormat.webVTT.timestamp($0.start) })
            #expect(block.replacingOccurrences(of: #"<[0-9:.]+>"#, with: "", options: .regularExpression).hasSuffix(cue.text))
        }
        #expect(CaptionFormat.webVTT.text(cues) == CaptionFormat.webVTT.text(cues, wordTimes: false) && !CaptionFormat.webVTT.text(cues).contains("<"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(CaptionFormat.json.text(cues).utf8)) as? [[String: Any]])
        #expect(json.count == cues.flatMap(\.words).count)
        #expect(json.compactMap { $0["text"] as? String }.joined() == cues.map(\.text).joined(), "tokens put back together are the captions")
        let starts = json.compactMap { $0["startMs"] as? Int }
        #expect(starts == cues.flatMap(\.words).map { Int(($0.start * 1000).rounded()) })
    }

    @Test func theSpokenWordStandsOutInTheFrame() throws {
        try Self.narration.prepare()
        let cue = try #require(Self.narration.captions.first { $0.text.hasPrefix("Red") })
        let size = CGSize(width: 960, height: 540)
        func frame(_ style: CaptionStyle, at time: Double) -> Bitmap {
            var canvas = Bitmap(width: Int(size.width), height: Int(size.height))
            canvas.draw { context, _ in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
                Scene.drawCaption(cue, at: time, style: style, in: &context, size: size)
            }
            return canvas
        }
        /// The columns where the highlight colour (yellow: red and green high, blue low) shows.
        func yellowColumns(_ b: Bitmap) -> ClosedRange<Int>? {
            var xs: [Int] = []
            for y in 420..<500 { for x in 0..<960 { let p = b.premultipliedPixel(x: x, y: y); if p.x > 200 && p.y > 150 && p.z < 80 { xs.append(x) } } }
            guard let lo = xs.min(), let hi = xs.max() else { return nil }
            return lo...hi
        }
        var style = CaptionStyle.standard
        style.highlight = .color
        let first = try #require(yellowColumns(frame(style, at: cue.words[0].start + 0.01)))
        let last = try #require(yellowColumns(frame(style, at: cue.words[cue.words.count - 1].start + 0.01)))
        #expect(first.upperBound < last.lowerBound, "the highlight moves along the caption: \(first), then \(last)")
        // Karaoke: what has been said stays lit, so the lit part grows.
        style.highlight = .karaoke
        let early = try #require(yellowColumns(frame(style, at: cue.words[1].end - 0.01)))
        let late = try #require(yellowColumns(frame(style, at: cue.words[cue.words.count - 1].end - 0.01)))
        #expect(early.lowerBound == late.lowerBound && early.upperBound < late.upperBound)
        // Without a highlight: the caption as before, one block of text, no yellow.
        #expect(yellowColumns(frame(.standard, at: cue.words[1].start)) == nil)
    }

    @Test func aShortGetsItsCaptionsInsideItsSafeArea() async throws {
        let dir = scratchDirectory()
        let out = dir.appendingPathComponent("short.png"), vtt = dir.appendingPathComponent("w.vtt")
        let r = try await run(animateBinary(), ["angles", "--size", "540x960", "--at", "5.4", "--caption-style", "pill", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let bad = try await run(animateBinary(), ["angles", "--size", "540x960", "--caption-style", "sparkle", "-o", out.path, "--captions", vtt.path])
        #expect(bad.status == 64 && bad.stderr.contains("sparkle"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: vtt.path))
        let safe = CaptionStyle.safeArea(for: CGSize(width: 540, height: 960))
        #expect(safe.maxX <= 540 * 0.82 + 0.5 && safe.maxY <= 960 * 0.74 + 0.5 && safe.minY >= 960 * 0.12 - 0.5)
    }

    @Test func mathInANarrationLineIsReadAloudAndCaptionedAsWords() throws {
        let narration = Narration(start: 0.2, [#"The area of a circle is \(\pi r^2\), not \(2 \pi r\)."#])
        let lines = try narration.prepare()
        #expect(lines[0].text == "The area of a circle is pi r squared, not 2 pi r.", "\(lines[0].text)")
        #expect(narration.captions.map(\.text).joined(separator: " ") == lines[0].text)
        #expect(narration.time(of: "squared") != nil, "the formula's words are spoken words with times")
        let broken = Narration([#"Look: \(\frac{1}\)."#])
        #expect(throws: AudioError.self) { try broken.prepare() }
        do { try broken.prepare() } catch {
            #expect(error.description.hasPrefix("cannot speak \"Look: \\(\\frac{1}\\).\": its math cannot be read: "), "\(error)")
        }
        // Without \( \), text is as written, dollars and all.
        #expect(try Narration(["It costs $5 and $6."]).prepare()[0].text == "It costs $5 and $6.")
    }
}

