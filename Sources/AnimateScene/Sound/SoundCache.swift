import AnimateAudio
import AnimateSpeech
import AnimateVideo
import Foundation

/// Decoded files and synthesized speech, kept for the process: a scene's sounds are asked for by
/// every render, preview frame and hash of it, and they never change while it runs.
final class SoundCache: @unchecked Sendable {
    static let shared = SoundCache()
    private let lock = NSLock()
    private var sounds: [Sound.Source: AudioBuffer] = [:]
    private var speech: [Sound.Source: SpokenText] = [:]

    func samples(of source: Sound.Source) throws(AudioError) -> AudioBuffer {
        if let cached = lock.withLock({ sounds[source] }) { return cached }
        let buffer: AudioBuffer
        switch source {
        case let .file(path):
            buffer = try AudioDecoder.decode(path: path)
        case let .speech(text, voice):
            let spoken = try self.speech(text, voice: voice)
            buffer = try AudioDecoder.stereo(mono: spoken.samples, rate: spoken.sampleRate)
        default:
            preconditionFailure("only files and speech are cached")
        }
        lock.withLock { sounds[source] = buffer }
        return buffer
    }

    /// `text` spoken by `voice`, with its word timings (at the synthesizer's own rate).
    func speech(_ text: String, voice: Voice) throws(AudioError) -> SpokenText {
        let key = Sound.Source.speech(text, voice)
        if let cached = lock.withLock({ speech[key] }) { return cached }
        let spoken: SpokenText
        do {
            switch voice.engine {
            case .espeak: spoken = try SpeechSynthesizer.speak(text, voice: voice.name, wordsPerMinute: voice.wordsPerMinute, pitch: voice.pitch)
            case .piper: spoken = try PiperSynthesizer.speak(text, voice: voice.name, speed: voice.speed)
            }
        } catch {
            throw .cannotSpeak(text, reason: error.description)
        }
        lock.withLock { speech[key] = spoken }
        return spoken
    }
}
