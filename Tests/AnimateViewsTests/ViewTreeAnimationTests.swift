import AnimateDrawing
import AnimateScene
import AnimateTestSupport
import AnimateText
import AnimateTimeline
import AnimateViews
import Foundation
import Testing

/// SwiftUI animates the view tree's values, not only the state they come from: a Bool toggled in
/// `withAnimation` turns a `rotationEffect` or grows a `scaleEffect` smoothly, repeating when the
/// animation repeats, and `.animation(_:value:)` does the same for a change made without one;
/// any frame is the same drawn alone.
@Suite struct ViewTreeAnimationTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    struct Spinner: View {
        @State private var spinning = false
        var body: some View {
            Rectangle().fill(ViewTreeAnimationTests.red).frame(width: 160, height: 16)
                .rotationEffect(.degrees(spinning ? 360 : 0))
                .onAppear { withAnimation(.linear(duration: 2).repeatForever(autoreverses: false)) { spinning = true } }
        }
    }

    struct Pulse: View {
        @State private var big = false
        var body: some View {
            Circle().fill(ViewTreeAnimationTests.red).frame(width: 100, height: 100)
                .scaleEffect(big ? 1 : 0.5)
                .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: true)) { big.toggle() } }
        }
    }

    struct Fade: View {
        @State private var shown = false
        var body: some View {
            Rectangle().fill(ViewTreeAnimationTests.red).frame(width: 100, height: 100)
                .opacity(shown ? 1 : 0)
                .animation(.linear(duration: 2), value: shown)
                .onAppear { shown = true }
        }
    }

    static func frame(_ scene: Scene, at time: Double, cursor: SceneCursor? = nil) -> Bitmap {
        var bitmap = Bitmap(width: 200, height: 200)
        let cursor = cursor ?? scene.cursor()
        cursor.drawer(for: Frame(index: Int((time * 30).rounded()), rate: FrameRate(numerator: 30)!, count: 300, size: bitmap.size)).render(into: &bitmap)
        return bitmap
    }

    static func isRed(_ b: Bitmap, _ x: Int, _ y: Int) -> Bool {
        let p = b.premultipliedPixel(x: x, y: y)
        return p.x > 200 && p.y < 80 && p.z < 80
    }

    /// How wide the red is along the middle row, and how tall along the middle column.
    static func extent(_ b: Bitmap) -> (wide: Int, tall: Int) {
        ((0..<200).filter { isRed(b, $0, 100) }.count, (0..<200).filter { isRed(b, 100, $0) }.count)
    }

    @Test func aBoolInARepeatingAnimationTurnsARotationSmoothly() {
        let scene = Scene(name: "spin", description: "", duration: 10, size: CGSize(width: 200, height: 200)) { Spinner() }
        let start = Self.extent(Self.frame(scene, at: 0))
        #expect(start.wide >= 158 && start.tall <= 18, "flat at the start: \(start)")
        let quarter = Self.extent(Self.frame(scene, at: 0.5))
        #expect(quarter.tall >= 158 && quarter.wide <= 18, "upright a quarter turn in: \(quarter)")
        let eighth = Self.frame(scene, at: 0.25)
        #expect(Self.isRed(eighth, 100 + 40, 100 + 40) || Self.isRed(eighth, 100 - 40, 100 + 40), "on the diagonal an eighth in")
        // A whole turn every 2 s, forever: 2.5 s looks as 0.5 s does.
        #expect(Self.frame(scene, at: 2.5).rgba8() == Self.frame(scene, at: 0.5).rgba8())
        // Alone or after the frames before it, the same bytes.
        let cursor = scene.cursor()
        for t in stride(from: 0.0, through: 1.3, by: 1.0 / 30) { _ = Self.frame(scene, at: t, cursor: cursor) }
        #expect(Self.frame(scene, at: 1.3).rgba8() == Self.frame(scene, at: 1.3, cursor: cursor).rgba8())
    }

    @Test func aToggledScaleGrowsAndComesBack() {
        let scene = Scene(name: "pulse", description: "", duration: 10, size: CGSize(width: 200, height: 200)) { Pulse() }
        let widths = [0.0, 0.5, 1.0, 1.5, 2.0].map { Self.extent(Self.frame(scene, at: $0)).wide }
        #expect(abs(widths[0] - 50) <= 2 && abs(widths[1] - 75) <= 3 && abs(widths[2] - 100) <= 2 && abs(widths[3] - 75) <= 3 && abs(widths[4] - 50) <= 2,
                "\(widths)")
    }

    @Test func anAnimationModifierAnimatesABoolsOpacity() {
        let scene = Scene(name: "fade", description: "", duration: 10, size: CGSize(width: 200, height: 200)) { Fade() }
        func red(at t: Double) -> Int { Int(Self.frame(scene, at: t).premultipliedPixel(x: 100, y: 100).y) }
        // Over white: green falls from 255 to 0 as the red square fades in.
        let (half, done) = (red(at: 1), red(at: 2.5))
        #expect(abs(half - 128) <= 6, "half way: \(half)")
        #expect(done == 0)
    }

    struct Night: View {
        var body: some View {
            VStack {
                Text("Stars").font(.system(size: 40))
                Circle().frame(width: 40, height: 40)
            }
            .preferredColorScheme(.dark)
        }
    }

    /// A view that asks for the dark scheme gets a dark window: black, with its text and shapes white.
    @Test func aDarkSchemeMakesADarkWindow() {
        let scene = Scene(name: "night", description: "", duration: 1, size: CGSize(width: 200, height: 200)) { Night() }
        let b = Self.frame(scene, at: 0)
        #expect(b.premultipliedPixel(x: 2, y: 2) == SIMD4(0, 0, 0, 255), "a black window")
        // The circle's middle (below the text) is white, and so is some of the text.
        var whites = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let p = b.premultipliedPixel(x: x, y: y)
                if p.x > 240 && p.y > 240 && p.z > 240 { whites += 1 }
            }
        }
        #expect(whites > 1000, "\(whites)")
        let light = Self.frame(Scene(name: "day", description: "", duration: 1, size: CGSize(width: 200, height: 200)) { Text("Stars") }, at: 0)
        #expect(light.premultipliedPixel(x: 2, y: 2) == SIMD4(255, 255, 255, 255))
    }
}
