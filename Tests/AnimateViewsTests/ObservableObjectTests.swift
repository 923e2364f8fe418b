import AnimateDrawing
import AnimateScene
import AnimateTimeline
import AnimateViews
import Foundation
import Testing

/// Model objects as SwiftUI code shares them: `@StateObject`, `@ObservedObject`,
/// `@EnvironmentObject` and `@Published`, kept with a scene's view state so every frame is a
/// function of its time.
@Suite struct ObservableObjectTests {
    final class Counter: ObservableObject {
        @Published var count = 0
        static let shared = Counter()
    }

    /// Counts the timeline's half seconds in a model, and moves the red square 20 points a count.
    struct Owner: View {
        @StateObject var counter = Counter()
        var body: some View {
            TimelineView(.periodic(from: .now, by: 0.5)) { context in
                Square(counter: counter)
                    .onChange(of: context.date) { _ in counter.count += 1 }
            }
        }
    }

    struct Square: View {
        @ObservedObject var counter: Counter
        var body: some View {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 20, height: 20).offset(x: CGFloat(counter.count) * 20)
        }
    }

    /// A shared model given through the environment; a child bumps it through a binding.
    struct Shared: View {
        var body: some View {
            Reader().environmentObject(Counter.shared)
        }
    }

    struct Reader: View {
        @EnvironmentObject var counter: Counter
        var body: some View {
            TimelineView(.periodic(from: .now, by: 1)) { context in
                Bumper(count: $counter.count)
                    .onChange(of: context.date) { _ in }
                    .id(context.date)
            }
        }
    }

    struct Bumper: View {
        @Binding var count: Int
        var body: some View {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 20, height: 20).offset(x: CGFloat(count) * 20)
                .onAppear { count += 1 }
        }
    }

    static func frame(_ scene: Scene, at time: Double, cursor: SceneCursor? = nil) -> Bitmap {
        var bitmap = Bitmap(width: 400, height: 100)
        let index = Int((time * 30).rounded())
        (cursor ?? scene.cursor()).drawer(for: Frame(index: index, rate: FrameRate(numerator: 30)!, count: 120, size: bitmap.size)).render(into: &bitmap)
        return bitmap
    }

    static func redLeft(_ bitmap: Bitmap) -> Int? {
        (0..<bitmap.width).first { x in let p = bitmap.premultipliedPixel(x: x, y: 50); return p.x > 200 && p.y < 60 }
    }

    @Test func aStateObjectsPublishedValuesFollowTheFrames() throws {
        let scene = Scene(name: "counter", description: "", duration: 4, size: CGSize(width: 400, height: 100)) { Owner() }
        // Centred (190) and 20 points a half second on.
        #expect(Self.redLeft(Self.frame(scene, at: 0)) == 190)
        #expect(Self.redLeft(Self.frame(scene, at: 1)) == 230)
        #expect(Self.redLeft(Self.frame(scene, at: 2)) == 270)
        // The same bytes alone, after later frames, or after earlier ones.
        let alone = Self.frame(scene, at: 1.5).rgba8()
        let cursor = scene.cursor()
        _ = Self.frame(scene, at: 3, cursor: cursor)
        #expect(Self.frame(scene, at: 1.5, cursor: cursor).rgba8() == alone)
        let run = scene.cursor()
        for t in stride(from: 0.0, through: 1.4, by: 0.1) { _ = Self.frame(scene, at: t, cursor: run) }
        #expect(Self.frame(scene, at: 1.5, cursor: run).rgba8() == alone)
        // Drawing frames changed nothing outside the scene.
        #expect(Counter().count == 0)
    }

    @Test func anEnvironmentObjectIsFoundAndChangedThroughABinding() throws {
        let scene = Scene(name: "shared", description: "", duration: 4, size: CGSize(width: 400, height: 100)) { Shared() }
        let first = Self.redLeft(Self.frame(scene, at: 0.5))
        #expect(first == 210, "appeared once: one bump")
        // The shared object's own value is untouched by frames: each render starts from it.
        #expect(Counter.shared.count == 0)
        #expect(Self.redLeft(Self.frame(scene, at: 0.5)) == first)
        // A second later the bumper is another view (its id is the new date): it appears again.
        #expect(Self.redLeft(Self.frame(scene, at: 1.5)) == 230)
    }

    @Test func outsideAScenePublishedValuesAreTheObjectsOwn() {
        let counter = Counter()
        counter.count = 3
        #expect(counter.count == 3)
        let renderer = ImageRenderer(content: Square(counter: counter).frame(width: 400, height: 100))
        #expect(Self.redLeft(try! #require(renderer.bitmap)) == 190 + 60)
        counter.objectWillChange.send()
    }
}
