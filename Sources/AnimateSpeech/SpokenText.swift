/// Speech synthesized from text: 16-bit mono samples at the synthesizer's rate, and where each
/// word starts in them.
public struct SpokenText: Sendable, Equatable {
    /// Mono samples.
    public let samples: [Int16]
    /// Samples per second.
    public let sampleRate: Int
    /// The words in the order they are spoken.
    public let words: [SpokenWord]

    public init(samples: [Int16], sampleRate: Int, words: [SpokenWord]) {
        self.samples = samples; self.sampleRate = sampleRate; self.words = words
    }

    /// Length in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }
}

/// One word of synthesized speech.
public struct SpokenWord: Sendable, Equatable {
    /// The word as written in the text.
    public let text: String
    /// Where it is in the text, counted in characters (Unicode scalars) from 0.
    public let offset: Int
    /// The sample at which it starts.
    public let sample: Int
}
