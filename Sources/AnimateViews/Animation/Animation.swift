import AnimateDrawing
import AnimateTimeline
import Foundation

/// How a state change made in `withAnimation` moves from its old value to its new one, as
/// SwiftUI's `Animation`: a timing curve or a spring, with a delay, a speed and repeats.
public struct Animation: Sendable {
    enum Curve: Sendable {
        case timing(Easing, duration: Double)
        case spring(Spring)
    }

    let curve: Curve
    var delay: Double = 0
    var speed: Double = 1
    var repeats: (count: Int?, autoreverses: Bool)?

    init(_ curve: Curve) { self.curve = curve }

    /// SwiftUI's default since iOS 17: a spring of half a second that does not bounce.
    public static let `default` = Animation(.spring(Spring(response: 0.5, dampingFraction: 1)))
    public static let linear = linear(duration: 0.35)
    public static let easeIn = easeIn(duration: 0.35)
    public static let easeOut = easeOut(duration: 0.35)
    public static let easeInOut = easeInOut(duration: 0.35)
    public static let spring = Animation(.spring(Spring(response: 0.55, dampingFraction: 0.825)))
    public static let smooth = spring(duration: 0.5, bounce: 0)
    public static let snappy = spring(duration: 0.5, bounce: 0.15)
    public static let bouncy = spring(duration: 0.5, bounce: 0.3)

    public static func linear(duration: Double) -> Animation { Animation(.timing(.linear, duration: duration)) }
    public static func easeIn(duration: Double) -> Animation { Animation(.timing(.easeIn, duration: duration)) }
    public static func easeOut(duration: Double) -> Animation { Animation(.timing(.easeOut, duration: duration)) }
    public static func easeInOut(duration: Double) -> Animation { Animation(.timing(.easeInOut, duration: duration)) }
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double = 0.35) -> Animation {
        Animation(.timing(.cubicBezier(c0x, c0y, c1x, c1y), duration: duration))
    }

    /// A spring as SwiftUI's `spring(response:dampingFraction:blendDuration:)`.
    public static func spring(response: Double = 0.55, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(.spring(Spring(response: response, dampingFraction: dampingFraction)))
    }

    /// A spring as SwiftUI's `spring(duration:bounce:)`: `bounce` 0 settles without overshoot.
    /// (`.spring()` with no arguments is the response form, SwiftUI's default spring.)
    @_disfavoredOverload
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        let b = min(max(bounce, -1), 1)
        return Animation(.spring(Spring(response: duration, dampingFraction: b >= 0 ? 1 - b : 1 / (1 + b))))
    }

    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25) -> Animation {
        spring(response: response, dampingFraction: dampingFraction)
    }

    /// A spring from its physical constants, as SwiftUI's `interpolatingSpring(mass:stiffness:damping:initialVelocity:)`:
    /// its response is one undamped period (2π √(m/k)), its damping fraction c / (2 √(k m)).
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation {
        let m = mass > 0 && mass.isFinite ? mass : 1, k = stiffness > 0 && stiffness.isFinite ? stiffness : 1
        let c = damping.isFinite ? max(damping, 0) : 0
        return spring(response: 2 * Double.pi * (m / k).squareRoot(), dampingFraction: c / (2 * (k * m).squareRoot()))
    }

    /// A spring as SwiftUI's `interpolatingSpring(duration:bounce:)`.
    @_disfavoredOverload
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) -> Animation {
        spring(duration: duration, bounce: bounce)
    }

    public func delay(_ delay: Double) -> Animation { var a = self; a.delay += delay; return a }
    public func speed(_ speed: Double) -> Animation { var a = self; a.speed *= speed; return a }
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation { var a = self; a.repeats = (max(count, 1), autoreverses); return a }
    public func repeatForever(autoreverses: Bool = true) -> Animation { var a = self; a.repeats = (nil, autoreverses); return a }

    /// One run's length in seconds (a spring's: until it stays within 0.1% of its target).
    var runDuration: Double {
        switch curve {
        case .timing(_, let d): max(d, 0)
        case .spring(let s): s.settlingDuration
        }
    }

    /// How far the change has gone `elapsed` seconds after it was made (0 old, 1 new; a spring
    /// overshoots), and whether it is over.
    package func fraction(at elapsed: Double) -> (value: Double, done: Bool) {
        let speed = self.speed.isFinite && self.speed > 0 ? self.speed : 1
        let t = (elapsed - delay) * speed
        guard t > 0 else { return (0, false) }
        let d = runDuration
        func run(_ t: Double) -> Double {
            switch curve {
            case .timing(let easing, _): d > 0 ? easing(min(t / d, 1)) : 1
            case .spring(let s): t >= d ? 1 : s.value(at: t)
            }
        }
        guard let repeats, d > 0 else { return t >= d ? (1, true) : (run(t), false) }
        let k = (t / d).rounded(.down)
        if let count = repeats.count, k >= Double(count) { return (1, true) }
        let local = t - k * d
        let forward = !repeats.autoreverses || Int(k.truncatingRemainder(dividingBy: 2)) == 0
        return (forward ? run(local) : 1 - run(local), false)
    }

    private static let threadKey = "animate.Animation.current"

    /// The animation of the `withAnimation` running on this thread, if any.
    static var current: Animation? { Thread.current.threadDictionary[threadKey] as? Animation }

    static func with<Result>(_ animation: Animation?, _ body: () throws -> Result) rethrows -> Result {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[threadKey]
        dictionary[threadKey] = animation
        defer { dictionary[threadKey] = previous }
        return try body()
    }
}

/// Runs `body`, animating the state changes it makes with `animation`, as SwiftUI's
/// `withAnimation`: a view reading the state sees it move from the value it showed to the new
/// one (numbers, points, sizes, angles, colours; other values change at once). It animates in a
/// scene that shows the view (`Scene(view:)`), where state changes have a time.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try Animation.with(animation, body)
}
