/// A text-to-speech voice: an espeak-ng voice name ("en-us", "en-gb", "cmn" for Mandarin, "fr",
/// "de", ...), how fast it speaks and its pitch.
public struct Voice: Sendable, Hashable {
    public var name: String
    /// Speaking rate, 80...450 words per minute.
    public var wordsPerMinute: Int
    /// 0...99; 50 is the voice's own pitch.
    public var pitch: Int

    public init(_ name: String, wordsPerMinute: Int = 165, pitch: Int = 50) {
        self.name = name; self.wordsPerMinute = wordsPerMinute; self.pitch = pitch
    }

    /// American English.
    public static let english = Voice("en-us")
    /// Mandarin Chinese.
    public static let mandarin = Voice("cmn")
}
