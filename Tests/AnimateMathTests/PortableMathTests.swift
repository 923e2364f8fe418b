import AnimateMath
import AnimateTimeline
import Foundation
import Testing

/// Our elementary functions against the C library's, in units in the last place, over the ranges
/// drawing, easing, springs and sound use; and their special values.
@Suite struct PortableMathTests {
    func ulps(_ a: Double, _ b: Double) -> Double {
        if a == b { return 0 }
        if a.isNaN && b.isNaN { return 0 }
        return abs(a - b) / max(b.ulp, Double.leastNormalMagnitude)
    }

    func worst(_ count: Int = 20_000, in range: ClosedRange<Double>, seed: UInt64,
               _ ours: (Double) -> Double, _ reference: (Double) -> Double) -> (Double, Double) {
        var random = RandomSource(seed: seed)
        var worst = (0.0, 0.0)
        for _ in 0..<count {
            let x = random.uniform(range.lowerBound...range.upperBound)
            let e = ulps(ours(x), reference(x))
            if e > worst.0 { worst = (e, x) }
        }
        return worst
    }

    @Test func trigonometryIsWithinTwoUlps() {
        for range in [-Double.pi / 4...Double.pi / 4, -20...20, -1000...1000] {
            let s = worst(in: range, seed: 1, PortableMath.sin, Foundation.sin)
            let c = worst(in: range, seed: 2, PortableMath.cos, Foundation.cos)
            #expect(s.0 <= 2, "sin \(range): \(s.0) ulps at \(s.1)")
            #expect(c.0 <= 2, "cos \(range): \(c.0) ulps at \(c.1)")
        }
        // Near zero crossings the relative error of the reduction shows; absolute error stays tiny.
        #expect(abs(PortableMath.sin(.pi)) < 1e-15 && abs(PortableMath.cos(.pi / 2)) < 1e-15)
        let t = worst(in: -1.5...1.5, seed: 3, PortableMath.tan, Foundation.tan)
        #expect(t.0 <= 4, "tan: \(t.0) ulps at \(t.1)")
    }

    @Test func inverseTrigonometryIsWithinAFewUlps() {
        let a = worst(in: -50...50, seed: 4, PortableMath.atan, Foundation.atan)
        #expect(a.0 <= 2, "atan: \(a.0) ulps at \(a.1)")
        var random = RandomSource(seed: 5)
        var worst2 = 0.0
        for _ in 0..<20_000 {
            let y = random.uniform(-100...100), x = random.uniform(-100...100)
            worst2 = max(worst2, ulps(PortableMath.atan2(y, x), Foundation.atan2(y, x)))
        }
        #expect(worst2 <= 3, "atan2: \(worst2) ulps")
        let s = worst(in: -0.99...0.99, seed: 6, PortableMath.asin, Foundation.asin)
        let c = worst(in: -0.99...0.99, seed: 7, PortableMath.acos, Foundation.acos)
        #expect(s.0 <= 4 && c.0 <= 4, "asin \(s), acos \(c)")
        // Quadrants and signed zeros as C's atan2.
        for (y, x) in [(0.0, 1.0), (-0.0, 1.0), (0.0, -1.0), (-0.0, -1.0), (1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (0.0, -0.0),
                       (1.0, .infinity), (1.0, -.infinity), (.infinity, .infinity), (-.infinity, -.infinity), (.infinity, 3)] {
            let ours = PortableMath.atan2(y, x), reference = Foundation.atan2(y, x)
            #expect(ours == reference && ours.sign == reference.sign, "atan2(\(y), \(x)) = \(ours), C says \(reference)")
        }
    }

    @Test func exponentialsAndPowersAreWithinAFewUlps() {
        let e = worst(in: -700...700, seed: 8, PortableMath.exp, Foundation.exp)
        let e2 = worst(in: -2...2, seed: 9, PortableMath.exp, Foundation.exp)
        #expect(e.0 <= 2 && e2.0 <= 2, "exp: \(e) \(e2)")
        let l = worst(in: 1e-300...1e300, seed: 10, PortableMath.log, Foundation.log)
        let l2 = worst(in: 0.5...2, seed: 11, PortableMath.log, Foundation.log)
        #expect(l.0 <= 2 && l2.0 <= 2, "log: \(l) \(l2)")
        // Easing and springs: powers of a progress, decays.
        var random = RandomSource(seed: 12)
        var worstPow = 0.0
        for _ in 0..<20_000 {
            let x = random.uniform(0...4), y = random.uniform(-8...8)
            worstPow = max(worstPow, ulps(PortableMath.pow(x, y), Foundation.pow(x, y)))
        }
        #expect(worstPow <= 8, "pow: \(worstPow) ulps")
        let pow: (Double, Double) -> Double = PortableMath.pow
        let exp: (Double) -> Double = PortableMath.exp, log: (Double) -> Double = PortableMath.log
        #expect(pow(2, 10) == 1024 && pow(-2, 3) == -8 && pow(0.5, -2) == 4)
        #expect(pow(-8, 1.0 / 3).isNaN && pow(0, -1) == .infinity && pow(7, 0) == 1)
        #expect(exp(0) == 1 && log(1) == 0 && exp(-1000) == 0 && exp(1000) == .infinity)
        let c = worst(in: -1e6...1e6, seed: 13, PortableMath.cbrt, Foundation.cbrt)
        #expect(c.0 <= 3, "cbrt: \(c)")
        let h = worst(in: -1e3...1e3, seed: 14, { PortableMath.hypot($0, $0 * 0.37 + 1) }, { Foundation.hypot($0, $0 * 0.37 + 1) })
        #expect(h.0 <= 2, "hypot: \(h)")
    }
}
