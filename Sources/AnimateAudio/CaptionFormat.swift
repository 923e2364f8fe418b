import AnimateMath
import Foundation

/// Caption sidecar files: WebVTT (`.vtt`, for browsers and HTML5 players), SubRip (`.srt`, for
/// editors and desktop players), and timed words as JSON (`.json`, Remotion's `Caption` list:
/// `text`, `startMs`, `endMs`, `timestampMs`, `confidence`, for word-by-word captions drawn by a
/// program of one's own).
public enum CaptionFormat: String, Sendable, CaseIterable {
    case webVTT = "vtt"
    case subRip = "srt"
    case json = "json"

    /// The format a path's extension names, if any.
    public init?(pathExtension: String) { self.init(rawValue: pathExtension.lowercased()) }

    /// The file's text for `cues`. With `wordTimes`, a WebVTT cue's words after the first carry
    /// their time inline (`<00:00:01.200>word`), which players use to light each word as it is
    /// spoken; SubRip has no such times. JSON always has one entry a word (a cue without word
    /// times, one for the cue).
    public func text(_ cues: [CaptionCue], wordTimes: Bool = false) -> String {
        if self == .json { return Self.json(cues) }
        var out = self == .webVTT ? "WEBVTT\n\n" : ""
        for (n, cue) in cues.enumerated() {
            if self == .subRip { out += "\(n + 1)\n" }
            out += "\(timestamp(cue.start)) --> \(timestamp(cue.end))\n"
            var text = cue.text
            if wordTimes && self == .webVTT {
                // Inserted from the last word back, so earlier offsets stay where they are.
                let utf16 = Array(cue.text.utf16)
                var pieces: [String] = []
                var end = utf16.count
                for word in cue.words.reversed() where word.range.lowerBound > 0 && word.range.lowerBound <= end && word.start > cue.start {
                    pieces.append("<\(timestamp(word.start))>" + String(decoding: utf16[word.range.lowerBound..<end], as: UTF16.self))
                    end = word.range.lowerBound
                }
                text = String(decoding: utf16[0..<end], as: UTF16.self) + pieces.reversed().joined()
            }
            // A blank line ends a cue; keep the text's lines together.
            let body = text.split(whereSeparator: \.isNewline).joined(separator: "\n")
            out += (self == .webVTT ? body.replacingOccurrences(of: "-->", with: "->") : body) + "\n\n"
        }
        return out
    }

    /// Remotion's `Caption` list: a word a token, each after the first in its cue led by the space before it.
    private static func json(_ cues: [CaptionCue]) -> String {
        var tokens: [[String: Any]] = []
        func ms(_ t: Double) -> Int { Int((t * 1000).rounded()) }
        for cue in cues {
            let utf16 = Array(cue.text.utf16)
            guard !cue.words.isEmpty else {
                tokens.append(["text": cue.text, "startMs": ms(cue.start), "endMs": ms(cue.end), "timestampMs": ms(cue.start), "confidence": 1])
                continue
            }
            for (k, word) in cue.words.enumerated() {
                // From where the word before ended (its spaces and punctuation), to the word's end.
                let from = k == 0 ? 0 : cue.words[k - 1].range.upperBound
                let to = k + 1 < cue.words.count ? word.range.upperBound : utf16.count
                guard from <= to, to <= utf16.count else { continue }
                tokens.append(["text": String(decoding: utf16[from..<to], as: UTF16.self), "startMs": ms(word.start), "endMs": ms(word.end),
                               "timestampMs": ms(word.start), "confidence": 1])
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: tokens, options: [.prettyPrinted, .sortedKeys])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// hh:mm:ss.mmm (WebVTT) or hh:mm:ss,mmm (SubRip), rounded to the millisecond.
    public func timestamp(_ seconds: Double) -> String {
        let ms = max(0, Int(saturating: (seconds * 1000).rounded()))
        let separator = self == .subRip ? "," : "."
        return String(format: "%02d:%02d:%02d%@%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, separator, ms % 1000)
    }
}
