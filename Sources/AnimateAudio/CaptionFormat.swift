import AnimateMath
import Foundation

/// Caption sidecar files: WebVTT (`.vtt`, for browsers and HTML5 players) and SubRip (`.srt`,
/// for editors and desktop players).
public enum CaptionFormat: String, Sendable, CaseIterable {
    case webVTT = "vtt"
    case subRip = "srt"

    /// The format a path's extension names, if any.
    public init?(pathExtension: String) { self.init(rawValue: pathExtension.lowercased()) }

    /// The file's text for `cues`.
    public func text(_ cues: [CaptionCue]) -> String {
        var out = self == .webVTT ? "WEBVTT\n\n" : ""
        for (n, cue) in cues.enumerated() {
            if self == .subRip { out += "\(n + 1)\n" }
            out += "\(timestamp(cue.start)) --> \(timestamp(cue.end))\n"
            // A blank line ends a cue; keep the text's lines together.
            let body = cue.text.split(whereSeparator: \.isNewline).joined(separator: "\n")
            out += (self == .webVTT ? body.replacingOccurrences(of: "-->", with: "->") : body) + "\n\n"
        }
        return out
    }

    /// hh:mm:ss.mmm (WebVTT) or hh:mm:ss,mmm (SubRip), rounded to the millisecond.
    public func timestamp(_ seconds: Double) -> String {
        let ms = max(0, Int(saturating: (seconds * 1000).rounded()))
        let separator = self == .webVTT ? "." : ","
        return String(format: "%02d:%02d:%02d%@%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, separator, ms % 1000)
    }
}
