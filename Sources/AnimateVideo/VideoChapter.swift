public import Foundation

/// A named stretch of a video, from `start` to `end` seconds: a chapter players list and jump
/// to (a storyboard's section).
public struct VideoChapter: Sendable, Hashable {
    public let title: String
    public let start: Double
    public let end: Double

    public init(title: String, start: Double, end: Double) {
        self.title = title
        self.start = start
        self.end = end
    }

    /// The chapters as a WebVTT file of `kind="chapters"`: a cue a chapter, its title the text.
    package static func webVTT(_ chapters: [VideoChapter]) -> String {
        func stamp(_ t: Double) -> String {
            let ms = Int((max(t, 0) * 1000).rounded())
            return String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
        }
        var text = "WEBVTT\n"
        for (i, c) in chapters.enumerated() {
            // A cue's text may not hold "-->" or a blank line.
            let title = c.title.replacingOccurrences(of: "-->", with: "→").split(whereSeparator: \.isNewline).joined(separator: " ")
            text += "\n\(i + 1)\n\(stamp(c.start)) --> \(stamp(c.end))\n\(title)\n"
        }
        return text
    }

    /// The chapters as lines for a YouTube description ("0:00 Title", "1:05:30 Title"), and what
    /// breaks YouTube's rules for turning them into chapters: the first must start at 0:00, there
    /// must be at least three, in ascending order, each at least 10 seconds long.
    package static func youTubeDescription(_ chapters: [VideoChapter]) -> (text: String, problems: [String]) {
        func stamp(_ t: Double) -> String {
            let s = Int(max(t, 0).rounded(.down))
            return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
        }
        let text = chapters.map { "\(stamp($0.start)) \($0.title)" }.joined(separator: "\n")
        var problems: [String] = []
        if chapters.count < 3 { problems.append("YouTube needs at least 3 chapters; there \(chapters.count == 1 ? "is" : "are") \(chapters.count)") }
        if let first = chapters.first, stamp(first.start) != "0:00" {
            problems.append("YouTube needs the first chapter at 0:00; \"\(first.title)\" starts at \(stamp(first.start))")
        }
        for (a, b) in zip(chapters, chapters.dropFirst()) where Int(b.start) <= Int(a.start) {
            problems.append("\"\(b.title)\" does not start after \"\(a.title)\" (YouTube needs them in ascending order)")
        }
        for c in chapters where c.end - c.start < 10 {
            problems.append(String(format: "\"%@\" lasts %.1f s; YouTube needs each chapter to last at least 10 s", c.title, c.end - c.start))
        }
        return (text, problems)
    }
}
