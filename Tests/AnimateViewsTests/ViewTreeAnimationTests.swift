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

/// A custom `Shape`'s `animatableData` (one number, or a pair) moves between the view tree's
/// states as SwiftUI moves it.
@Suite struct AnimatableShapeTests {
    /// A bar whose length is its animatable data: `fraction` of the frame's width.
    struct Bar: Shape {
        var fraction: Double
        var animatableData: Double {
            get { fraction }
            set { fraction = newValue }
        }
        func path(in rect: CGRect) -> Path { Path(CGRect(x: 0, y: 0, width: rect.width * fraction, height: rect.height)) }
    }

    /// A box whose width and height fractions animate together.
    struct Box: Shape {
        var width: CGFloat
        var height: CGFloat
        var animatableData: AnimatablePair<CGFloat, CGFloat> {
            get { AnimatablePair(width, height) }
            set { width = newValue.first; height = newValue.second }
        }
        func path(in rect: CGRect) -> Path { Path(CGRect(x: 0, y: 0, width: rect.width * width, height: rect.height * height)) }
    }

    struct Grow: View {
        @State private var full = false
        var body: some View {
            Bar(fraction: full ? 1 : 0.2)
                .fill(ViewTreeAnimationTests.red)
                .frame(width: 200, height: 200)
                .onAppear { withAnimation(.linear(duration: 2)) { full = true } }
        }
    }

    struct Stretch: View {
        @State private var big = false
        var body: some View {
            Box(width: big ? 1 : 0.5, height: big ? 0.5 : 1)
                .fill(ViewTreeAnimationTests.red)
                .frame(width: 200, height: 200)
                .animation(.linear(duration: 1), value: big)
                .onAppear { big = true }
        }
    }

    @Test func aShapesAnimatableDataMovesWithItsAnimation() {
        let scene = Scene(name: "grow", description: "", duration: 4, size: CGSize(width: 200, height: 200)) { Grow() }
        let widths = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0].map { ViewTreeAnimationTests.extent(ViewTreeAnimationTests.frame(scene, at: $0)).wide }
        // 20% to 100% of 200 over 2 s, linearly.
        for (width, expected) in zip(widths, [40, 80, 120, 160, 200, 200]) { #expect(abs(width - expected) <= 2, "\(widths)") }
        let cursor = scene.cursor()
        for t in stride(from: 0.0, through: 1.2, by: 1.0 / 30) { _ = ViewTreeAnimationTests.frame(scene, at: t, cursor: cursor) }
        #expect(ViewTreeAnimationTests.frame(scene, at: 1.2).rgba8() == ViewTreeAnimationTests.frame(scene, at: 1.2, cursor: cursor).rgba8())
    }

    @Test func anAnimatablePairMovesBothHalves() {
        let scene = Scene(name: "stretch", description: "", duration: 4, size: CGSize(width: 200, height: 200)) { Stretch() }
        let start = ViewTreeAnimationTests.frame(scene, at: 0), half = ViewTreeAnimationTests.frame(scene, at: 0.5)
        let end = ViewTreeAnimationTests.frame(scene, at: 1.5)
        func size(_ b: Bitmap) -> (Int, Int) {
            ((0..<200).filter { ViewTreeAnimationTests.isRed(b, $0, 5) }.count, (0..<200).filter { ViewTreeAnimationTests.isRed(b, 5, $0) }.count)
        }
        let (w0, h0) = size(start), (w1, h1) = size(half), (w2, h2) = size(end)
        #expect(abs(w0 - 100) <= 2 && abs(h0 - 200) <= 2, "\(w0)x\(h0)")
        #expect(abs(w1 - 150) <= 2 && abs(h1 - 150) <= 2, "\(w1)x\(h1)")
        #expect(abs(w2 - 200) <= 2 && abs(h2 - 100) <= 2, "\(w2)x\(h2)")
    }
}

extension AnimatableShapeTests {
    /// The classic counting label: a modifier whose number animates, its body made from it.
    struct Counting: AnimatableModifier {
        var value: Double
        var animatableData: Double {
            get { value }
            set { value = newValue }
        }
        func body(content: Content) -> some View {
            Rectangle().fill(ViewTreeAnimationTests.red).frame(width: value, height: 20)
        }
    }

