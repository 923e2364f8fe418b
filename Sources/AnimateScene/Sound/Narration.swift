public import AnimateAudio
import AnimateSpeech
import AnimateText
import AnimateFormula
public import AnimateVideo
import Foundation

/// A voice-over: lines spoken one after another, each by text-to-speech or from a recording,
/// whose real lengths set when things happen. A scene asks when line 3 starts, or when the word
/// "triangle" is spoken, and its animation follows the voice; captions come from the same text.
///
/// Lines are synthesized (or decoded) once, when a render first needs them. Their start samples
/// are whole samples at 48 kHz, so every time below is exact to the sample and the same on
/// every run.
public final class Narration: @unchecked Sendable {
    /// One line of the narration.
    public struct Line: Sendable, ExpressibleByStringLiteral {
        public enum Source: Sendable, Hashable {
            /// Text-to-speech with this voice (nil: the narration's voice).
            case speech(Voice?)
            /// A recorded file of the line being read.
            case recording(String)
        }
        /// What is said: the caption text, and the words spoken for `.speech`.
        public var text: String
        public var source: Source
        /// Silence after the line, in seconds (nil: the narration's pause).
        public var pause: Double?

        public init(_ text: String, source: Source = .speech(nil), pause: Double? = nil) {
            self.text = text; self.source = source; self.pause = pause
        }

        public init(stringLiteral text: String) { self.init(text) }

        /// `text` spoken by `voice`.
        public static func speech(_ text: String, voice: Voice? = nil, pause: Double? = nil) -> Line {
            Line(text, source: .speech(voice), pause: pause)
        }

        /// A recording at `path` of someone reading `text`.
        public static func recording(_ path: String, text: String, pause: Double? = nil) -> Line {
            Line(text, source: .recording(path), pause: pause)
        }
    }

    /// A line as placed on the timeline.
    public struct SpokenLine: Sendable {
        public let text: String
        /// The line's sound at 48 kHz stereo.
        public let sound: AudioBuffer
        /// Scene sample at which it starts.
        public let startSample: Int
        /// Its words with the scene sample at which each starts (empty for recordings).
        public let words: [(text: String, offset: Int, sample: Int)]

        public var start: Double { AudioClock.seconds(atSample: startSample) }
        public var end: Double { AudioClock.seconds(atSample: startSample + sound.frameCount) }
    }

    public let lines: [Line]
    public let voice: Voice
    /// When the first line starts, in seconds.
    public let start: Double
    /// Default silence between lines, in seconds.
    public let pause: Double
    /// Linear gain of the voice in the mix.
    public let gain: Double

    private let lock = NSLock()
    /// Made once: the lines (or why they cannot be made), the lines drawing uses (an estimate
    /// when they cannot), and their captions, which a burnt-in caption reads every frame.
    private var made: (result: Result<[SpokenLine], AudioError>, lines: [SpokenLine], captions: [CaptionCue])?

    /// A narration of `lines`, spoken by `voice` unless a line says otherwise, starting at
    /// `start` seconds with `pause` seconds between lines.
    public init(voice: Voice = .english, start: Double = 0.5, pause: Double = 0.4, gain: Double = 1, _ lines: [Line]) {
        self.voice = voice; self.start = start; self.pause = pause; self.gain = gain; self.lines = lines
    }

    /// A narration whose lines are already spoken and placed: `other`'s, moved (an extended
    /// render's, later by the holds before each line).
    init(placed lines: [SpokenLine], like other: Narration) {
        voice = other.voice; start = other.start; pause = other.pause; gain = other.gain; self.lines = other.lines
        made = (.success(lines), lines, Self.captions(of: lines))
    }

    /// Synthesizes and decodes every line (once; later calls return the same lines). Throws the
    /// first line that cannot be made, naming it.
    @discardableResult
    public func prepare() throws(AudioError) -> [SpokenLine] {
        try timeline().result.get()
    }

    private func timeline() -> (result: Result<[SpokenLine], AudioError>, lines: [SpokenLine], captions: [CaptionCue]) {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let result = Result { () throws(AudioError) in try make() }
        let lines = (try? result.get()) ?? estimate()
        made = (result, lines, Self.captions(of: lines))
        return made!
    }

