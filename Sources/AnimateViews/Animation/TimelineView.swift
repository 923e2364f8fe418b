import AnimateDrawing
import AnimateTimeline
public import Foundation

/// When a `TimelineView` updates, as SwiftUI's `TimelineSchedule`: the date its content is given
/// for the frame at `now` (frames are dated from the render's start date).
public protocol TimelineSchedule {
    func entryDate(at now: Date, start: Date) -> Date
}

/// Every frame.
public struct AnimationTimelineSchedule: TimelineSchedule {
    let minimumInterval: Double?
    let paused: Bool

    public func entryDate(at now: Date, start: Date) -> Date {
        if paused { return start }
        guard let step = minimumInterval, step > 0, step.isFinite else { return now }
        let elapsed = now.timeIntervalSince(start)
        return start.addingTimeInterval((elapsed / step).rounded(.down) * step)
    }
}

/// Every `interval` seconds from a date. A start taken from the clock (`.now`, `Date()`: more
/// than a million seconds after the render's start) is the render's start, as it is for the
/// view: so frames never depend on when they are drawn.
public struct PeriodicTimelineSchedule: TimelineSchedule {
    let from: Date
    let interval: Double
    /// Whether `from` was the moment the view was made (`.now`, `Date()`): the schedule then
    /// counts from the render's start, not from each frame's own date.
    var fromNow = false

    public func entryDate(at now: Date, start: Date) -> Date {
        let from = fromNow || self.from.timeIntervalSince(start) > 1_000_000 ? start : self.from
        guard interval > 0, interval.isFinite, now >= from else { return from }
        return from.addingTimeInterval((now.timeIntervalSince(from) / interval).rounded(.down) * interval)
    }
}

/// At the start of every minute.
public struct EveryMinuteTimelineSchedule: TimelineSchedule {
    public func entryDate(at now: Date, start: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: (now.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60)
    }
}

/// At given dates (the latest one not after the frame; the first before them).
public struct ExplicitTimelineSchedule: TimelineSchedule {
    let dates: [Date]

    public func entryDate(at now: Date, start: Date) -> Date {
        dates.filter { $0 <= now }.max() ?? dates.min() ?? now
    }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// Every frame.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule(minimumInterval: nil, paused: false) }

    /// Every frame, at most once per `minimumInterval` seconds; `paused`: the start date throughout.
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: Double) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, interval: interval, fromNow: FrameClock.isFrameDate && startDate == Date())
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule where Self == ExplicitTimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule where S.Element == Date {
        ExplicitTimelineSchedule(dates: Array(dates))
    }
}

/// What a `TimelineView`'s content is given: the date of its entry.
public struct TimelineViewDefaultContext {
    public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
    public let date: Date
    public let cadence: Cadence
}

/// A view whose content is made again for each frame with the frame's date, as SwiftUI's
/// `TimelineView`: the date is the render's start date plus the frame's time, so a frame is a
/// function of its time.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View, PrimitiveView {
    public typealias Context = TimelineViewDefaultContext

    let schedule: Schedule
    let content: (Context) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        let date = schedule.entryDate(at: environment.date, start: environment.startDate)
        var inner = environment.descending("timeline")
        inner.timelineEntry = TimelineEntry(schedule: schedule, date: date, now: environment.date, start: environment.startDate)
        return AnimateViews.makeNode(content(Context(date: date, cadence: .live)), inner)
    }
}

/// Which entry of its schedule a timeline is showing: a device's display refresh for
/// `.animation` (60 a second), else the entry's date. A canvas in the timeline runs once per entry.
package struct TimelineEntry: Hashable, Sendable {
    /// The refresh's number, or the entry date's seconds since the reference date.
    let value: Double
    /// Whether entries are refreshes: a new one on almost every tick, so a tick between frames
    /// need not keep its picture.
    let isRefresh: Bool

    /// Refreshes a second on the device a scene imitates.
    static let refreshRate = 60.0

    init<S: TimelineSchedule>(schedule: S, date: Date, now: Date, start: Date) {
        if let animation = schedule as? AnimationTimelineSchedule, animation.minimumInterval == nil, !animation.paused {
            value = (now.timeIntervalSince(start) * Self.refreshRate + 1e-6).rounded(.down)
            isRefresh = true
        } else {
            value = date.timeIntervalSinceReferenceDate
            isRefresh = false
        }
    }
}

struct TimelineEntryKey: EnvironmentKey { static var defaultValue: TimelineEntry? { nil } }

extension EnvironmentValues {
    /// The entry of the timeline a view is in, if it is in one.
    package var timelineEntry: TimelineEntry? {
        get { self[TimelineEntryKey.self] }
        set { self[TimelineEntryKey.self] = newValue }
    }
}