    struct Counter: View {
        @State private var total = 0.0
        var body: some View {
            Color.clear.frame(width: 200, height: 200)
                .modifier(Counting(value: total))
                .onAppear { withAnimation(.linear(duration: 2)) { total = 200 } }
        }
    }

    @Test func anAnimatableModifiersDataMovesToo() {
        let scene = Scene(name: "count", description: "", duration: 4, size: CGSize(width: 200, height: 200)) { Counter() }
        let widths = [0.0, 1.0, 2.5].map { ViewTreeAnimationTests.extent(ViewTreeAnimationTests.frame(scene, at: $0)).wide }
        #expect(widths[0] <= 1 && abs(widths[1] - 100) <= 2 && abs(widths[2] - 200) <= 2, "\(widths)")
    }
}

extension AnimatableShapeTests {
    /// A card that grows and turns from blue to red when toggled in `withAnimation`.
    struct Card: View {
        @State private var big = false
        var body: some View {
            RoundedRectangle(cornerRadius: 4)
                .fill(big ? ViewTreeAnimationTests.red : Color(red: 0, green: 0, blue: 1))
                .frame(width: big ? 180 : 60, height: 40)
                .onAppear { withAnimation(.linear(duration: 2)) { big = true } }
        }
    }

    @Test func aFramesLengthAndAFillsColourMoveWithTheAnimation() {
        let scene = Scene(name: "card", description: "", duration: 4, size: CGSize(width: 200, height: 200)) { Card() }
        func measure(_ t: Double) -> (width: Int, color: SIMD4<UInt8>) {
            let b = ViewTreeAnimationTests.frame(scene, at: t)
            let width = (0..<200).filter { b.premultipliedPixel(x: $0, y: 100).y < 128 }.count
            return (width, b.premultipliedPixel(x: 100, y: 100))
        }
        let (w0, c0) = measure(0), (w1, c1) = measure(1), (w2, c2) = measure(2.5)
        #expect(abs(w0 - 60) <= 2 && abs(w1 - 120) <= 2 && abs(w2 - 180) <= 2, "\(w0) \(w1) \(w2)")
        #expect(c0.x < 10 && c0.z > 245, "blue at the start: \(c0)")
        // Half way, a purple between them (colours blend perceptually, in OKLab).
        #expect((60...245).contains(c1.x) && (60...245).contains(c1.z), "half way: \(c1)")
        #expect(c2.x > 245 && c2.z < 10, "red at the end: \(c2)")
    }
}

extension AnimatableShapeTests {
    /// A card in one branch replaced by a larger one in the other, matched by id.
    struct Hero: View {
        @Namespace private var namespace
        @State private var expanded = false
        var body: some View {
            VStack {
                if expanded {
                    Rectangle().fill(Color(red: 0, green: 0, blue: 1))
                        .matchedGeometryEffect(id: "card", in: namespace)
                        .frame(width: 180, height: 100)
                } else {
                    Rectangle().fill(Color(red: 0, green: 0, blue: 1))
                        .matchedGeometryEffect(id: "card", in: namespace)
                        .frame(width: 60, height: 20)
                }
            }
            .onAppear { withAnimation(.linear(duration: 2)) { expanded = true } }
        }
    }

    @Test func aMatchedViewMovesFromTheFrameOfTheOneItReplaces() {
        let scene = Scene(name: "hero", description: "", duration: 4, size: CGSize(width: 200, height: 200)) { Hero() }
        func size(_ t: Double) -> (Int, Int) {
            let b = ViewTreeAnimationTests.frame(scene, at: t)
            return ((0..<200).filter { b.premultipliedPixel(x: $0, y: 100).z > 200 && b.premultipliedPixel(x: $0, y: 100).x < 140 }.count,
                    (0..<200).filter { b.premultipliedPixel(x: 100, y: $0).z > 200 && b.premultipliedPixel(x: 100, y: $0).x < 140 }.count)
        }
        let (w0, h0) = size(0), (w1, h1) = size(1), (w2, h2) = size(2.5)
        #expect(abs(w0 - 60) <= 2 && abs(h0 - 20) <= 2, "\(w0)x\(h0)")
        #expect(abs(w1 - 120) <= 4 && abs(h1 - 60) <= 4, "half way: \(w1)x\(h1)")
        #expect(abs(w2 - 180) <= 2 && abs(h2 - 100) <= 2, "\(w2)x\(h2)")
    }
}
