import AnimateMath

/// A colour in OKLab (Björn Ottosson, 2020), from and to sRGB.
package struct OKLab {
    package var l: Double, a: Double, b: Double

    package init(l: Double, a: Double, b: Double) { self.l = l; self.a = a; self.b = b }

    package init(_ c: Color) {
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

    package func color(opacity: Double) -> Color {
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
