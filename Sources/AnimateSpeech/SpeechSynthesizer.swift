import CEspeakNG
import Foundation

/// Text-to-speech through espeak-ng's C library, in any language it has a voice for ("en-us",
/// "en-gb", "cmn" for Mandarin, "fr", ...).
///
/// espeak-ng keeps one global state, so calls are serialized. The result is a pure function of
/// the text, voice, rate and pitch for a given espeak-ng version: the same samples every run.
public enum SpeechSynthesizer {
    private static let lock = NSLock()
    /// Filled by the synthesis callback while `lock` is held.
    nonisolated(unsafe) private static var samples: [Int16] = []
    nonisolated(unsafe) private static var events: [(position: Int, length: Int, sample: Int)] = []
    nonisolated(unsafe) private static var sampleRate: Int32 = 0

    /// Speaks `text` with `voice` at `wordsPerMinute` (80...450) and `pitch` (0...99, 50 is the voice's own).
    public static func speak(_ text: String, voice: String, wordsPerMinute: Int = 165, pitch: Int = 50) throws(SpeechError) -> SpokenText {
        guard (80...450).contains(wordsPerMinute) else { throw SpeechError("speech rate \(wordsPerMinute) is out of range 80...450 words per minute") }
        guard (0...99).contains(pitch) else { throw SpeechError("speech pitch \(pitch) is out of range 0...99") }
        guard !voice.isEmpty, voice.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "+" }) else {
            throw SpeechError("'\(voice)' is not an espeak-ng voice name")
        }
        lock.lock()
        defer { lock.unlock() }
        if sampleRate == 0 {
            // Synchronous output to our callback; 0x8000 (espeakINITIALIZE_DONT_EXIT) keeps a
            // missing data folder from ending the process.
            let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, 0x8000)
            guard rate > 0 else { throw SpeechError("espeak-ng could not start: its voice data is missing (install espeak-ng-data)") }
            sampleRate = rate
            espeak_SetSynthCallback { wav, count, list in
                if let wav, count > 0 { SpeechSynthesizer.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count))) }
                var event = list
                while let e = event, e.pointee.type != espeakEVENT_LIST_TERMINATED {
                    if e.pointee.type == espeakEVENT_WORD, e.pointee.length > 0 {
                        SpeechSynthesizer.events.append((Int(e.pointee.text_position), Int(e.pointee.length), Int(e.pointee.sample)))
                    }
                    event = e + 1
                }
                return 0
            }
        }
        guard espeak_SetVoiceByName(voice) == EE_OK else {
            throw SpeechError("espeak-ng has no voice '\(voice)' (try en-us, en-gb or cmn; `espeak-ng --voices` lists them)")
        }
        espeak_SetParameter(espeakRATE, Int32(wordsPerMinute), 0)
        espeak_SetParameter(espeakPITCH, Int32(pitch), 0)
        samples = []
        events = []
        let status = text.withCString { chars in
            espeak_Synth(chars, strlen(chars) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
        }
        guard status == EE_OK, espeak_Synchronize() == EE_OK else { throw SpeechError("espeak-ng could not speak \"\(text.prefix(40))\"") }
        let scalars = Array(text.unicodeScalars)
        let words = events.compactMap { event -> SpokenWord? in
            // espeak-ng counts characters from 1.
            let start = event.position - 1
            guard start >= 0, start < scalars.count else { return nil }
            let end = min(scalars.count, start + event.length)
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[start..<end])
            return SpokenWord(text: String(word), offset: start, sample: min(event.sample, samples.count))
        }
        let result = SpokenText(samples: samples, sampleRate: Int(sampleRate), words: words)
        samples = []
        events = []
        return result
    }
}
