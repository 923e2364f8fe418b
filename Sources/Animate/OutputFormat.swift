import Foundation

/// What a render writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// H.264 in MP4.
    case mp4
    /// Animated GIF.
    case gif
    /// PNG: a numbered sequence when the path has a `%d`-style pattern, else one still.
    case png
    /// YUV4MPEG2 raw 4:2:0 frames, for piping into any encoder.
    case y4m
    /// Bare straight RGBA frames, `width * height * 4` bytes each.
    case rgba

    /// Whether this format can stream to standard output (`-o -`).
    public var canStream: Bool { self == .y4m || self == .rgba }

    /// The format a path's extension names, if any.
    public init?(pathExtension ext: String) {
        self.init(rawValue: ext.lowercased())
    }
}

/// A printf-style frame-number pattern in a path (`frame_%05d.png`).
public enum FramePattern {
    /// Whether `path` contains one `%d` / `%0Nd` pattern.
    public static func isPattern(_ path: String) -> Bool { (try? regex.firstMatch(in: path)) != nil }

    /// `path` with its pattern replaced by `number`.
    public static func expand(_ path: String, _ number: Int) -> String {
        guard let match = try? regex.firstMatch(in: path) else { return path }
        let width = Int(match.output.1) ?? 0
        var digits = String(number)
        if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
        return path.replacingCharacters(in: match.range, with: digits)
    }

    nonisolated(unsafe) private static let regex = #/%0?(\d*)d/#
}
