import AnimateAudio
import AnimateTimeline

extension FrameRate {
    /// The audio sample (48 kHz) at which frame `index` starts, exactly (see `AudioClock`).
    package func audioSample(ofFrame index: Int) -> Int {
        AudioClock.sample(ofFrame: index, numerator: numerator, denominator: denominator)
    }
}
