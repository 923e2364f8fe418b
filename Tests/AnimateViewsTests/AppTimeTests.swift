import AnimateDrawing
import AnimateScene
import AnimateTestSupport
import AnimateTimeline
import AnimateViews
import Foundation
import Testing

/// An app's time is the scene's: a task that sleeps, a timer, work sent after a delay or to the
/// main queue, a task started by an action, each happens at its moment of scene time, and a
/// frame at time t shows what the app had done before t (as a screen shows a change from its
/// next refresh), whether drawn alone or after the frames before it.
@Suite struct AppTimeTests {
    /// The left edge of the red square in a frame of `scene` at `time` (the square starts at 0).
    static func redLeft(_ scene: Scene, at time: Double, fps: Int = 30, cursor: SceneCursor? = nil) -> Int? {
        var bitmap = Bitmap(width: 400, height: 40)
        let index = Int((time * Double(fps)).rounded())
        (cursor ?? scene.cursor()).drawer(for: Frame(index: index, rate: FrameRate(numerator: fps)!, count: fps * 6, size: bitmap.size))
            .render(into: &bitmap)
        return (0..<400).first { x in let p = bitmap.premultipliedPixel(x: x, y: 20); return p.x > 200 && p.y < 60 }
    }

    /// A red square at `x` in a 400-point strip, its left edge at `x`.
    struct Square: View {
        init(x: Double) { self.x = x }
        let x: Double
        var body: some View {
            ZStack(alignment: .leading) {
                Color.white
                Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 10, height: 40).offset(x: x)
            }
        }
    }

    static func scene<V: View>(_ view: @escaping () -> V) -> Scene {
        Scene(name: "time", description: "", duration: 6, size: CGSize(width: 400, height: 40), view: view)
    }

    /// The square's edge at `times`, each frame drawn alone, then all of them with one cursor in order.
    static func edges(_ scene: Scene, at times: [Double], fps: Int = 30) -> [Int?] {
        let alone = times.map { redLeft(scene, at: $0, fps: fps) }
        let cursor = scene.cursor()
        let inOrder = times.map { redLeft(scene, at: $0, fps: fps, cursor: cursor) }
        #expect(alone == inOrder, "alone \(alone), in order \(inOrder)")
        return alone
    }

    struct Sleeper: View {
        @State private var steps = 0
        var body: some View {
            Square(x: Double(steps) * 20)
                .task {
                    while !Task.isCancelled {
                        try? await Task.sleep(nanoseconds: 500_000_000)
                        steps += 1
                    }
                }
        }
    }

    @Test func aTaskThatSleepsCountsTheScenesSeconds() {
        let at = Self.edges(Self.scene { Sleeper() }, at: [0, 0.4, 0.5, 1.2, 2.5, 5.9])
        // A step every half second: shown from the first frame after it.
        #expect(at == [0, 0, 0, 40, 80, 220], "\(at)")
        #expect(Self.edges(Self.scene { Sleeper() }, at: [0.4, 0.5, 0.55, 1.2, 2.5], fps: 24) == [0, 0, 20, 40, 80], "the same at 24 fps")
    }

    struct Spellings: View {
        @State private var a = 0
        @State private var b = 0
        @State private var c = 0
        var body: some View {
            Square(x: Double(a * 100 + b * 10 + c))
                .task { try? await Task.sleep(for: .seconds(1)); a = 1 }
                .task(id: 0) { try? await Task.sleep(for: .milliseconds(1500), tolerance: .zero, clock: .continuous); b = 1 }
                .onAppear {
                    Task {
                        try? await ContinuousClock().sleep(for: .seconds(2))
                        c = 5
                    }
                }
        }
    }

    @Test func everySpellingOfASleepWaitsForSceneTime() {
        #expect(Self.edges(Self.scene { Spellings() }, at: [0.9, 1.04, 1.4, 1.54, 1.9, 2.04]) == [0, 100, 100, 110, 110, 115])
    }

    struct Delayed: View {
        @State private var x = 0.0
        let timer = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()
        @State private var received = 0
        var body: some View {
            Square(x: x + Double(received))
                .onAppear {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { x = 200 }
                    DispatchQueue.main.async { x = 100 }
                }
                .onReceive(timer) { _ in
                    received += 1
                    if received == 8 { timer.upstream.connect().cancel() }
                }
        }
    }

    /// Work sent to the main queue runs in the update that sent it; after a delay, at its time; a
    /// timer fires every quarter second until the view cancels it.
    @Test func delayedWorkAndTimersRunAtTheirTimes() {
        // The first frame is the app as it appears; what it sent to the main queue shows from the next.
        #expect(Self.edges(Self.scene { Delayed() }, at: [0, 0.04, 0.26, 1.0, 1.5, 1.54, 2.04, 4.0]) == [0, 100, 101, 103, 105, 206, 208, 208])
    }

    struct Restarted: View {
        @State private var id = 0
        @State private var finished = 0
        var body: some View {
            Square(x: Double(id * 100 + finished))
                .task(id: id) {
                    do {
                        try await Task.sleep(for: .seconds(1))
                        finished += 1
                    } catch {}
                }
                .task {
                    // A new id before the first task's second is up: that task is cancelled.
                    try? await Task.sleep(for: .seconds(0.5))
                    id = 1
                }
        }
    }

    @Test func aTaskWhoseIdChangesIsCancelledAndStartedAgain() {
        #expect(Self.edges(Self.scene { Restarted() }, at: [0.4, 0.6, 1.2, 1.5, 1.6]) == [0, 100, 100, 100, 101], "cancelled at 0.5 s; the new one finishes just after 1.5 s")
    }

    struct Spinner: View {
        @State private var spins = 0
        var body: some View {
            Square(x: Double(min(spins, 300)))
                .task { while spins < 1000 { await Task.yield(); spins += 1 } }
                .task { while true { try? await Task.sleep(nanoseconds: 0); if Task.isCancelled { break } } }
        }
    }

    /// A loop of yields or sleeps of no time goes on update by update, never holding a frame.
    @Test func loopsOfNoTimeGoOnUpdateByUpdate() {
        let at = Self.edges(Self.scene { Spinner() }, at: [0, 0.5, 1])
        #expect(at == [0, 29, 59], "a yield a tick (60 a second, from the second tick on): \(at)")
    }

    /// Outside a scene the waits are the system's: a real sleep.
    @Test func outsideASceneTheSystemsClockRuns() async throws {
        let start = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(20))
        #expect(ContinuousClock.now - start >= .milliseconds(20))
        let task = Task { 41 + 1 }
        #expect(await task.value == 42)
    }
}
