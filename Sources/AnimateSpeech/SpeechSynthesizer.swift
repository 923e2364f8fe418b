import CSpeechChild
import Foundation

/// Text-to-speech through espeak-ng's C library, in any language it has a voice for ("en-us",
/// "en-gb", "cmn" for Mandarin, "fr", ...).
///
/// espeak-ng carries state from one utterance to the next (the first ignores the rate, later
/// ones drift), and it cannot be restarted in a process. So each utterance is spoken by a child
/// process, this same executable started afresh with `posix_spawn` and caught before `main`
/// (`CSpeechChild`), which streams samples and word events back through a pipe: the result is a
/// pure function of text, voice, rate and pitch, the same on every run.
package enum SpeechSynthesizer {
    /// Speaks `text` with `voice` at `wordsPerMinute` (80...450) and `pitch` (0...99, 50 is the voice's own).
    package static func speak(_ text: String, voice: String, wordsPerMinute: Int = 165, pitch: Int = 50) throws(SpeechError) -> SpokenText {
        guard (80...450).contains(wordsPerMinute) else { throw .rateOutOfRange(wordsPerMinute) }
        guard (0...99).contains(pitch) else { throw .pitchOutOfRange(pitch) }
        guard !voice.isEmpty, voice.count <= 40, voice.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_+".contains($0)) }) else {
            throw .notAVoiceName(voice)
        }
        guard !text.contains("\0") else { throw .textHoldsNUL }
        let bytes = try SpeechChild.run(arguments: [voice, String(wordsPerMinute), String(pitch)], input: Array(text.utf8))
        return try decode(bytes, text: text, voice: voice)
    }

    /// Reads the child's records back into samples and words.
    private static func decode(_ bytes: [UInt8], text: String, voice: String) throws(SpeechError) -> SpokenText {
        var offset = 0
        func next() -> Int32? {
            guard offset + 4 <= bytes.count else { return nil }
            defer { offset += 4 }
            return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
        }
        var samples: [Int16] = [], sampleRate: Int32 = 0
        var events: [(position: Int, length: Int, sample: Int)] = []
        var status: Int32?
        while let kind = next() {
            switch kind {
            case Int32(animate_speech_samples_record):
                guard let count = next(), count >= 0 else { break }
                if count == 0 { sampleRate = next() ?? 0; continue }
                let length = Int(count) * 2
                guard offset + length <= bytes.count else { break }
                samples += bytes[offset..<(offset + length)].withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
                offset += length
            case Int32(animate_speech_word_record):
                guard let position = next(), let length = next(), let sample = next() else { break }
                events.append((Int(position), Int(length), Int(sample)))
            case Int32(animate_speech_status_record):
                status = next()
            default:
                offset = bytes.count
            }
        }
        switch status {
        case Int32(animate_speech_ok)?: break
        case Int32(animate_speech_no_data)?: throw .voiceDataMissing
        case Int32(animate_speech_no_library)?:
            throw .notInstalled
        case nil: throw .stoppedWhileSpeaking(text)
        case Int32(animate_speech_no_voice)?: throw .noSuchVoice(voice)
        default: throw .couldNotSpeak(text)
        }
        guard sampleRate > 0 else { throw .couldNotStart }
        let scalars = Array(text.unicodeScalars)
        let words = events.compactMap { event -> SpokenWord? in
            // espeak-ng counts characters from 1.
            let start = event.position - 1
            guard start >= 0, start < scalars.count else { return nil }
            let end = min(scalars.count, start + event.length)
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[start..<end])
            return SpokenWord(text: String(word), offset: start, sample: min(max(0, event.sample), samples.count))
        }
        return SpokenText(samples: samples, sampleRate: Int(sampleRate), words: words)
    }
}
