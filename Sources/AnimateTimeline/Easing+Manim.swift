import AnimateMath

/// Manim's rate functions by their names (`manim.utils.rate_functions`), so a ported lesson keeps
/// its timing: `smooth` is Manim's default for every animation. Those that go out and come back
/// (`thereAndBack`, `wiggle`) end where they began, as Manim's do.
extension Easing {
    /// Manim's default: a logistic curve scaled to run from 0 to 1, steeper in the middle than
    /// `easeInOut` (`inflection` sets how steep).
    public static let smooth = smooth(inflection: 10)

    /// Manim's `smooth` with another steepness.
    public static func smooth(inflection: Double) -> Easing {
        Easing { t in manimSmooth(t, inflection) }
    }

    /// 3t² − 2t³.
    public static let smoothstep = Easing { t in t * t * (3 - 2 * t) }
    /// 6t⁵ − 15t⁴ + 10t³.
    public static let smootherstep = Easing { t in t * t * t * (t * (6 * t - 15) + 10) }
    /// 35t⁴ − 84t⁵ + 70t⁶ − 20t⁷.
    public static let smoothererstep = Easing { t in t * t * t * t * (35 + t * (-84 + t * (70 - 20 * t))) }

    /// Starts slowly and arrives at full speed (the first half of `smooth`).
    public static let rushInto = Easing { t in 2 * manimSmooth(t / 2, 10) }
    /// Leaves at full speed and settles (the second half of `smooth`).
    public static let rushFrom = Easing { t in 2 * manimSmooth(t / 2 + 0.5, 10) - 1 }
    /// Fast at first, slowing to a stop along a quarter circle.
    public static let slowInto = Easing { t in (1 - (1 - t) * (1 - t)).squareRoot() }
    /// `smooth` to the middle, then `smooth` again to the end.
    public static let doubleSmooth = Easing { t in t < 0.5 ? 0.5 * manimSmooth(2 * t, 10) : 0.5 * (1 + manimSmooth(2 * t - 1, 10)) }

    /// Out and back: `smooth` to the end at half time, then back to the start.
    public static let thereAndBack = Easing { t in manimSmooth(t < 0.5 ? 2 * t : 2 * (1 - t), 10) }

    /// Out, a pause of `pauseRatio` of the time at the end, and back.
    public static func thereAndBackWithPause(pauseRatio: Double = 1.0 / 3) -> Easing {
        let r = min(max(pauseRatio, 1e-6), 1)
        let a = 1 / r
        return Easing { t in
            if t < 0.5 - r / 2 { return manimSmooth(a * t, 10) }
            if t < 0.5 + r / 2 { return 1 }
            return manimSmooth(a - a * t, 10)
        }
    }
    public static let thereAndBackWithPause = thereAndBackWithPause()

    /// Backs up by `pullFactor` first, then runs to the end (a Bézier through 0, 0, pull, pull, 1, 1, 1).
    public static func runningStart(pullFactor: Double = -0.5) -> Easing {
        let points = [0, 0, pullFactor, pullFactor, 1, 1, 1]
        return Easing { t in
            // Bernstein form of the degree-6 curve.
            let s = 1 - t
            var value = 0.0
            let binomial = [1.0, 6, 15, 20, 15, 6, 1]
            for (k, p) in points.enumerated() {
                value += binomial[k] * PortableMath.pow(t, Double(k)) * PortableMath.pow(s, Double(6 - k)) * p
            }
            return value
        }
    }
    public static let runningStart = runningStart()

    /// Another curve stopped at `proportion` of the way.
    public static func notQuiteThere(_ curve: Easing = .smooth, proportion: Double = 0.7) -> Easing {
        Easing { t in proportion * curve(t) }
    }

    /// Back and forth `wiggles` half-turns, swelling and fading (Manim's Wiggle and ApplyWave).
    public static func wiggle(wiggles: Double = 2) -> Easing {
        Easing { t in manimSmooth(t < 0.5 ? 2 * t : 2 * (1 - t), 10) * PortableMath.sin(wiggles * .pi * t) }
    }
    public static let wiggle = wiggle()

    /// `curve` run within `a...b` of the time: 0 before, 1 after.
    public static func squish(_ curve: Easing, from a: Double = 0.4, to b: Double = 0.6) -> Easing {
        Easing { t in
            if a == b { return t < a ? curve(0) : curve(1) }
            if t < a { return curve(0) }
            if t > b { return curve(1) }
            return curve((t - a) / (b - a))
        }
    }

    /// Linear over the first 80% of the time, then holding at the end.
    public static let lingering = squish(.linear, from: 0, to: 0.8)

    /// Rises as 1 − e^(−t / halfLife): fast, then creeping towards the end.
    public static func exponentialDecay(halfLife: Double = 0.1) -> Easing {
        let h = max(halfLife, 1e-6)
        return Easing { t in 1 - PortableMath.exp(-t / h) }
    }
    public static let exponentialDecay = exponentialDecay()
}

/// Manim's `smooth`: the logistic curve through the middle, scaled so that 0 and 1 are its ends.
private func manimSmooth(_ t: Double, _ inflection: Double) -> Double {
    func sigmoid(_ x: Double) -> Double { 1 / (1 + PortableMath.exp(-x)) }
    let error = sigmoid(-inflection / 2)
    return min(max((sigmoid(inflection * (t - 0.5)) - error) / (1 - 2 * error), 0), 1)
}
