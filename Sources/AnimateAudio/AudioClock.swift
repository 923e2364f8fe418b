import AnimateMath
/// The one sample rate and layout animate mixes and encodes in: 48 kHz stereo. Times map to
/// samples by rounding once, so a sound at time `t` starts at sample `round(t * 48000)`.
package enum AudioClock {
    /// Samples per second.
    package static let sampleRate = 48_000
    /// Interleaved channels (left, right).
    package static let channels = 2

    /// The sample at `seconds`, rounded to the nearest (halves away from zero).
    package static func sample(at seconds: Double) -> Int {
        Int(saturating: (seconds * Double(sampleRate)).rounded())
    }

    /// The sample at which frame `index` of a `numerator / denominator` fps timeline starts:
    /// `round(index * 48000 * denominator / numerator)`, in exact integer arithmetic.
    package static func sample(ofFrame index: Int, numerator: Int, denominator: Int) -> Int {
        // round(a / n) = floor((2a + n) / 2n) for a >= 0; 128 bits hold any product here.
        let a = Int128(index) * Int128(sampleRate) * Int128(denominator)
        let n = Int128(numerator)
        return Int(clamping: (2 * a + n) / (2 * n))
    }

    /// Seconds at `sample`.
    package static func seconds(atSample sample: Int) -> Double { Double(sample) / Double(sampleRate) }
}
