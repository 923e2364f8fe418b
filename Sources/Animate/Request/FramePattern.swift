import Foundation

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
