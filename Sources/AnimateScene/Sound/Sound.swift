public import AnimateAudio
public import AnimateVideo
import Foundation

/// A sound a scene plays: synthesized, read from a file, or spoken.
public struct Sound: Sendable {
    enum Source: Sendable, Hashable {
        case click(volume: Double)
        case tone(frequency: Double, duration: Double, volume: Double)
        case file(String)
        case speech(String, Voice)
    }
    let source: Source?
    let buffer: AudioBuffer?

    init(_ source: Source) { self.source = source; buffer = nil }

    /// Sound already at 48 kHz stereo.
    public init(_ buffer: AudioBuffer) { source = nil; self.buffer = buffer }

    /// A short percussive click, loudest at its first sample: marks an exact moment.
    public static let click = Sound(Source.click(volume: 0.8))
    /// A click at `volume` (0...1).
    public static func click(volume: Double) -> Sound { Sound(Source.click(volume: volume)) }
    /// A sine tone of `frequency` Hz lasting `duration` seconds.
    public static func tone(frequency: Double, duration: Double, volume: Double = 0.5) -> Sound {
        Sound(Source.tone(frequency: frequency, duration: duration, volume: volume))
    }
    /// A sound file (anything FFmpeg decodes), read when a render needs it.
    public static func file(_ path: String) -> Sound { Sound(Source.file(path)) }
    /// `text` spoken by `voice`.
    public static func speech(_ text: String, voice: Voice = .english) -> Sound { Sound(Source.speech(text, voice)) }

    /// The sound as 48 kHz stereo. Files are decoded and speech synthesized once per process.
    public func samples() throws(AudioError) -> AudioBuffer {
        if let buffer { return buffer }
        switch source! {
        case let .click(volume): return AudioBuffer.click(volume: volume)
        case let .tone(frequency, duration, volume):
            guard frequency.isFinite, frequency > 0, duration.isFinite, duration >= 0, duration <= Scene.maximumDuration else {
                throw .toneOutOfRange
            }
            return AudioBuffer.tone(frequency: frequency, duration: duration, volume: volume)
        case .file, .speech:
            return try SoundCache.shared.samples(of: source!)
        }
    }
}
