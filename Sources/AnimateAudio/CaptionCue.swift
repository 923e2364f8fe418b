/// One caption: text shown from `start` until `end`, in seconds, and when each of its words is
/// spoken (empty for a recording's caption, whose words have no times).
public struct CaptionCue: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var text: String
    public var words: [Word]

    /// A word of a caption: where it is in the caption's text (UTF-16 offsets) and the time it is
    /// spoken, from its first sound until the next word's (the last, until the caption ends).
    public struct Word: Sendable, Equatable {
        public var range: Range<Int>
        public var start: Double
        public var end: Double

        package init(range: Range<Int>, start: Double, end: Double) {
            self.range = range; self.start = start; self.end = end
        }
    }

    public init(start: Double, end: Double, text: String, words: [Word] = []) {
        self.start = start; self.end = end; self.text = text; self.words = words
    }

    /// The word being spoken at `time` (its index), if any.
    public func word(at time: Double) -> Int? {
        words.lastIndex { $0.start <= time && time < $0.end }
    }

    /// The cue as it falls in a window of the timeline from `from` to `to`, times from `from`;
    /// nil when it falls outside.
    package func cut(from: Double, to: Double) -> CaptionCue? {
        let start = max(self.start, from), end = min(self.end, to)
        guard start < end else { return nil }
        let words = self.words.compactMap { w -> Word? in
            let a = max(w.start, from), b = min(w.end, to)
            return a < b ? Word(range: w.range, start: a - from, end: b - from) : nil
        }
        return CaptionCue(start: start - from, end: end - from, text: text, words: words)
    }
}
