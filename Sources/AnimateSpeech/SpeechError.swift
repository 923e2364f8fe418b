import Foundation

/// Speech that could not be synthesized. `description` is the one line a user reads.
public enum SpeechError: Error, CustomStringConvertible, Sendable, Equatable {
    case rateOutOfRange(Int)
    case pitchOutOfRange(Int)
    case notAVoiceName(String)
    case textHoldsNUL
    /// espeak-ng's library is not installed.
    case notInstalled
    /// espeak-ng's voice data is not installed.
    case voiceDataMissing
    case noSuchVoice(String)
    /// The helper process could not be started: the call that failed and its `errno`.
    case cannotStart(call: String, errno: Int32)
    case couldNotStart
    case stoppedBeforeReading
    case stoppedWhileSpeaking(String)
    case couldNotSpeak(String)
    /// The helper process was killed by a signal (its number), with the memory limit in force
    /// (`ulimit -v`, in bytes) when there is one.
    case crashed(signal: Int32, addressSpaceLimit: Int?)
    /// A Piper voice's speed outside 0.5...2.
    case speedOutOfRange(Double)
    /// Piper's environment is not where it is looked for (the path).
    case piperNotInstalled(String)
    /// Piper could not speak: its own words.
    case piperFailed(String)
    /// The Piper helper stopped answering.
    case helperStopped

    public var description: String {
        switch self {
        case .rateOutOfRange(let rate): "speech rate \(rate) is out of range 80...450 words per minute"
        case .pitchOutOfRange(let pitch): "speech pitch \(pitch) is out of range 0...99"
        case .notAVoiceName(let voice): "'\(voice)' is not an espeak-ng voice name"
        case .textHoldsNUL: "the text holds a NUL character"
        case .notInstalled: "espeak-ng is not installed (its library libespeak-ng.so.1 was not found; scripts/setup installs it)"
        case .voiceDataMissing: "espeak-ng could not start: its voice data is missing (install espeak-ng-data)"
        case .noSuchVoice(let voice): "espeak-ng has no voice '\(voice)' (try en-us, en-gb or cmn; `espeak-ng --voices` lists them)"
        case let .cannotStart(call, code): "cannot start espeak-ng (\(call): \(String(cString: strerror(code))))"
        case .couldNotStart: "espeak-ng could not start"
        case .stoppedBeforeReading: "espeak-ng stopped before it read the text"
        case .stoppedWhileSpeaking(let text): "espeak-ng stopped before it finished speaking \"\(text.prefix(40))\""
        case .couldNotSpeak(let text): "espeak-ng could not speak \"\(text.prefix(40))\""
        case .speedOutOfRange(let speed): "speech speed \(speed) is out of range 0.5...2"
        case .piperNotInstalled(let path):
            "Piper is not installed (no Python environment at \(path); scripts/setup installs it, or set ANIMATE_PIPER)"
        case .piperFailed(let message): "Piper: \(message)"
        case .helperStopped: "Piper stopped before it finished speaking"
        case let .crashed(signal, limit):
            "espeak-ng was stopped by signal \(signal) (\(String(cString: strsignal(signal))))"
                + (limit.map { " with memory limited to \($0 >> 20) MB (ulimit -v); speech needs about 200 MB more" } ?? "")
        }
    }
}
