import AnimateMath
public import Foundation

/// A value that can be blended between two instances: `interpolate(a, b, 0) == a`, `... 1) == b`.
public protocol Interpolatable {
    /// The value a fraction `t` of the way from `a` to `b` (`t` may leave 0...1 to overshoot).
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self
}

/// The value a fraction `t` of the way from `a` to `b`, after applying `easing` to `t`.
public func interpolate<V: Interpolatable>(_ a: V, _ b: V, _ t: Double, easing: Easing = .linear) -> V {
    V.interpolate(a, b, easing(t))
}

/// `t` mapped from `range` to 0...1 (clamped): how far `value` is through `range`.
public func progress(of value: Double, in range: ClosedRange<Double>) -> Double {
    let span = range.upperBound - range.lowerBound
    guard span > 0 else { return value >= range.upperBound ? 1 : 0 }
    return min(max((value - range.lowerBound) / span, 0), 1)
}

extension Double: Interpolatable {
    public static func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
}

extension Float: Interpolatable {
    public static func interpolate(_ a: Float, _ b: Float, _ t: Double) -> Float { a + (b - a) * Float(t) }
}

extension CGFloat: Interpolatable {
    public static func interpolate(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat { a + (b - a) * t }
}

extension CGPoint: Interpolatable {
    public static func interpolate(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
        CGPoint(x: .interpolate(a.x, b.x, t), y: .interpolate(a.y, b.y, t))
    }
}

extension CGSize: Interpolatable {
    public static func interpolate(_ a: CGSize, _ b: CGSize, _ t: Double) -> CGSize {
        CGSize(width: .interpolate(a.width, b.width, t), height: .interpolate(a.height, b.height, t))
    }
}

extension CGRect: Interpolatable {
    public static func interpolate(_ a: CGRect, _ b: CGRect, _ t: Double) -> CGRect {
        CGRect(origin: .interpolate(a.origin, b.origin, t), size: .interpolate(a.size, b.size, t))
    }
}
