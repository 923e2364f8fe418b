/// Elementary functions computed the same way on every machine.
///
/// The C library's `sin`, `exp`, `pow` and friends may differ in the last bit between CPUs, C
/// libraries and their versions; a frame that rotates, eases or springs would then differ too.
/// These are written with only IEEE-754 operations (add, multiply, divide, square root), which are
/// exactly rounded everywhere, so a frame is the same bytes on any machine. They are accurate to a
/// few units in the last place over the ranges drawing uses (see `PortableMathTests`).
public enum PortableMath {
    // π/2 split in three parts, for Cody-Waite reduction: the first two have 33 significant bits,
    // so k * part is exact for |k| < 2^20.
    private static let halfPi1 = 1.57079632673412561417e+00
    private static let halfPi2 = 6.07710050630396597660e-11
    private static let halfPi3 = 2.02226624879595063154e-21
    private static let twoOverPi = 6.36619772367581382433e-01
    private static let ln2Hi = 6.93147180369123816490e-01
    private static let ln2Lo = 1.90821492927058770002e-10
    private static let log2e = 1.44269504088896338700e+00
    /// π, the double nearest to it.
    public static let pi = 3.14159265358979311600e+00

    /// `x` less the nearest multiple of π/2, and that multiple (mod 4).
    @inline(__always)
    private static func reduce(_ x: Double) -> (Double, Int) {
        if abs(x) <= 0.785398163397448279 { return (x, 0) }
        let k = (x * twoOverPi).rounded(.toNearestOrEven)
        let r = ((x - k * halfPi1) - k * halfPi2) - k * halfPi3
        // Beyond about 2^40 the reduction loses digits; the result stays deterministic.
        if abs(k) < 0x1p52 { return (r, Int(k) & 3) }
        let quadrant = Int(k.truncatingRemainder(dividingBy: 4))
        return (r, quadrant < 0 ? quadrant + 4 : quadrant)
    }

    /// sin on [-π/4, π/4]: the Taylor series to x^17 (the next term is below 1e-19 there).
    @inline(__always)
    private static func sinKernel(_ r: Double) -> Double {
        let z = r * r
        var p = 1.0 / 355_687_428_096_000.0
        p = p * z - 1.0 / 1_307_674_368_000.0
        p = p * z + 1.0 / 6_227_020_800.0
        p = p * z - 1.0 / 39_916_800.0
        p = p * z + 1.0 / 362_880.0
        p = p * z - 1.0 / 5_040.0
        p = p * z + 1.0 / 120.0
        p = p * z - 1.0 / 6.0
        return r + r * z * p
    }

    /// cos on [-π/4, π/4]: the Taylor series to x^16 (the next term is below 1e-17 there).
    @inline(__always)
    private static func cosKernel(_ r: Double) -> Double {
        let z = r * r
        var p = 1.0 / 20_922_789_888_000.0
        p = p * z - 1.0 / 87_178_291_200.0
        p = p * z + 1.0 / 479_001_600.0
        p = p * z - 1.0 / 3_628_800.0
        p = p * z + 1.0 / 40_320.0
        p = p * z - 1.0 / 720.0
        p = p * z + 1.0 / 24.0
        let half = 0.5 * z
        // 1 - z/2 + z^2 p, with the large subtraction done last.
        let w = 1.0 - half
        return w + (((1.0 - w) - half) + z * z * p)
    }

