import AnimateMath
import Foundation

/// A timing curve mapping progress 0...1 to eased progress (which may overshoot for back,
/// elastic and spring curves). Values are pure functions of their input: deterministic.
public struct Easing: Sendable {
    private let curve: @Sendable (Double) -> Double

    /// An easing from a function of progress; `f(0)` should be 0 and `f(1)` 1.
    public init(_ curve: @escaping @Sendable (Double) -> Double) { self.curve = curve }

    /// The eased value of `t` (clamped to 0...1 first).
    public func callAsFunction(_ t: Double) -> Double {
        guard t.isFinite else { return t > 0 ? 1 : 0 }
        return curve(min(max(t, 0), 1))
    }

    /// No easing.
    public static let linear = Easing { $0 }

    /// A cubic Bézier timing curve from (0,0) to (1,1) with control points (x1,y1), (x2,y2),
    /// as CSS `cubic-bezier()` and SwiftUI's `timingCurve` define it.
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Easing {
        let bezier = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        return Easing { bezier.solve($0) }
    }

    /// CSS `ease`: cubic-bezier(0.25, 0.1, 0.25, 1).
    public static let ease = cubicBezier(0.25, 0.1, 0.25, 1)
    /// CSS and SwiftUI `easeIn`: cubic-bezier(0.42, 0, 1, 1).
    public static let easeIn = cubicBezier(0.42, 0, 1, 1)
    /// CSS and SwiftUI `easeOut`: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = cubicBezier(0, 0, 0.58, 1)
    /// CSS and SwiftUI `easeInOut`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = cubicBezier(0.42, 0, 0.58, 1)

    /// This curve run backwards in time (ease-in becomes ease-out).
    public var reversed: Easing { Easing { 1 - self(1 - $0) } }

    /// An in-out curve built from this ease-in curve: first half eases in, second half eases out.
    public var inOut: Easing { Easing { t in t < 0.5 ? self(2 * t) / 2 : 1 - self(2 - 2 * t) / 2 } }

    // The standard families (easings.net): each `In` curve, its mirrored `Out`, and `InOut`.
    public static let easeInSine = Easing { 1 - PortableMath.cos($0 * .pi / 2) }
    public static let easeOutSine = easeInSine.reversed
    public static let easeInOutSine = easeInSine.inOut
    public static let easeInQuad = Easing { $0 * $0 }
    public static let easeOutQuad = easeInQuad.reversed
    public static let easeInOutQuad = easeInQuad.inOut
    public static let easeInCubic = Easing { $0 * $0 * $0 }
    public static let easeOutCubic = easeInCubic.reversed
    public static let easeInOutCubic = easeInCubic.inOut
    public static let easeInQuart = Easing { $0 * $0 * $0 * $0 }
    public static let easeOutQuart = easeInQuart.reversed
    public static let easeInOutQuart = easeInQuart.inOut
    public static let easeInQuint = Easing { $0 * $0 * $0 * $0 * $0 }
    public static let easeOutQuint = easeInQuint.reversed
    public static let easeInOutQuint = easeInQuint.inOut
    public static let easeInExpo = Easing { $0 == 0 ? 0 : PortableMath.pow(2, 10 * $0 - 10) }
    public static let easeOutExpo = easeInExpo.reversed
    public static let easeInOutExpo = easeInExpo.inOut
    public static let easeInCirc = Easing { 1 - (1 - $0 * $0).squareRoot() }
    public static let easeOutCirc = easeInCirc.reversed
    public static let easeInOutCirc = easeInCirc.inOut
    public static let easeInBack = Easing { t in 2.70158 * t * t * t - 1.70158 * t * t }
    public static let easeOutBack = easeInBack.reversed
    public static let easeInOutBack = easeInBack.inOut
    public static let easeInElastic = Easing { t in
        t == 0 || t == 1 ? t : -PortableMath.pow(2, 10 * t - 10) * PortableMath.sin((t * 10 - 10.75) * (2 * .pi / 3))
    }
    public static let easeOutElastic = easeInElastic.reversed
    public static let easeInOutElastic = easeInElastic.inOut
    public static let easeOutBounce = Easing { t in
        let n = 7.5625, d = 2.75
        if t < 1 / d { return n * t * t }
        if t < 2 / d { let u = t - 1.5 / d; return n * u * u + 0.75 }
        if t < 2.5 / d { let u = t - 2.25 / d; return n * u * u + 0.9375 }
        let u = t - 2.625 / d
        return n * u * u + 0.984375
    }
    public static let easeInBounce = easeOutBounce.reversed
    public static let easeInOutBounce = easeInBounce.inOut

    /// A spring settling from 0 to 1 over the eased interval (see `Spring`).
    public static func spring(_ spring: Spring) -> Easing {
        let span = spring.settlingDuration
        return Easing { t in t >= 1 ? 1 : spring.value(at: t * span) }
    }
}

/// Solves CSS cubic-Bézier timing curves: find the parameter whose x is the input time
/// (Newton's method, then bisection), and return its y.
struct UnitBezier: Sendable {
    let ax, bx, cx, ay, by, cy: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    func solve(_ x: Double, epsilon: Double = 1e-9) -> Double {
        var t = x
        for _ in 0..<8 {
            let err = self.x(t) - x
            if abs(err) < epsilon { return y(t) }
            let d = dx(t)
            if abs(d) < 1e-12 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let v = self.x(t)
            if abs(v - x) < epsilon { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return y(t)
    }
}
