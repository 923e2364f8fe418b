/// Sounds placed on a timeline and mixed into 16-bit stereo PCM, one window of samples at a time.
///
/// The mix is a pure function of its placements: sounds are summed in the order they were
/// placed, in 32-bit float, then scaled by 32768, rounded to nearest and clipped to the 16-bit
/// range (loud sums saturate; they never wrap around). The same PCM bytes every run.
public struct AudioMix: Sendable {
    /// One sound on the timeline.
    public struct Placement: Sendable {
        public let sound: AudioBuffer
        /// The timeline sample at which the sound's first sample plays (may be negative: the
        /// sound's start is then cut).
        public let start: Int
        public let gain: Float
        /// Whether it is turned down under the mix's `quietSpans` (music under descriptions).
        package var yields = false

        public init(_ sound: AudioBuffer, start: Int, gain: Float = 1) {
            self.sound = sound; self.start = start; self.gain = gain
        }

        /// Timeline samples the sound covers.
        public var span: Range<Int> { start..<(start + sound.frameCount) }
    }

    /// The sounds, in mixing order.
    public private(set) var placements: [Placement] = []
    /// The timeline samples the mix covers: its first sample is sample 0 of the output.
    public let window: Range<Int>

    /// Timeline spans under which yielding sounds play at `quietGain` (ramped over `quietRamp`
    /// samples either side): music ducked while a description speaks.
    package var quietSpans: [Range<Int>] = []
    package var quietGain: Float = 0.3
    package static let quietRamp = 12_000

    /// An empty mix (silence) over `window`.
    public init(window: Range<Int>) { self.window = window }

    /// Adds `sound` starting at timeline sample `start`; with `yields`, it is turned down under
    /// `quietSpans`.
    public mutating func place(_ sound: AudioBuffer, at start: Int, gain: Float = 1, yields: Bool = false) {
        var placement = Placement(sound, start: start, gain: gain)
        placement.yields = yields
        placements.append(placement)
    }

    /// The gain a yielding sound gets at timeline sample `t`: 1, `quietGain` under a quiet span,
    /// linear between over the ramps.
    package func yieldingGain(at t: Int) -> Float {
        var g: Float = 1
        let ramp = Self.quietRamp
        for span in quietSpans where t > span.lowerBound - ramp && t < span.upperBound + ramp {
            let depth: Float
            if t < span.lowerBound { depth = Float(t - (span.lowerBound - ramp)) / Float(ramp) }
            else if t >= span.upperBound { depth = Float(span.upperBound + ramp - t) / Float(ramp) }
            else { depth = 1 }
            g = min(g, 1 - (1 - quietGain) * depth)
        }
        return g
    }

    /// Adds the sound of `other` inside its window, the window's first sample at timeline sample
    /// `start`: its sounds in their order with their gains, cut to the window. Mixing the result
    /// gives, over that span, the samples `other` mixes alone.
    package mutating func place(_ other: AudioMix, at start: Int) {
        for p in other.placements {
            let kept = p.span.clamped(to: other.window)
            guard !kept.isEmpty else { continue }
            let cut = kept == p.span ? p.sound
                : AudioBuffer(interleaved: Array(p.sound.samples[2 * (kept.lowerBound - p.start) ..< 2 * (kept.upperBound - p.start)]))
            place(cut, at: start + kept.lowerBound - other.window.lowerBound, gain: p.gain, yields: p.yields)
        }
        let shift = start - other.window.lowerBound
        quietSpans += other.quietSpans.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
        quietGain = other.quietGain
    }

    /// Output sample frames (the window's length).
    public var frameCount: Int { window.count }

    /// Whether nothing audible is placed inside the window.
    public var isSilent: Bool {
        !placements.contains { $0.gain != 0 && $0.span.overlaps(window) && $0.sound.peak > 0 }
    }

    /// Mixes output sample frames `first ..< first + count` (0 = the window's first) into
    /// `pcm` as interleaved signed 16-bit stereo; frames outside the window are silent.
    /// `scratch` is reused between calls.
    package func render(first: Int, count: Int, into pcm: inout [Int16], scratch: inout [Float]) {
        let values = 2 * count
        if scratch.count < values { scratch = [Float](repeating: 0, count: values) }
        if pcm.count != values { pcm = [Int16](repeating: 0, count: values) }
        scratch.withUnsafeMutableBufferPointer { mix in
            for i in 0..<values { mix[i] = 0 }
            let from = window.lowerBound + first
            let wanted = max(from, window.lowerBound)..<max(max(from, window.lowerBound), min(from + count, window.upperBound))
            for placement in placements {
                let overlap = placement.span.clamped(to: wanted)
                guard !overlap.isEmpty else { continue }
                placement.sound.samples.withUnsafeBufferPointer { source in
                    let gain = placement.gain
                    var s = 2 * (overlap.lowerBound - placement.start)
                    var d = 2 * (overlap.lowerBound - from)
                    if placement.yields && !quietSpans.isEmpty {
                        for t in overlap {
                            let g = gain * yieldingGain(at: t)
                            mix[d] += source[s] * g
                            mix[d + 1] += source[s + 1] * g
                            s += 2; d += 2
                        }
                        return
                    }
                    for _ in overlap {
                        mix[d] += source[s] * gain
                        mix[d + 1] += source[s + 1] * gain
                        s += 2; d += 2
                    }
                }
            }
            pcm.withUnsafeMutableBufferPointer { out in
                for i in 0..<values { out[i] = Self.quantize(mix[i]) }
            }
        }
    }

    /// The whole window as interleaved 16-bit stereo.
    public func pcm() -> [Int16] {
        var pcm: [Int16] = [], scratch: [Float] = []
        render(first: 0, count: frameCount, into: &pcm, scratch: &scratch)
        return pcm
    }

    /// Full scale 1.0 to 32768, rounded to nearest, clipped to -32768...32767.
    @inline(__always)
    package static func quantize(_ v: Float) -> Int16 {
        let scaled = (v * 32768).rounded()
        if scaled >= 32767 { return .max }
        if scaled <= -32768 { return .min }
        return Int16(scaled)
    }
}
