import AnimateDrawing
import AnimateScene
import AnimateTestSupport
import AnimateTimeline
import AnimateViews
import Foundation
import Testing

/// State changed in `withAnimation` moves from the value shown to the new one by the
/// animation's curve, in scene time: a square slid by `onAppear` is half way at half the
/// duration, a repeating turn comes back, and frames stay pure functions of time.
@Suite struct ViewAnimationTests {
    struct Slide: View {
        @State var x: CGFloat = 0
        var body: some View {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 20, height: 20)
                .offset(x: x)
                .onAppear { withAnimation(.linear(duration: 2)) { x = 200 } }
        }
    }

    /// The left edge of the red square in a frame of `scene` at `time`.
    static func redLeft(_ scene: Scene, at time: Double, fps: Int = 30) -> Int? {
        var bitmap = Bitmap(width: 400, height: 100)
        let index = Int((time * Double(fps)).rounded())
        scene.cursor().drawer(for: Frame(index: index, rate: FrameRate(numerator: fps)!, count: fps * 4, size: bitmap.size)).render(into: &bitmap)
        return (0..<400).first { x in let p = bitmap.premultipliedPixel(x: x, y: 50); return p.x > 200 && p.y < 60 }
    }

    @Test func aLinearSlideIsHalfWayAtHalfItsDuration() throws {
        let scene = Scene(name: "slide", description: "", duration: 4, size: CGSize(width: 400, height: 100)) { Slide() }
        let start = try #require(Self.redLeft(scene, at: 0))
        #expect(start == 190, "centred: 200 - 10")
        let half = try #require(Self.redLeft(scene, at: 1))
        #expect(abs(half - 290) <= 2, "half way at 1 s of 2: \(half)")
        #expect(Self.redLeft(scene, at: 3) == 390 - 0, "arrived")
        #expect(Self.redLeft(scene, at: 1, fps: 60) == half, "the same at 60 fps")
    }

    struct Turn: View {
        @State var angle = 0.0
        var body: some View {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 20, height: 20)
                .offset(x: angle)
                .onAppear { withAnimation(.easeInOut(duration: 1).repeatForever(autoreverses: true)) { angle = 100 } }
        }
    }

    @Test func aRepeatingAnimationGoesAndComesBack() throws {
        let scene = Scene(name: "turn", description: "", duration: 4, size: CGSize(width: 400, height: 100)) { Turn() }
        let at = [0.0, 0.5, 1.0, 1.5, 2.0].map { Self.redLeft(scene, at: $0) }
        #expect(at[0] == 190 && at[2] == 290 && at[4] == 190, "out at 1 s, back at 2 s: \(at)")
        #expect(at[1] == 240 && at[3] == 240, "half way each way (ease in-out is symmetric): \(at)")
    }

    @Test func springsAndCurvesFollowTheirShapes() {
        let ease = Animation.easeIn(duration: 1)
        #expect(ease.fraction(at: 0.5).value < 0.5 && ease.fraction(at: 1).done)
        let spring = Animation.spring(response: 0.5, dampingFraction: 0.5)
        let peak = stride(from: 0.0, to: 2, by: 0.01).map { spring.fraction(at: $0).value }.max() ?? 0
        #expect(peak > 1.05, "an underdamped spring overshoots: \(peak)")
        #expect(Animation.linear(duration: 1).delay(1).fraction(at: 1.5).value == 0.5)
        #expect(Animation.linear(duration: 1).repeatCount(2, autoreverses: true).fraction(at: 1.25).value == 0.75)
    }

    struct Jump: View {
        @State var x: CGFloat = 0
        var body: some View {
            TimelineView(.animation) { timeline in
                Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 20, height: 20)
                    .offset(x: x)
                    .animation(.linear(duration: 1), value: x)
                    .onChange(of: timeline.date) { date in
                        if date.timeIntervalSinceReferenceDate >= 1 { x = 100 }
                    }
            }
        }
    }

    @Test func anAnimationTiedToAValueAnimatesTheChangeThatCameWithIt() throws {
        let scene = Scene(name: "jump", description: "", duration: 4, size: CGSize(width: 400, height: 100)) { Jump() }
        let before = try #require(Self.redLeft(scene, at: 0.9))
        let during = try #require(Self.redLeft(scene, at: 1.5))
        let after = try #require(Self.redLeft(scene, at: 2.5))
        #expect(before == 190 && after == 290)
        #expect(abs(during - 240) <= 3, "half way half a second after the change: \(during)")
        #expect(Self.redLeft(scene, at: 1.5, fps: 60) == during)
    }

    struct Measured: View {
        @State var x: CGFloat = 0
        var body: some View {
            TimelineView(.animation) { timeline in
                GeometryReader { proxy in
                    Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 20, height: 20)
                        .offset(x: x, y: 40)
                        .onChange(of: timeline.date) { date in
                            if date.timeIntervalSinceReferenceDate >= 1 { x = proxy.size.width / 4 }
                        }
                }
            }
        }
    }

    /// Actions inside a GeometryReader's content run as the scene advances too (the view is laid
    /// out at each update, not only made).
    @Test func actionsInsideAGeometryReaderKeepTheirState() throws {
        let scene = Scene(name: "measured", description: "", duration: 4, size: CGSize(width: 400, height: 100)) { Measured() }
        #expect(Self.redLeft(scene, at: 0.5) == 0)
        #expect(Self.redLeft(scene, at: 2) == 100, "a quarter of the reader's width")
    }

    struct Appearing: View {
        @State var show = false
        var body: some View {
            TimelineView(.animation) { timeline in
                ZStack {
                    Color.white
                    if show {
                        Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 40, height: 40).transition(.opacity)
                    }
                }
                .onAppear { withAnimation(.linear(duration: 1)) { show = true } }
                .onChange(of: timeline.date) { date in
                    if date.timeIntervalSinceReferenceDate >= 2 { withAnimation(.linear(duration: 1)) { show = false } }
                }
            }
        }
    }

    /// A view an `if` shows in an animated change fades in by its transition, and out when it
    /// hides it, staying in place until it is gone.
    @Test func aConditionalViewComesAndGoesByItsTransition() {
        let scene = Scene(name: "appearing", description: "", duration: 4, size: CGSize(width: 100, height: 100)) { Appearing() }
        func green(_ time: Double) -> Int {
            var bitmap = Bitmap(width: 100, height: 100)
            scene.cursor().drawer(for: Frame(index: Int(time * 30), rate: FrameRate(numerator: 30)!, count: 120, size: bitmap.size)).render(into: &bitmap)
            return Int(bitmap.premultipliedPixel(x: 50, y: 50).y)
        }
        // Red over white: the green channel falls from 255 to 0 as the square fades in.
        let levels = [0.5, 1.5, 2.5, 3.5].map(green)
        #expect(abs(levels[0] - 128) <= 3, "half in at 0.5 s: \(levels)")
        #expect(levels[1] == 0, "in: \(levels)")
        #expect(abs(levels[2] - 128) <= 6, "half out at 2.5 s: \(levels)")
        #expect(levels[3] == 255, "gone: \(levels)")
    }
}
