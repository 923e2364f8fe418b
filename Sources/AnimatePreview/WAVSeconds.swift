import Animate

/// A mix as a WAV file, a second of samples at a time, made only when the connection asks for
/// it: memory stays flat however long the lesson.
struct WAVSeconds: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let mix: AudioMix

    /// The file's size in bytes.
    var count: Int { WAVFile.header(values: mix.frameCount * AudioClock.channels).count + mix.frameCount * AudioClock.channels * 2 }

    func makeAsyncIterator() -> Iterator { Iterator(mix: mix) }

    struct Iterator: AsyncIteratorProtocol {
        let mix: AudioMix
        /// The next sample frame; -1 before the header.
        var first = -1
        var pcm: [Int16] = [], scratch: [Float] = []

        mutating func next() async -> [UInt8]? {
            if first < 0 {
                first = 0
                return WAVFile.header(values: mix.frameCount * AudioClock.channels)
            }
            guard first < mix.frameCount else { return nil }
            let count = Swift.min(AudioClock.sampleRate, mix.frameCount - first)
            mix.render(first: first, count: count, into: &pcm, scratch: &scratch)
            first += count
            var bytes: [UInt8] = []
            WAVFile.append(pcm, to: &bytes)
            return bytes
        }
    }
}
