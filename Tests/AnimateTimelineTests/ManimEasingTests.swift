import AnimateTimeline
import Foundation
import Testing

/// Manim's rate functions by name, at values worked out from `manim.utils.rate_functions`.
@Suite struct ManimEasingTests {
    @Test func theCurvesHaveManimsValues() {
        func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-4) -> Bool { abs(a - b) < tolerance }
        // smooth: (sigmoid(10 (t − 0.5)) − sigmoid(−5)) / (1 − 2 sigmoid(−5)).
        #expect(Easing.smooth(0) == 0 && Easing.smooth(1) == 1 && near(Easing.smooth(0.5), 0.5))
        #expect(near(Easing.smooth(0.25), 0.070_109), "\(Easing.smooth(0.25))")
        #expect(near(Easing.smooth(inflection: 4)(0.25), 0.196_612), "\(Easing.smooth(inflection: 4)(0.25))")
        // Manim's default and SwiftUI's easeInOut differ by up to about 0.078 of the way.
        let gap = stride(from: 0.0, through: 1, by: 0.001).map { abs(Easing.smooth($0) - Easing.easeInOut($0)) }.max()!
        #expect(gap > 0.07 && gap < 0.09, "\(gap)")
        #expect(near(Easing.smoothstep(0.25), 0.156_25) && near(Easing.smootherstep(0.25), 0.103_515_625))
        #expect(near(Easing.smoothererstep(0.5), 0.5) && near(Easing.smoothererstep(0.25), 0.070_556_640_625))
        #expect(near(Easing.rushInto(1), 1) && near(Easing.rushInto(0.5), 2 * 0.070_109))
        #expect(near(Easing.rushFrom(0), 0) && near(Easing.rushFrom(0.5), 2 * (1 - 0.070_109) - 1))
        #expect(near(Easing.slowInto(0.5), 0.75.squareRoot()))
        #expect(near(Easing.doubleSmooth(0.5), 0.5) && near(Easing.doubleSmooth(0.25), 0.25))
        #expect(near(Easing.thereAndBack(0.5), 1) && near(Easing.thereAndBack(1), 0) && near(Easing.thereAndBack(0.125), 0.070_109))
        #expect(near(Easing.thereAndBackWithPause(0.5), 1) && near(Easing.thereAndBackWithPause(0.4), 1) && near(Easing.thereAndBackWithPause(1), 0))
        // running_start: a degree-6 Bézier through 0, 0, −0.5, −0.5, 1, 1, 1; it backs up first.
        #expect(near(Easing.runningStart(0), 0) && near(Easing.runningStart(1), 1))
        #expect(near(Easing.runningStart(0.5), (15 * -0.5 + 20 * -0.5 + 15 + 6 + 1) / 64))
        #expect(stride(from: 0.0, through: 0.4, by: 0.01).map { Easing.runningStart($0) }.min()! < -0.05)
        #expect(near(Easing.notQuiteThere(proportion: 0.7)(1), 0.7))
        #expect(near(Easing.wiggle(0), 0) && near(Easing.wiggle(1), 0) && near(Easing.wiggle(0.25), 0.5))
        #expect(near(Easing.lingering(0.4), 0.5) && Easing.lingering(0.9) == 1)
        #expect(near(Easing.exponentialDecay(0.1), 1 - exp(-1)))
        #expect(Easing.squish(.linear, from: 0.4, to: 0.6)(0.5) == 0.5 && Easing.squish(.linear)(0.3) == 0)
    }
}
