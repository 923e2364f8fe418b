import CFrameClock
package import Foundation

/// The wall clock as scene code sees it: while a frame is drawn (or a scene's state updated),
/// `Date()` and `Date.now` on that thread read the frame's date instead of the machine's clock,
/// so a scene that asks the time is still a pure function of the frame.
package enum FrameClock {
    /// The date scenes count from unless they say otherwise: 2001-01-01 00:00:00 UTC
    /// (Foundation's reference date), so `timeIntervalSinceReferenceDate` is the frame's time.
    package static let defaultStartDate = Date(timeIntervalSinceReferenceDate: 0)

    /// Runs `body` with this thread's realtime clock reading `date`, then gives the thread back
    /// the clock it had (nested calls restore the outer date).
    package static func withDate<R>(_ date: Date, _ body: () throws -> R) rethrows -> R {
        let saved = animate_frame_clock_get()
        animate_frame_clock_set(clock(at: date))
        defer { animate_frame_clock_set(saved) }
        return try body()
    }

    /// Runs `body` with the clock at `time` seconds past `start` (the default start unless given).
    package static func at<R>(time: Double, start: Date? = nil, _ body: () throws -> R) rethrows -> R {
        try withDate((start ?? defaultStartDate).addingTimeInterval(time.isFinite ? time : 0), body)
    }

    /// Whether this thread's clock reads a frame's date.
    package static var isFrameDate: Bool { animate_frame_clock_get().isFrameDate != 0 }

    /// `date` as whole seconds and nanoseconds since 1970, within what a 64-bit clock can say.
    static func clock(at date: Date) -> animate_frame_clock {
        var t = date.timeIntervalSince1970
        if !t.isFinite { t = 0 }
        t = min(max(t, -9.0e18), 9.0e18)
        let seconds = t.rounded(.down)
        var nanoseconds = ((t - seconds) * 1e9).rounded()
        nanoseconds = min(max(nanoseconds, 0), 999_999_999)
        return animate_frame_clock(isFrameDate: 1, seconds: Int64(seconds), nanoseconds: Int32(nanoseconds))
    }
}