    /// The sine of `x` radians.
    public static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (r, q) = reduce(x)
        switch q {
        case 0: return sinKernel(r)
        case 1: return cosKernel(r)
        case 2: return -sinKernel(r)
        default: return -cosKernel(r)
        }
    }

    /// The cosine of `x` radians.
    public static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (r, q) = reduce(x)
        switch q {
        case 0: return cosKernel(r)
        case 1: return -sinKernel(r)
        case 2: return -cosKernel(r)
        default: return sinKernel(r)
        }
    }

    /// The tangent of `x` radians.
    public static func tan(_ x: Double) -> Double { sin(x) / cos(x) }

    /// atan on [-0.42, 0.42] after one halving of the angle: the series to x^25.
    @inline(__always)
    private static func atanKernel(_ x: Double) -> Double {
        // atan(x) = 2 atan(x / (1 + sqrt(1 + x^2))) brings |x| below 0.21.
        let t = x / (1 + (1 + x * x).squareRoot())
        let z = t * t
        // atan(t) / t - 1 = -z/3 + z^2/5 - ...: the series to t^27.
        var p = -1.0 / 27
        p = p * z + 1.0 / 25
        p = p * z - 1.0 / 23
        p = p * z + 1.0 / 21
        p = p * z - 1.0 / 19
        p = p * z + 1.0 / 17
        p = p * z - 1.0 / 15
        p = p * z + 1.0 / 13
        p = p * z - 1.0 / 11
        p = p * z + 1.0 / 9
        p = p * z - 1.0 / 7
        p = p * z + 1.0 / 5
        p = p * z - 1.0 / 3
        return 2 * (t + t * z * p)
    }

    /// The angle in -π/2...π/2 whose tangent is `x`.
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        let a = abs(x)
        var r: Double
        if a > 1 {
            r = pi / 2 - (a.isInfinite ? 0 : atanFromUnit(1 / a))
        } else {
            r = atanFromUnit(a)
        }
        if x < 0 { r = -r }
        return r
    }

    /// atan on [0, 1]: above tan(π/8), atan(a) = π/4 + atan((a - 1) / (a + 1)).
    @inline(__always)
    private static func atanFromUnit(_ a: Double) -> Double {
        if a > 0.41421356237309503 { return pi / 4 + atanKernel((a - 1) / (a + 1)) }
        return atanKernel(a)
    }

    /// The angle of the point (`x`, `y`) in -π...π, with C's quadrants and signed zeros.
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if y == 0 {
            if x > 0 || (x == 0 && x.sign == .plus) { return y }
            return y.sign == .minus ? -pi : pi
        }
        if x == 0 { return y > 0 ? pi / 2 : -pi / 2 }
        if x.isInfinite {
            if y.isInfinite { return x > 0 ? (y > 0 ? pi / 4 : -pi / 4) : (y > 0 ? 3 * pi / 4 : -3 * pi / 4) }
            return x > 0 ? (y > 0 ? 0 : -0.0) : (y > 0 ? pi : -pi)
        }
        if y.isInfinite { return y > 0 ? pi / 2 : -pi / 2 }
        let base = atan(abs(y / x))
        let angle = x > 0 ? base : pi - base
        return y < 0 ? -angle : angle
    }

    /// The angle in -π/2...π/2 whose sine is `x`.
    public static func asin(_ x: Double) -> Double {
        guard abs(x) <= 1 else { return .nan }
        return atan2(x, ((1 - x) * (1 + x)).squareRoot())
    }

    /// The angle in 0...π whose cosine is `x`.
    public static func acos(_ x: Double) -> Double {
        guard abs(x) <= 1 else { return .nan }
        return atan2(((1 - x) * (1 + x)).squareRoot(), x)
    }

    /// e to the power `x`.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        let k = (x * log2e).rounded(.toNearestOrEven)
        let hi = x - k * ln2Hi, lo = k * ln2Lo
        let r = hi - lo
        // e^r for |r| <= ln2 / 2: the Taylor series to r^14, in Horner form.
        var p = 1.0 / 87_178_291_200.0
        p = p * r + 1.0 / 6_227_020_800.0
        p = p * r + 1.0 / 479_001_600.0
        p = p * r + 1.0 / 39_916_800.0
        p = p * r + 1.0 / 3_628_800.0
        p = p * r + 1.0 / 362_880.0
        p = p * r + 1.0 / 40_320.0
        p = p * r + 1.0 / 5_040.0
        p = p * r + 1.0 / 720.0
        p = p * r + 1.0 / 120.0
        p = p * r + 1.0 / 24.0
        p = p * r + 1.0 / 6.0
        p = p * r + 1.0 / 2.0
        p = p * r + 1.0 / 1.0
        let e = 1 + r * p
        return scaled(e, Int(k))
    }

    /// `v * 2^k`, exactly while the result is normal, in steps so no step overflows.
    @inline(__always)
    private static func scaled(_ v: Double, _ k: Int) -> Double {
        var v = v, k = k
        while k > 1000 { v *= 0x1p1000; k -= 1000 }
        while k < -1000 { v *= 0x1p-1000; k += 1000 }
        return v * Double(sign: .plus, exponent: k, significand: 1)
    }

    /// The natural logarithm of `x`.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        let (m, k) = mantissaNearOne(x)
        let s = (m - 1) / (m + 1)
        let z = s * s
        let kd = Double(k)
        return kd * ln2Hi + (2 * (s + s * z * atanhTail(z)) + kd * ln2Lo)
    }

    /// `x = m * 2^k` with `m` in [sqrt(1/2), sqrt(2)), where log m = 2 atanh((m - 1) / (m + 1)).
    @inline(__always)
    private static func mantissaNearOne(_ x: Double) -> (Double, Int) {
        var m = x.significand, k = Int(x.exponent)
        if m > 1.4142135623730951 { m *= 0.5; k += 1 }
        return (m, k)
    }

    /// (atanh(s) / s - 1) / z = 1/3 + z/5 + z^2/7 + ... with z = s^2, the series
    /// to s^23 (|s| <= 0.172 there).
    @inline(__always)
    private static func atanhTail(_ z: Double) -> Double {
        var p = 1.0 / 23
        p = p * z + 1.0 / 21
        p = p * z + 1.0 / 19
        p = p * z + 1.0 / 17
        p = p * z + 1.0 / 15
        p = p * z + 1.0 / 13
        p = p * z + 1.0 / 11
        p = p * z + 1.0 / 9
        p = p * z + 1.0 / 7
        p = p * z + 1.0 / 5
        p = p * z + 1.0 / 3
        return p
    }

    /// The base-2 logarithm of `x`.
    public static func log2(_ x: Double) -> Double { log(x) * log2e }

    /// `x` to the power `y`, with C's special cases; whole powers up to 64 by repeated squaring.
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 { return 1 }
        if x == 1 { return 1 }
        if x.isNaN || y.isNaN { return .nan }
        let yIsInteger = y.rounded(.towardZero) == y
        let yIsOdd = yIsInteger && abs(y) < 0x1p53 && Int64(y) % 2 != 0
        if x == 0 {
            if y < 0 { return yIsOdd ? (x.sign == .minus ? -.infinity : .infinity) : .infinity }
            return yIsOdd ? x : 0
        }
        if x.isInfinite {
            let positive = y > 0 ? Double.infinity : 0
            return x < 0 && yIsOdd ? -positive : positive
        }
        if y.isInfinite {
            let a = abs(x)
            if a == 1 { return 1 }
            return (a > 1) == (y > 0) ? .infinity : 0
        }
        if x < 0 && !yIsInteger { return .nan }
        // Small whole powers by repeated squaring (exact where the product is).
        if yIsInteger && abs(y) <= 64 {
            var result = 1.0, base = abs(x), n = Int(abs(y))
            while n > 0 {
                if n & 1 == 1 { result *= base }
                base *= base
                n >>= 1
            }
            if y < 0 { result = 1 / result }
            return x < 0 && yIsOdd ? -result : result
        }
        let r = expOfProduct(y, abs(x))
        return x < 0 && yIsOdd ? -r : r
    }

    /// Splits `a` into a high part of 26 bits and the rest (Veltkamp), for exact products.
    @inline(__always)
    private static func split(_ a: Double) -> (Double, Double) {
        let c = 134_217_729.0 * a
        let hi = c - (c - a)
        return (hi, a - hi)
    }

    /// `a * b` as an exact sum `hi + lo` (Dekker), without a fused multiply-add.
    @inline(__always)
    private static func product(_ a: Double, _ b: Double) -> (Double, Double) {
        let p = a * b
        let (ah, al) = split(a), (bh, bl) = split(b)
        return (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
    }

    /// `a + b` as an exact sum `hi + lo` (Knuth).
    @inline(__always)
    private static func sum(_ a: Double, _ b: Double) -> (Double, Double) {
        let s = a + b
        let v = s - a
        return (s, (a - (s - v)) + (b - v))
    }

    /// `x^y = e^(y log x)` with `log x` carried in two doubles, so large `y log x` loses nothing.
    private static func expOfProduct(_ y: Double, _ x: Double) -> Double {
        let (m, k) = mantissaNearOne(x)
        let f = m - 1, d = m + 1
        // s = f / d as sHi + sLo.
        let sHi = f / d
        let (ph, pl) = product(sHi, d)
        let sLo = ((f - ph) - pl) / d
        let z = sHi * sHi
        let p = atanhTail(z)
        // log x = k ln2 + 2 s + 2 s z p, summed high to low.
        let kd = Double(k)
        let (a, aLo) = sum(kd * ln2Hi, 2 * sHi)
        let tail = aLo + (kd * ln2Lo + 2 * sLo + 2 * sHi * z * p)
        let (logHi, logLo) = sum(a, tail)
        let (yl, ylLo) = product(y, logHi)
        let (t, tLo) = sum(yl, ylLo + y * logLo)
        if t > 709.782712893384 { return .infinity }
        if t < -745.1332191019412 { return 0 }
        let e = exp(t)
        return e + e * tLo
    }

    /// The cube root of `x`.
    public static func cbrt(_ x: Double) -> Double {
        if x == 0 || !x.isFinite { return x }
        let a = abs(x)
        // A first guess from the exponent, then Newton steps (each triples the correct digits).
        var k = Int(a.exponent)
        var m = a.significand
        while k % 3 != 0 { m *= 2; k -= 1 }
        var g = Double(sign: .plus, exponent: k / 3, significand: 1) * (0.6 + 0.4 * m / 1.5)
        for _ in 0..<6 { g = g - (g * g * g - a) / (3 * g * g) }
        return x < 0 ? -g : g
    }

    /// sqrt(x² + y²) without overflow or underflow on the way.
    public static func hypot(_ x: Double, _ y: Double) -> Double {
        if x.isInfinite || y.isInfinite { return .infinity }
        let a = abs(x), b = abs(y)
        let big = max(a, b), small = min(a, b)
        if big == 0 || big.isNaN || small.isNaN { return big.isNaN || small.isNaN ? .nan : 0 }
        let q = small / big
        return big * (1 + q * q).squareRoot()
    }
}
