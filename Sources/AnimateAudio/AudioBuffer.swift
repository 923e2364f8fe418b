/// Stereo sound at 48 kHz: interleaved left/right samples, full scale -1...1.
public struct AudioBuffer: Sendable, Equatable {
    /// Interleaved samples, `2 * frameCount` of them.
    public private(set) var samples: [Float]

    /// Sound from interleaved stereo samples (an odd count loses its last sample).
    public init(interleaved samples: [Float]) {
        self.samples = samples.count % 2 == 0 ? samples : Array(samples.dropLast())
    }

    /// Silence lasting `frameCount` sample frames.
    public init(silence frameCount: Int) {
        samples = [Float](repeating: 0, count: 2 * max(0, frameCount))
    }

    /// Stereo from mono, the same in both channels.
    public init(mono: [Float]) {
        var samples = [Float](repeating: 0, count: 2 * mono.count)
        for (i, v) in mono.enumerated() { samples[2 * i] = v; samples[2 * i + 1] = v }
        self.samples = samples
    }

    /// Sample frames (one left and one right sample each).
    public var frameCount: Int { samples.count / 2 }
    /// Length in seconds.
    public var duration: Double { Double(frameCount) / Double(AudioClock.sampleRate) }
    /// The largest absolute sample.
    public var peak: Float { samples.reduce(0) { max($0, abs($1)) } }
}