    private func make() throws(AudioError) -> [SpokenLine] {
        guard start.isFinite, start >= 0, pause.isFinite, pause >= 0 else {
            throw .narrationTimingNegative
        }
        var result: [SpokenLine] = []
        var sample = AudioClock.sample(at: start)
        // In another language (an active string table): its words, in its voice.
        let table = StringTable.active
        let tableVoice = table.flatMap(Voice.init(table:))
        for (n, line) in lines.enumerated() {
            let sound: AudioBuffer
            var words: [(String, Int, Int)] = []
            let said = try Self.readingMath(table?.translate(line.text) ?? line.text)
            switch line.source {
            case let .speech(lineVoice):
                let voice = lineVoice ?? tableVoice ?? self.voice
                let text = try SoundCache.shared.speech(said, voice: voice)
                sound = try Sound.speech(said, voice: voice).samples()
                words = text.words.map { word in
                    // The word's sample at the synthesizer's rate, mapped to 48 kHz.
                    (word.text, word.offset, sample + (word.sample * AudioClock.sampleRate + text.sampleRate / 2) / text.sampleRate)
                }
            case let .recording(path):
                sound = try Sound.file(path).samples()
            }
            result.append(SpokenLine(text: said, sound: sound, startSample: sample, words: words))
            let gap = line.pause ?? pause
            guard gap.isFinite, gap >= 0 else { throw .narrationPauseNegative(line: n + 1) }
            sample += sound.frameCount + AudioClock.sample(at: gap)
        }
        return result
    }

    /// The lines as placed, or, when they cannot be made (the render reports why before drawing),
    /// an estimate from the text's length so that drawing still has times to use.
    public var spokenLines: [SpokenLine] { timeline().lines }

    /// A line with math between `\(` and `\)` as it is read aloud: each formula's words
    /// (`Formula.spoken()`), so the voice says "pi r squared" and the caption shows it. A line
    /// without is as it is; a formula that does not parse fails the line, naming it.
    static func readingMath(_ text: String) throws(AudioError) -> String {
        guard text.contains("\\("), text.contains("\\)") else { return text }
        // As text with math between dollar signs: dollars of its own kept as text.
        let dollars = text.replacingOccurrences(of: "$", with: "\\$")
        let tex = dollars.replacingOccurrences(of: "\\(", with: "$").replacingOccurrences(of: "\\)", with: "$")
        do { return try Formula(text: tex).spoken() } catch {
            throw .cannotSpeak(text, reason: "its math cannot be read: \(error)")
        }
    }

    /// Lines timed from their text's length.
    private func estimate() -> [SpokenLine] {
        var sample = AudioClock.sample(at: max(0, start.isFinite ? start : 0))
        let table = StringTable.active
        return lines.map { line in
            let said = (try? Self.readingMath(table?.translate(line.text) ?? line.text)) ?? line.text
            let length = AudioClock.sample(at: 0.07 * Double(said.count))
            defer { sample += length + AudioClock.sample(at: max(0, line.pause ?? pause)) }
            return SpokenLine(text: said, sound: AudioBuffer(silence: length), startSample: sample, words: [])
        }
    }

    /// When the last line ends, in seconds.
    public var duration: Double { spokenLines.last?.end ?? start }

    /// When line `index` (from 0) starts, in seconds.
    public func start(of index: Int) -> Double { spokenLines[index].start }

    /// When line `index` (from 0) ends, in seconds.
    public func end(of index: Int) -> Double { spokenLines[index].end }

    /// When `word` is spoken (compared ignoring case and punctuation): its `occurrence`-th time
    /// (from 1) in the whole narration, or in line `index` when given. Nil if it is not spoken
    /// that often (recorded lines have no word times).
    /// In another language (an active `StringTable`), the word's translation is looked for.
    public func time(of word: String, occurrence: Int = 1, inLine index: Int? = nil) -> Double? {
        let wanted = Self.normalized(StringTable.active?.translate(word) ?? word)
        let lines = spokenLines
        let searched = index.map { [lines[$0]] } ?? lines
        let matches = searched.flatMap { $0.words }.filter { Self.normalized($0.text) == wanted }
        guard occurrence >= 1, occurrence <= matches.count else { return nil }
        return AudioClock.seconds(atSample: matches[occurrence - 1].sample)
    }

