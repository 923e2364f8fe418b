import AnimateDrawing
import AnimateMath
import Foundation

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

extension Angle: Interpolatable {
    public static func interpolate(_ a: Angle, _ b: Angle, _ t: Double) -> Angle {
        .radians(.interpolate(a.radians, b.radians, t))
    }
}

extension Color: Interpolatable {
    /// Blends in OKLab, a perceptually uniform space, so midpoints keep their lightness and
    /// red-to-green does not pass through muddy brown; opacity blends linearly.
    public static func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        let la = OKLab(a), lb = OKLab(b)
        let mixed = OKLab(l: .interpolate(la.l, lb.l, t), a: .interpolate(la.a, lb.a, t), b: .interpolate(la.b, lb.b, t))
        return mixed.color(opacity: .interpolate(a.opacity, b.opacity, t))
    }
}

/// A colour in OKLab (Björn Ottosson, 2020), from and to sRGB.
struct OKLab {
    var l: Double, a: Double, b: Double

    init(l: Double, a: Double, b: Double) { self.l = l; self.a = a; self.b = b }

    init(_ c: Color) {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : PortableMath.pow((v + 0.055) / 1.055, 2.4) }
        let r = linear(c.red), g = linear(c.green), bl = linear(c.blue)
        let lms = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl,
                   0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl,
                   0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl)
        let l_ = PortableMath.cbrt(lms.0), m_ = PortableMath.cbrt(lms.1), s_ = PortableMath.cbrt(lms.2)
        l = 0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_
        a = 1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_
        b = 0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_
    }

    func color(opacity: Double) -> Color {
        let l_ = l + 0.3963377774 * a + 0.2158037573 * b
        let m_ = l - 0.1055613458 * a - 0.0638541728 * b
        let s_ = l - 0.0894841775 * a - 1.2914855480 * b
        let L = l_ * l_ * l_, M = m_ * m_ * m_, S = s_ * s_ * s_
        func encode(_ v: Double) -> Double {
            let c = min(max(v, 0), 1)
            return c <= 0.0031308 ? 12.92 * c : 1.055 * PortableMath.pow(c, 1 / 2.4) - 0.055
        }
        return Color(red: encode(4.0767416621 * L - 3.3077115913 * M + 0.2309699292 * S),
                     green: encode(-1.2684380046 * L + 2.6097574011 * M - 0.3413193965 * S),
                     blue: encode(-0.0041960863 * L - 0.7034186147 * M + 1.7076147010 * S),
                     opacity: opacity)
    }
}

extension CGAffineTransform: Interpolatable {
    /// Blends by decomposing each transform into translation, rotation, scale and shear and
    /// blending those (the shortest way round for the rotation), so a half-way rotation stays rigid.
    public static func interpolate(_ a: CGAffineTransform, _ b: CGAffineTransform, _ t: Double) -> CGAffineTransform {
        let da = Decomposed(a), db = Decomposed(b)
        var turn = db.rotation - da.rotation
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        return Decomposed(tx: .interpolate(da.tx, db.tx, t), ty: .interpolate(da.ty, db.ty, t),
                          rotation: da.rotation + turn * t, sx: .interpolate(da.sx, db.sx, t),
                          sy: .interpolate(da.sy, db.sy, t), shear: .interpolate(da.shear, db.shear, t)).transform
    }

    /// `M = scale(sx, sy) * shear(k) * rotate(r) * translate(tx, ty)` in CoreGraphics' row-vector order.
    struct Decomposed {
        var tx, ty, rotation, sx, sy, shear: Double

        init(tx: Double, ty: Double, rotation: Double, sx: Double, sy: Double, shear: Double) {
            self.tx = tx; self.ty = ty; self.rotation = rotation; self.sx = sx; self.sy = sy; self.shear = shear
        }

        init(_ m: CGAffineTransform) {
            tx = m.tx; ty = m.ty
            // Rows of the linear part: (a, b) and (c, d). QR-like decomposition of the first row.
            sx = (m.a * m.a + m.b * m.b).squareRoot()
            rotation = sx > 0 ? PortableMath.atan2(m.b, m.a) : 0
            let cosR = PortableMath.cos(rotation), sinR = PortableMath.sin(rotation)
            // Second row in the rotated frame: (c, d) = sy * (sin-free part) + shear.
            let c = m.c * cosR + m.d * sinR, d = -m.c * sinR + m.d * cosR
            sy = d
            shear = sx > 0 ? c : 0
        }

        var transform: CGAffineTransform {
            let cosR = PortableMath.cos(rotation), sinR = PortableMath.sin(rotation)
            return CGAffineTransform(a: sx * cosR, b: sx * sinR,
                                     c: shear * cosR - sy * sinR, d: shear * sinR + sy * cosR, tx: tx, ty: ty)
        }
    }
}
