import Foundation

/// The blend-mode formulas of the W3C Compositing and Blending spec, on premultiplied colours 0...1.
enum Blending {
    static func apply(_ mode: BlendMode, source s: SIMD4<Float>, destination d: SIMD4<Float>) -> SIMD4<Float> {
        let sa = s.w, da = d.w
        switch mode {
        case .normal: return s + d * (1 - sa)
        case .clear: return .zero
        case .copy: return s
        case .sourceIn: return s * da
        case .sourceOut: return s * (1 - da)
        case .sourceAtop: return s * da + d * (1 - sa)
        case .destinationOver: return d + s * (1 - da)
        case .destinationIn: return d * sa
        case .destinationOut: return d * (1 - sa)
        case .destinationAtop: return d * sa + s * (1 - da)
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plusLighter: return (s + d).clamped(lowerBound: .zero, upperBound: .one)
        case .plusDarker:
            let a = min(sa + da, 1)
            let c = (SIMD4(repeating: a) - ((SIMD4(repeating: da) - d) + (SIMD4(repeating: sa) - s)))
                .clamped(lowerBound: .zero, upperBound: .one)
            return SIMD4(c.x, c.y, c.z, a)
        default:
            break
        }
        // Separable and non-separable modes: B(cs, cb) on straight colours, then composited:
        // co = cs*(1-ab) + cb*(1-as) + as*ab*B  (all premultiplied).
        let cs = sa > 0 ? SIMD3(s.x, s.y, s.z) / sa : .zero
        let cb = da > 0 ? SIMD3(d.x, d.y, d.z) / da : .zero
        let b = blend(mode, cs.clamped(lowerBound: .zero, upperBound: .one), cb.clamped(lowerBound: .zero, upperBound: .one))
        let co = SIMD3(s.x, s.y, s.z) * (1 - da) + SIMD3(d.x, d.y, d.z) * (1 - sa) + b * (sa * da)
        return SIMD4(co.x, co.y, co.z, sa + da - sa * da)
    }

    private static func blend(_ mode: BlendMode, _ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
        switch mode {
        case .multiply: return cs * cb
        case .screen: return cs + cb - cs * cb
        case .overlay: return perChannel(cb, cs) { b, s in hardLight(s: b, b: s) }
        case .darken: return pointwiseMin(cs, cb)
        case .lighten: return pointwiseMax(cs, cb)
        case .colorDodge:
            return perChannel(cs, cb) { s, b in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn:
            return perChannel(cs, cb) { s, b in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return perChannel(cs, cb) { s, b in hardLight(s: s, b: b) }
        case .softLight:
            return perChannel(cs, cb) { s, b in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: let d = cs - cb; return SIMD3(abs(d.x), abs(d.y), abs(d.z))
        case .exclusion: return cs + cb - 2 * cs * cb
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }

    @inline(__always) private static func hardLight(s: Float, b: Float) -> Float {
        s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }

    @inline(__always) private static func perChannel(_ s: SIMD3<Float>, _ b: SIMD3<Float>, _ f: (Float, Float) -> Float) -> SIMD3<Float> {
        SIMD3(f(s.x, b.x), f(s.y, b.y), f(s.z, b.z))
    }

    private static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c), n = c.min(), x = c.max()
        var r = c
        if n < 0 { r = SIMD3(repeating: l) + (r - SIMD3(repeating: l)) * l / (l - n) }
        if x > 1 { r = SIMD3(repeating: l) + (r - SIMD3(repeating: l)) * (1 - l) / (x - l) }
        return r
    }

    private static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        clipColor(c + SIMD3(repeating: l - lum(c)))
    }

    private static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    private static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let mn = c.min(), mx = c.max()
        guard mx > mn else { return .zero }
        return (c - SIMD3(repeating: mn)) * s / (mx - mn)
    }
}
