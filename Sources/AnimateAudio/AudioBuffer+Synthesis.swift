extension AudioBuffer {
    /// A sine tone of `frequency` Hz lasting `duration` seconds at `volume` (0...1), faded in
    /// and out over 5 ms so it starts and stops without a click.
    public static func tone(frequency: Double, duration: Double, volume: Double = 0.5) -> AudioBuffer {
        let count = max(0, AudioClock.sample(at: duration))
        let fade = min(count / 2, AudioClock.sample(at: 0.005))
        var mono = [Float](repeating: 0, count: count)
        for i in 0..<count {
            var v = volume * Oscillator.sine(turns: frequency * Double(i) / Double(AudioClock.sampleRate))
            if i < fade { v *= Double(i) / Double(fade) }
            if count - 1 - i < fade { v *= Double(count - 1 - i) / Double(fade) }
            mono[i] = Float(v)
        }
        return AudioBuffer(mono: mono)
    }

    /// A short percussive click (a 2 kHz burst decaying over 15 ms) whose first sample is its
    /// loudest, so the sound's time is exactly where it is heard.
    public static func click(volume: Double = 0.8) -> AudioBuffer {
        let count = AudioClock.sample(at: 0.015)
        var mono = [Float](repeating: 0, count: count)
        for i in 0..<count {
            let decay = 1 - Double(i) / Double(count)
            // A cosine starts at its peak.
            mono[i] = Float(volume * decay * decay * Oscillator.sine(turns: 0.25 + 2000 * Double(i) / Double(AudioClock.sampleRate)))
        }
        return AudioBuffer(mono: mono)
    }
}
