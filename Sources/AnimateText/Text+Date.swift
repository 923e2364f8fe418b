public import Foundation

extension Text {
    /// How a date is written, as SwiftUI's `Text.DateStyle`.
    public enum DateStyle: Sendable, Hashable {
        /// The time of day: `3:45 PM`.
        case time
        /// The day: `June 3, 2025`.
        case date
        /// How far the date is from now, in its two largest units: `2 hours, 5 minutes`.
        case relative
        /// The same, signed, in its largest unit: `+2 hours`, `-5 minutes`.
        case offset
        /// A clock of the time from or to the date: `2:05`, `1:02:05`.
        case timer
    }

    /// `date` written in `style`, in UTC and US English whatever the machine's settings, so a
    /// frame is the same everywhere; "now" is the date `Date()` gives, which while a frame is
    /// drawn is the frame's.
    public init(_ date: Date, style: DateStyle) {
        self.init(Self.written(date, style: style, now: Date()))
    }

    package static func written(_ date: Date, style: DateStyle, now: Date) -> String {
        switch style {
        case .time: return formatter("h:mm a").string(from: date)
        case .date: return formatter("MMMM d, yyyy").string(from: date)
        case .relative: return units(abs(date.timeIntervalSince(now)), count: 2)
        case .offset:
            let seconds = date.timeIntervalSince(now)
            return (seconds < 0 ? "-" : "+") + units(abs(seconds), count: 1)
        case .timer:
            let total = Int(abs(date.timeIntervalSince(now)).rounded(.down))
            let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
            return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
        }
    }

    /// `seconds` in its `count` largest whole units: `2 hours, 5 minutes`.
    private static func units(_ seconds: Double, count: Int) -> String {
        guard seconds.isFinite else { return "" }
        var rest = Int(seconds.rounded(.down))
        var parts: [String] = []
        for (size, name) in [(86400, "day"), (3600, "hour"), (60, "minute"), (1, "second")] where parts.count < count {
            let n = rest / size
            rest -= n * size
            if n > 0 || (parts.isEmpty && size == 1) { parts.append("\(n) \(name)\(n == 1 ? "" : "s")") }
            else if !parts.isEmpty { break }
        }
        return parts.joined(separator: ", ")
    }

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }
}
