import Foundation

/// A printf-style frame-number pattern in a path (`frame_%05d.png`).
public enum FramePattern {
    /// Whether `path` contains one `%d` / `%0Nd` pattern.
    public static func isPattern(_ path: String) -> Bool { (try? regex.firstMatch(in: path)) != nil }

    /// The widest zero padding a pattern may ask for: enough for any frame number.
    public static let maximumWidth = 20

    /// The zero padding `path`'s pattern asks for (0 for `%d`), or nil when it has no pattern or
    /// the width is not a number this side of `maximumWidth`.
    public static func width(_ path: String) -> Int? {
        guard let match = try? regex.firstMatch(in: path) else { return nil }
        if match.output.1.isEmpty { return 0 }
        guard match.output.1.count <= 3, let width = Int(match.output.1), width <= maximumWidth else { return nil }
        return width
    }

    /// `path` with its pattern replaced by `number`.
    public static func expand(_ path: String, _ number: Int) -> String {
        guard let match = try? regex.firstMatch(in: path) else { return path }
        let width = min(Int(match.output.1.prefix(3)) ?? 0, maximumWidth)
        var digits = String(number)
        if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
        return path.replacingCharacters(in: match.range, with: digits)
    }

    nonisolated(unsafe) private static let regex = #/%0?(\d*)d/#
}
