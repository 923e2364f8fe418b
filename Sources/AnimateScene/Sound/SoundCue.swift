/// A sound placed on a scene's timeline: it starts at `time` seconds, at sample `round(time * 48000)`.
public struct SoundCue: Sendable {
    public var sound: Sound
    /// Scene time in seconds at which the sound's first sample plays.
    public var time: Double
    /// Linear gain (1: as recorded; 0.5: about 6 dB quieter).
    public var gain: Double

    public init(_ sound: Sound, at time: Double, gain: Double = 1) {
        self.sound = sound; self.time = time; self.gain = gain
    }
}
