import Foundation
/// A sound that cannot be used. `description` is the one line a user reads, naming the file,
/// line or cue and the reason.
public enum AudioError: Error, CustomStringConvertible, Sendable, Equatable {
    case narrationTimingNegative
    /// Lines count from 1.
    case narrationPauseNegative(line: Int)
    case toneOutOfRange
    /// Text the speech synthesizer could not speak, and why (its `SpeechError`).
    case cannotSpeak(String, reason: String)
    case cueTimeOutOfRange(scene: String, time: Double)
    case descriptionTimeOutOfRange(scene: String, time: Double)
    case cueGainOutOfRange(scene: String, gain: Double)
    case fileUnreadable(path: String, InputFileProblem)
    case notDecodable(path: String)
    case decodingFailed(path: String, reason: String)
    case noAudioStream(path: String)
    case noSampleRateOrChannels(path: String)
    case resamplingFailed(reason: String)
    case outOfMemory(path: String)
    /// A sound that would not fit in the memory this process may use once at 48 kHz: its length
    /// (when the file gives it) and the figures.
    case notEnoughMemory(path: String, seconds: Double?, needed: Int, available: Int)

    public var description: String {
        switch self {
        case .narrationTimingNegative: "a narration needs a start and pause of 0 seconds or more"
        case .narrationPauseNegative(let line): "narration line \(line) has a negative pause"
        case .toneOutOfRange: "a tone needs a positive frequency and a duration of 0...24 hours"
        case let .cannotSpeak(text, reason): "cannot speak \"\(text.prefix(40))\": \(reason)"
        case let .cueTimeOutOfRange(scene, time): "scene '\(scene)' has a sound at \(time) s: times must be 0...24 hours"
        case let .descriptionTimeOutOfRange(scene, time): "scene '\(scene)' has a description at \(time) s: times must be 0...24 hours"
        case let .cueGainOutOfRange(scene, gain): "scene '\(scene)' has a sound with gain \(gain): gains must be 0...16"
        case let .fileUnreadable(path, problem): "cannot read sound \(path): \(problem)"
        case .notDecodable(let path): "cannot read sound \(path): not a sound file FFmpeg can decode"
        case let .decodingFailed(path, reason): "cannot read sound \(path): \(reason)"
        case .noAudioStream(let path): "cannot read sound \(path): it has no audio stream"
        case .noSampleRateOrChannels(let path): "cannot read sound \(path): it has no sample rate or channels"
        case .resamplingFailed(let reason): "cannot resample speech: \(reason)"
        case .outOfMemory(let path): "out of memory decoding \(path)"
        case let .notEnoughMemory(path, seconds, needed, available):
            "cannot read sound \(path): \(seconds.map { String(format: "%.0f s ", $0) } ?? "it ")needs about \(needed >> 20) MB at 48 kHz, more than the \(available >> 20) MB this process may use"
        }
    }
}