    /// The caption showing at `time`, if any.
    public func caption(at time: Double) -> String? {
        captions.last { $0.start <= time && time < $0.end }?.text
    }

    /// Captions: each line split into sentences, and long sentences at commas or before 42
    /// characters (18 for Chinese and Japanese), each shown from its first spoken word until the next phrase, the
    /// last until its line ends. Recorded lines are one caption each.
    public var captions: [CaptionCue] { timeline().captions }

    private static func captions(of lines: [SpokenLine]) -> [CaptionCue] {
        lines.flatMap { line -> [CaptionCue] in
            guard !line.words.isEmpty else { return [CaptionCue(start: line.start, end: line.end, text: line.text)] }
            let scalars = Array(line.text.unicodeScalars)
            var phrases: [(offset: Int, sample: Int)] = []
            var length = 0
            for (k, word) in line.words.enumerated() {
                let wide = word.text.unicodeScalars.contains { isWide($0) }
                let limit = wide ? 18 : 42
                let previous = k > 0 ? punctuation(scalars, before: word.offset, after: line.words[k - 1].offset) : .none
                // Sentences always end a caption; clauses only once it has a few words.
                let breaks = previous == .sentence || (previous == .clause && length >= (wide ? 6 : 16))
                if phrases.isEmpty || breaks || length + word.text.count > limit {
                    phrases.append((word.offset, word.sample))
                    length = 0
                }
                length += word.text.count + (wide ? 0 : 1)
            }
            return phrases.enumerated().map { n, phrase in
                let next = n + 1 < phrases.count ? phrases[n + 1] : nil
                let from = n == 0 ? 0 : phrase.offset
                let to = next?.offset ?? scalars.count
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars[from..<to])
                let end = next.map { AudioClock.seconds(atSample: $0.sample) } ?? line.end
                let trimmed = String(text).trimmingCharacters(in: .whitespacesAndNewlines)
                // Where the trimmed text starts among the phrase's scalars.
                let lead = text.prefix { CharacterSet.whitespacesAndNewlines.contains($0) }.count
                let cueScalars = Array(trimmed.unicodeScalars)
                let spoken = line.words.filter { $0.offset >= from && $0.offset < to }
                let words = spoken.enumerated().compactMap { k, word -> CaptionCue.Word? in
                    let at = word.offset - from - lead
                    guard at >= 0, at <= cueScalars.count else { return nil }
                    var before = String.UnicodeScalarView()
                    before.append(contentsOf: cueScalars[0..<at])
                    let start = String(before).utf16.count
                    let wordEnd = k + 1 < spoken.count ? AudioClock.seconds(atSample: spoken[k + 1].sample) : end
                    return CaptionCue.Word(range: start..<min(start + word.text.utf16.count, trimmed.utf16.count),
                                           start: AudioClock.seconds(atSample: word.sample), end: max(wordEnd, AudioClock.seconds(atSample: word.sample)))
                }
                return CaptionCue(start: n == 0 ? line.start : AudioClock.seconds(atSample: phrase.sample), end: end,
                                  text: trimmed, words: words)
            }
        }
    }

    /// The placements of the voice in a mix.
    package func place(in mix: inout AudioMix) {
        for line in spokenLines { mix.place(line.sound, at: line.startSample, gain: Float(gain)) }
    }

    private enum Punctuation { case none, clause, sentence }

    /// The strongest punctuation between two words.
    private static func punctuation(_ scalars: [Unicode.Scalar], before offset: Int, after previous: Int) -> Punctuation {
        guard previous < offset, offset <= scalars.count else { return .none }
        let between = scalars[previous..<offset]
        if between.contains(where: { ".!?。！？".unicodeScalars.contains($0) }) { return .sentence }
        if between.contains(where: { ",;:，、；：".unicodeScalars.contains($0) }) { return .clause }
        return .none
    }

    private static func isWide(_ s: Unicode.Scalar) -> Bool {
        (0x2E80...0x9FFF).contains(s.value) || (0xF900...0xFAFF).contains(s.value) || (0xFF00...0xFFEF).contains(s.value)
    }

    private static func normalized(_ word: String) -> String {
        String(word.lowercased().unicodeScalars.filter { !CharacterSet.punctuationCharacters.contains($0) })
    }
}
