import AnimateDrawing
import AnimateScene
import AnimateTimeline
import AnimateViews
import Foundation
import Glibc
import Testing

/// `Date()` in scene and view code reads the frame's date, so a scene that asks the time is still
/// a pure function of the frame; everything else keeps the machine's clock.
@Suite struct FrameClockTests {
    /// Dates a drawing reads, kept across threads.
    final class Readings: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: Double] = [:]
        func set(_ key: String, _ value: Double) { lock.withLock { values[key] = value } }
        subscript(_ key: String) -> Double? { lock.withLock { values[key] } }
    }

    static let machineClockFloor = Date(timeIntervalSince1970: 1_600_000_000)

    @Test func aDrawingReadsTheFramesDateThroughEveryClockCall() throws {
        let readings = Readings()
        let scene = Scene(name: "clock", description: "", duration: 2, size: CGSize(width: 8, height: 8)) { _, frame in
            readings.set("date \(frame.index)", Date().timeIntervalSinceReferenceDate)
            readings.set("now \(frame.index)", Date.now.timeIntervalSinceReferenceDate)
            readings.set("time \(frame.index)", Double(Glibc.time(nil)))
            var tv = timeval()
            gettimeofday(&tv, nil)
            readings.set("timeofday \(frame.index)", Double(tv.tv_sec) + Double(tv.tv_usec) / 1e6)
            // Another thread meanwhile keeps the machine's clock.
            let done = DispatchSemaphore(value: 0)
            Thread { readings.set("other \(frame.index)", Date().timeIntervalSince1970); done.signal() }.start()
            done.wait()
        }
        var canvas = Bitmap(width: 8, height: 8)
        let rate = FrameRate(numerator: 30)!
        for index in [0, 30, 45] {
            scene.render(Frame(index: index, rate: rate, count: 60, size: canvas.size), into: &canvas)
            let t = Double(index) / 30
            #expect(abs(try #require(readings["date \(index)"]) - t) < 1e-6)
            #expect(abs(try #require(readings["now \(index)"]) - t) < 1e-6)
            #expect(try #require(readings["time \(index)"]) == (978_307_200 + t).rounded(.down))
            #expect(abs(try #require(readings["timeofday \(index)"]) - (978_307_200 + t)) < 1e-5)
            #expect(try #require(readings["other \(index)"]) > Self.machineClockFloor.timeIntervalSince1970)
        }
        #expect(Date() > Self.machineClockFloor)
        // Monotonic time (progress, timeouts) is never the frame's.
        var ts = timespec()
        #expect(FrameClock.at(time: 5) { clock_gettime(CLOCK_MONOTONIC, &ts) } == 0)
    }

    @Test func aStatefulScenesUpdatesReadTheTicksDate() {
        let scene = Scene(name: "ticks", description: "", duration: 1, size: CGSize(width: 4, height: 4),
                          initialState: [Double](), tickRate: FrameRate(numerator: 10)!,
                          update: { state, _ in state.append(Date().timeIntervalSinceReferenceDate) },
                          draw: { _, state, _ in #expect(state.count == 5) })
        let readings = Readings()
        let probe = scene.overlaid { _, _ in readings.set("drawn", 1) }
        var canvas = Bitmap(width: 4, height: 4)
        probe.render(Frame(index: 15, rate: FrameRate(numerator: 30)!, count: 30, size: canvas.size), into: &canvas)
        #expect(readings["drawn"] == 1)
        let recorder = Scene(name: "ticks", description: "", duration: 1, size: CGSize(width: 4, height: 4),
                             initialState: [Double](), tickRate: FrameRate(numerator: 10)!,
                             update: { state, _ in state.append(Date().timeIntervalSinceReferenceDate) },
                             draw: { _, state, _ in for (i, v) in state.enumerated() { readings.set("tick \(i)", v) } })
        recorder.render(Frame(index: 15, rate: FrameRate(numerator: 30)!, count: 30, size: canvas.size), into: &canvas)
        for i in 0..<5 { #expect(abs((readings["tick \(i)"] ?? -1) - Double(i) / 10) < 1e-6) }
    }

    @Test func nestedDatesGiveTheOuterOneBack() {
        let a = Date(timeIntervalSince1970: 1_000), b = Date(timeIntervalSince1970: 2_000.25)
        FrameClock.withDate(a) {
            #expect(Date() == a)
            FrameClock.withDate(b) { #expect(abs(Date().timeIntervalSince(b)) < 1e-6) }
            #expect(Date() == a)
            #expect(FrameClock.isFrameDate)
        }
        #expect(!FrameClock.isFrameDate)
        // Dates no clock can hold are kept within range instead of trapping.
        for extreme in [Date.distantFuture, .distantPast, Date(timeIntervalSince1970: .infinity), Date(timeIntervalSince1970: .nan),
                        Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e300)] {
            FrameClock.withDate(extreme) { #expect(Date().timeIntervalSince1970.isFinite) }
        }
    }

    /// A view that opens with `@State var opened = Date()` and moves a red square 50 points a
    /// second of `Date()` since: at the render's dates, the square is where its lesson says.
    struct Stopwatch: View {
        @State var opened = Date()
        var body: some View {
            ZStack(alignment: .topLeading) {
                Color.white
                Rectangle().fill(.red).frame(width: 10, height: 10)
                    .offset(x: Date().timeIntervalSince(opened) * 50)
            }
        }
    }

    /// The square 50 points a second past `start`.
    struct Started: View {
        let start: Date
        var body: some View {
            ZStack(alignment: .topLeading) {
                Color.white
                Rectangle().fill(.red).frame(width: 10, height: 10).offset(x: Date().timeIntervalSince(start) * 50)
            }
        }
    }

    /// A stopwatch made while the view is drawn.
    struct Opening: View {
        var body: some View { Stopwatch() }
    }

    /// The left edge of the red square in `bitmap`, if any.
    static func redLeft(_ bitmap: Bitmap) -> Int? {
        for x in 0..<bitmap.width {
            let p = bitmap.premultipliedPixel(x: x, y: 5)
            if p.x > 200 && p.y < 60 && p.z < 60 { return x }
        }
        return nil
    }

    @Test func aViewsDateIsTheRendersStartPlusTheFramesTime() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let scene = Scene(name: "stopwatch", description: "", duration: 3, size: CGSize(width: 200, height: 20), startDate: start) {
            Stopwatch()
        }
        var canvas = Bitmap(width: 200, height: 20)
        let rate = FrameRate(numerator: 30)!
        var lefts: [Int?] = []
        for index in [0, 30, 60] {
            scene.render(Frame(index: index, rate: rate, count: 90, size: canvas.size), into: &canvas)
            lefts.append(Self.redLeft(canvas))
        }
        #expect(lefts == [0, 50, 100])
        // ImageRenderer draws at its environment's date; a view its body makes opens then.
        let renderer = ImageRenderer(content: Started(start: start).frame(width: 200, height: 20))
        renderer.environment = .frame(at: 1.5, start: start)
        #expect(Self.redLeft(try #require(renderer.bitmap)) == 75)
        let opening = ImageRenderer(content: Opening().frame(width: 200, height: 20))
        opening.environment = .frame(at: 1.5, start: start)
        #expect(Self.redLeft(try #require(opening.bitmap)) == 0)
    }
}
