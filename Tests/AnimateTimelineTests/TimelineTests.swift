import AnimateTimeline
import Foundation
import Testing

@Suite struct TimelineTests {
    @Test func cssEasingsAtKnownPoints() {
        // Reference values of CSS cubic-bezier curves (as browsers compute them).
        #expect(abs(Easing.ease(0.5) - 0.8024033877399112) < 1e-6)
        #expect(abs(Easing.easeInOut(0.5) - 0.5) < 1e-9)
        #expect(abs(Easing.easeIn(0.5) - 0.3153568) < 1e-6)
        #expect(abs(Easing.easeOut(0.5) - 0.6846432) < 1e-6)
        #expect(Easing.linear(0.3) == 0.3)
        for e in [Easing.ease, .easeIn, .easeOut, .easeInOut, .easeInOutCubic, .easeOutBounce, .easeInOutBack, .easeOutElastic] {
            #expect(abs(e(0)) < 1e-9 && abs(e(1) - 1) < 1e-9)
        }
        #expect(Easing.easeInQuad(0.5) == 0.25)
        #expect(Easing.easeOutQuad(0.5) == 0.75)
        #expect(Easing.easeInOutCubic(0.25) == 0.0625)
        #expect(Easing.easeInBack(0.5) < 0)          // back curves pull back first
        #expect(Easing.ease(.nan) == 0 && Easing.ease(2) == 1)
    }

    @Test func springSettlesAndOvershootsWhenUnderdamped() {
        let bouncy = Spring(response: 0.5, dampingFraction: 0.3)
        #expect((0..<100).map { bouncy.value(at: Double($0) * 0.01) }.max()! > 1.2)
        #expect(abs(bouncy.value(at: bouncy.settlingDuration) - 1) < 2e-3)
        let critical = Spring(response: 0.5, dampingFraction: 1)
        #expect((0..<300).allSatisfy { critical.value(at: Double($0) * 0.01) <= 1 + 1e-12 })
        let over = Spring(response: 0.5, dampingFraction: 2)
        #expect(abs(over.value(at: 0)) < 1e-12 && over.value(at: 5) > 0.99)
        #expect(abs(Easing.spring(Spring())(1) - 1) < 1e-12)
    }

    @Test func keyframesInterpolateWithPerSegmentEasing() {
        let track = Keyframes(0.0).key(at: 1, 100).key(at: 3, 50, easing: .easeIn)
        #expect(track.value(at: -1) == 0)
        #expect(track.value(at: 0.5) == 50)
        #expect(track.value(at: 1) == 100)
        #expect(abs(track.value(at: 2) - (100 - 50 * Easing.easeIn(0.5))) < 1e-12)
        #expect(track.value(at: 10) == 50)
        #expect(track.duration == 3)
        let points = Keyframes(CGPoint.zero).key(at: 2, CGPoint(x: 10, y: 20))
        #expect(points.value(at: 1) == CGPoint(x: 5, y: 10))
    }

    @Test func motionComposition() {
        let up = Motion.tween(from: 0.0, to: 10, duration: 2)
        #expect(up.value(at: 1) == 5)
        #expect(up.delayed(by: 1).value(at: 2) == 5)
        #expect(up.repeated(3).duration == 6 && up.repeated(3).value(at: 5) == 5)
        let pingPong = up.autoreversed()
        #expect(pingPong.value(at: 3) == 5 && pingPong.value(at: 4) == 0)
        #expect(up.looped().value(at: 7) == 5)
        let seq = Motion.sequence(up, Motion.tween(from: 10.0, to: 0, duration: 1))
        #expect(seq.duration == 3 && seq.value(at: 2.5) == 5)
        let staggered = Motion.stagger([up, up, up], interval: 0.5)
        #expect(staggered.map { $0.value(at: 1) } == [5, 2.5, 0])
        #expect(Loop.phase(2.5, period: 2) == 0.25)
        #expect(Loop.pingPong(0, period: 3) == 0 && abs(Loop.pingPong(1.5, period: 3) - 1) < 1e-12)
    }

    @Test func rationalTimeHasNoDrift() {
        let ntsc = FrameRate(parsing: "29.97")!
        #expect(ntsc.numerator == 30000 && ntsc.denominator == 1001)
        #expect(ntsc.time(ofFrame: 100_000) == Double(100_000 * 1001) / 30000)
        let sixty = FrameRate(numerator: 60)!
        #expect(sixty.time(ofFrame: 6_000_000) == 100_000)
        // Accumulating 1/60 drifts; exact time does not.
        var t = 0.0
        for _ in 0..<100_000 { t += 1.0 / 60 }
        #expect(t != sixty.time(ofFrame: 100_000))
        #expect(sixty.time(ofFrame: 100_000) == 100_000.0 / 60)
        #expect(FrameRate(parsing: "0") == nil && FrameRate(parsing: "nan") == nil && FrameRate(parsing: "-3") == nil)
        #expect(FrameRate(parsing: "24000/1001")!.description == "24000/1001")
        let frame = Frame(index: 30, rate: sixty, count: 120, size: CGSize(width: 10, height: 10))
        #expect(frame.time == 0.5 && frame.progress == 0.25 && frame.duration == 2)
    }

    @Test func seededGeneratorSequenceIsFixed() {
        // SplitMix64 reference outputs for seed 0.
        var rng = RandomSource(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
        var a = RandomSource(seed: 42), b = RandomSource(seed: 42)
        #expect((0..<100).map { _ in a.uniform(-1...1) } == (0..<100).map { _ in b.uniform(-1...1) })
        var c = RandomSource(seed: 7)
        let normals = (0..<20_000).map { _ in c.normal() }
        let mean = normals.reduce(0, +) / Double(normals.count)
        #expect(abs(mean) < 0.03)
        #expect((0..<1000).allSatisfy { _ in let p = c.point(inCircleOf: 5); return hypot(p.x, p.y) <= 5 })
        var f1 = RandomSource(seed: 1).fork(3), f2 = RandomSource(seed: 1).fork(3), f3 = RandomSource(seed: 1).fork(4)
        let first = f1.next()
        #expect(first == f2.next())
        #expect(first != f3.next())
    }
}
