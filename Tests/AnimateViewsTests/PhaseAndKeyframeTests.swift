import AnimateDrawing
import AnimateScene
import AnimateTestSupport
import AnimateTimeline
import AnimateViews
import Foundation
import Testing

/// `PhaseAnimator` and `KeyframeAnimator` as SwiftUI runs them: phases one after another, each
/// move starting when the one before ends; keyframes as a function of the time since they began;
/// each frame the same drawn alone or in order.
@Suite struct PhaseAndKeyframeTests {
    static func square(at x: Double) -> some View {
        Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 10, height: 40).offset(x: x)
    }

    static func strip<V: View>(_ view: @escaping () -> V) -> Scene {
        Scene(name: "strip", description: "", duration: 6, size: CGSize(width: 400, height: 40)) {
            ZStack(alignment: .leading) { Color.white; view() }
        }
    }

    struct Phased: View {
        var body: some View {
            AppTimeTests.Square(x: 0)
                .phaseAnimator([0.0, 100.0, 300.0]) { content, phase in
                    content.offset(x: phase)
                } animation: { phase in phase == 300 ? .linear(duration: 2) : .linear(duration: 1) }
        }
    }

    /// 0 → 100 over 1 s, → 300 over 2 s, → 0 over 1 s, and round again.
    @Test func phasesFollowOneAnotherEachWithItsAnimation() {
        let at = AppTimeTests.edges(Self.strip { Phased() }, at: [0, 0.5, 1.0, 2.0, 3.0, 3.5, 4.0, 4.5])
        #expect(at == [0, 50, 100, 200, 300, 150, 0, 50], "\(at)")
    }

    struct Triggered: View {
        @State private var taps = 0
        var body: some View {
            AppTimeTests.Square(x: 0)
                .phaseAnimator([0.0, 200.0], trigger: taps) { content, phase in content.offset(x: phase) } animation: { _ in .linear(duration: 1) }
                .task { try? await Task.sleep(for: .seconds(2)); taps += 1 }
        }
    }

    /// With a trigger it rests in the first phase and goes round once when the trigger changes.
    @Test func aTriggerRunsThePhasesOnce() {
        // The trigger changes at 2 s: out to 200 by 3 s, back by 4 s, then at rest.
        let at = AppTimeTests.edges(Self.strip { Triggered() }, at: [0, 1.5, 2.5, 3.5, 4.1, 5.5])
        #expect(at == [0, 0, 100, 100, 0, 0], "\(at)")
    }

    struct Keyed: View {
        struct Values { var x = 0.0; var other = CGPoint.zero }
        var body: some View {
            AppTimeTests.Square(x: 0)
                .keyframeAnimator(initialValue: Values(), repeating: false) { content, value in
                    content.offset(x: value.x)
                } keyframes: { _ in
                    KeyframeTrack(\.x) {
                        LinearKeyframe(100, duration: 1)
                        MoveKeyframe(300)
                        LinearKeyframe(300, duration: 1)
                        LinearKeyframe(0, duration: 2, timingCurve: .linear)
                    }
                    KeyframeTrack(\.other) { CubicKeyframe(CGPoint(x: 5, y: 5), duration: 0.5) }
                }
        }
    }

    /// Linear steps, a jump, a hold, then the end held.
    @Test func keyframesAreAFunctionOfTheirTime() {
        let at = AppTimeTests.edges(Self.strip { Keyed() }, at: [0, 0.5, 1.0, 1.5, 2.5, 3.0, 5.0])
        #expect(at == [0, 50, 300, 300, 225, 150, 0], "\(at)")
    }

    /// A spring keyframe overshoots and settles on its value; a cubic one passes through every
    /// keyframe's value at its time.
    @Test func springAndCubicKeyframesReachTheirValues() {
        let spring = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack { SpringKeyframe(100.0, duration: 3, spring: .bouncy) }
        }
        let peak = stride(from: 0.0, through: 3, by: 0.01).map { spring.value(time: $0) }.max() ?? 0
        #expect(peak > 101 && abs(spring.value(time: 3) - 100) < 0.5, "peak \(peak), end \(spring.value(time: 3))")
        let cubic = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack {
                CubicKeyframe(10.0, duration: 1)
                CubicKeyframe(-20.0, duration: 1)
                CubicKeyframe(5.0, duration: 0.5)
            }
        }
        #expect(abs(cubic.value(time: 1) - 10) < 1e-9 && abs(cubic.value(time: 2) + 20) < 1e-9 && abs(cubic.value(time: 2.5) - 5) < 1e-9)
        #expect(cubic.duration == 2.5)
    }
}
