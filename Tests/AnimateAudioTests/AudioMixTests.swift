import AnimateAudio
import Foundation
import Testing

@Suite struct AudioMixTests {
    @Test func loudSumsSaturateInsteadOfWrapping() {
        let loud = AudioBuffer(interleaved: [0.9, -0.9, 0.9, -0.9])
        var mix = AudioMix(window: 0..<5)
        mix.place(loud, at: 0)
        mix.place(loud, at: 0)
        mix.place(loud, at: 1, gain: 0.5)
        let pcm = mix.pcm()
        #expect(pcm[0] == Int16.max && pcm[1] == Int16.min)
        #expect(pcm[2] == Int16.max && pcm[3] == Int16.min)
        #expect(pcm[4] == AudioMix.quantize(0.45) && pcm[5] == AudioMix.quantize(-0.45))
        // Past the sounds: silence, not garbage.
        #expect(pcm[6...].allSatisfy { $0 == 0 })
        // Full scale maps 1.0 to 32768 (clipped to 32767) and -1.0 to -32768; rounding to nearest.
        #expect(AudioMix.quantize(0.5) == 16384 && AudioMix.quantize(-1) == -32768 && AudioMix.quantize(1) == 32767)
        #expect(AudioMix.quantize(1.4 / 32768) == 1 && AudioMix.quantize(1.6 / 32768) == 2)
    }

    @Test func windowCutsAndPadsAndPlacesToTheSample() {
        let ramp = AudioBuffer(mono: (0..<100).map { Float($0) / 32768 })
        var mix = AudioMix(window: 1000..<1200)
        mix.place(ramp, at: 950)    // its first 50 samples fall before the window
        mix.place(ramp, at: 1150)   // its last 50 fall after it
        let pcm = mix.pcm()
        #expect(pcm.count == 400)
        #expect(pcm[0] == 50 && pcm[1] == 50)      // ramp sample 50 at window sample 0
        #expect(pcm[2 * 49] == 99)
        #expect(pcm[2 * 50] == 0 && pcm[2 * 149] == 0)
        #expect(pcm[2 * 150] == 0 && pcm[2 * 199] == 49)
        // Chunked rendering gives the same samples as one pass.
        var chunked: [Int16] = [], part: [Int16] = [], scratch: [Float] = []
        for first in stride(from: 0, to: 200, by: 64) {
            mix.render(first: first, count: min(64, 200 - first), into: &part, scratch: &scratch)
            chunked += part
        }
        #expect(chunked == pcm)
    }

    @Test func framesMapToSamplesExactly() {
        #expect(AudioClock.sample(ofFrame: 1, numerator: 60, denominator: 1) == 800)
        // 30000/1001 fps: frame 1 starts at 1601.6 samples, rounded to 1602; frame 30000 at exactly 48048000.
        #expect(AudioClock.sample(ofFrame: 1, numerator: 30000, denominator: 1001) == 1602)
        #expect(AudioClock.sample(ofFrame: 30000, numerator: 30000, denominator: 1001) == 48_048_000)
        // No overflow with the largest rates and frame numbers a request accepts.
        #expect(AudioClock.sample(ofFrame: 20_736_000, numerator: Int(Int32.max), denominator: Int(Int32.max)) == 20_736_000 * 48000)
    }

    @Test func synthesizedSoundsAreTheSameEveryTime() {
        let click = AudioBuffer.click()
        #expect(click == AudioBuffer.click())
        #expect(abs(click.samples[0] - 0.8) < 1e-6)   // loudest at its first sample
        let tone = AudioBuffer.tone(frequency: 1000, duration: 0.01, volume: 1)
        #expect(tone.frameCount == 480)
        // 1 kHz at 48 kHz: a quarter period is 12 samples (inside the fade-in, so scaled by 12/240).
        #expect(abs(Double(tone.samples[2 * 12]) - 12.0 / 240) < 1e-6)
    }
}
