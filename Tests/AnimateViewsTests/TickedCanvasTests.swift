import AnimateDrawing
import AnimateScene
import AnimateText
import AnimateTimeline
@testable import AnimateViews
import Foundation
import Testing

/// A `Canvas` in a `TimelineView` runs as a device runs it: once per entry of the schedule (each
/// display refresh for `.animation`, each second for `.periodic(by: 1)`), in order, whatever the
/// video's frame rate; a model it changes advances at the schedule's rate, is never shared by two
/// runs, and any frame is the same drawn alone or after the frames before it.
@Suite struct TickedCanvasTests {
    /// A model the canvas changes each time it draws, as particle effects do.
    final class Counter { var runs = 0 }

    /// Draws one red bar per run so far (so the picture tells how many runs there were): `runs`
    /// bars of 2 px, side by side.
    struct Bars<S: TimelineSchedule>: View {
        let schedule: S
        @State private var counter = Counter()
        var body: some View {
            TimelineView(schedule) { _ in
                Canvas { context, _ in
                    counter.runs += 1
                    for i in 0..<counter.runs { context.fill(Path(CGRect(x: i * 2, y: 0, width: 1, height: 10)), with: .color(.red)) }
                }
            }
        }
    }

    static func runs(in bitmap: Bitmap) -> Int {
        (0..<bitmap.width / 2).filter { bitmap.premultipliedPixel(x: $0 * 2, y: 5).y < 128 }.count
    }

    static func frame(_ scene: Scene, at index: Int, fps: Int, cursor: SceneCursor? = nil) -> Bitmap {
        var bitmap = Bitmap(width: 1000, height: 20)
        let cursor = cursor ?? scene.cursor()
        cursor.drawer(for: Frame(index: index, rate: FrameRate(numerator: fps)!, count: fps * 10, size: bitmap.size)).render(into: &bitmap)
        return bitmap
    }

    static func scene<S: TimelineSchedule>(_ schedule: S) -> Scene {
        Scene(name: "bars", description: "", duration: 10, size: CGSize(width: 1000, height: 20)) { Bars(schedule: schedule) }
    }

    @Test func aCanvasThatCountsItsRunsCountsTheSchedulesEntriesAtEveryFrameRate() {
        let animation = Self.scene(.animation)
        for fps in [24, 30, 60] {
            // At 2 s and 3.5 s: refreshes 0...120 and 0...210 have run, once each.
            #expect(Self.runs(in: Self.frame(animation, at: 2 * fps, fps: fps)) == 121, "at \(fps) fps")
            #expect(Self.runs(in: Self.frame(animation, at: 7 * fps / 2, fps: fps)) == 211, "at \(fps) fps")
        }
        let periodic = Self.scene(.periodic(from: .now, by: 1))
        for fps in [24, 30, 60] {
            // Entries at 0, 1, 2 and 3 s: four runs by 3.5 s.
            #expect(Self.runs(in: Self.frame(periodic, at: 7 * fps / 2, fps: fps)) == 4, "at \(fps) fps")
        }
    }

    @Test func anyFrameIsTheSameAloneOrInOrder() {
        let scene = Self.scene(.animation)
        let cursor = scene.cursor()
        var inOrder: [[UInt8]] = []
        for index in 0..<48 { inOrder.append(Self.frame(scene, at: index, fps: 24, cursor: cursor).rgba8()) }
        for index in [47, 3, 30, 0, 12] {
            #expect(Self.frame(scene, at: index, fps: 24).rgba8() == inOrder[index], "frame \(index)")
        }
        // Going back on one cursor replays from a fresh model.
        #expect(Self.frame(scene, at: 5, fps: 24, cursor: cursor).rgba8() == inOrder[5])
    }

    @Test func twoRendersNeverShareAModel() async {
        let scene = Self.scene(.animation)
        let expected = Self.frame(scene, at: 60, fps: 30).rgba8()
        let results = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<4 { group.addTask { Self.frame(scene, at: 60, fps: 30).rgba8() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func aCanvasOutsideATimelineDrawsEachFrame() {
        // Drawn with no scene's ticks (a picture of a view), a timeline's canvas draws as any canvas.
        struct Dots: View {
            var body: some View {
                TimelineView(.animation) { _ in
                    Canvas { context, size in context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.red)) }
                }
            }
        }
        let bitmap = ImageRenderer(content: Dots().frame(width: 10, height: 10)).bitmap
        #expect(bitmap?.premultipliedPixel(x: 5, y: 5) == SIMD4(255, 59, 48, 255))
    }
}
