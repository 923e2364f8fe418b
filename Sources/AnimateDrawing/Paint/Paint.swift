import Foundation

/// A shading resolved for one draw call: device-space parameters and a colour table,
/// producing premultiplied colours for runs of pixels.
///
/// Shaders work on eight pixels at a time in `Float` and use only IEEE basic operations
/// (no libm), so they are fast and give the same bytes on every machine.
struct Paint {
    enum Kind {
        case solid(UInt32)
        /// `t = a*x + b*y + c` in device pixels.
        case linear(a: Float, b: Float, c: Float)
        /// `(u, v) = (m.a*x + m.c*y + m.tx, m.b*x + m.d*y + m.ty)` in gradient space;
        /// `t = (|(u, v)| - r0) * scale`.
        case radial(Affine, r0: Float, scale: Float)
        /// `t = fract((atan2(v, u) - angle) / 2pi)`.
        case conic(Affine, angle: Float)
        /// Colours sampled from an image.
        case image(ImageSampler)
    }

    /// A device-to-gradient-space affine map in `Float`.
    struct Affine {
        var a, b, c, d, tx, ty: Float
        init(_ t: CGAffineTransform) {
            a = Float(t.a); b = Float(t.b); c = Float(t.c); d = Float(t.d); tx = Float(t.tx); ty = Float(t.ty)
        }
        var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }
    }

    let kind: Kind
    let table: [UInt32]
    /// Every colour the paint can produce has alpha 255, so full coverage replaces the destination.
    let isOpaque: Bool

    /// A paint that samples `image` placed by `deviceToImage`.
    init(image: Image, deviceToImage: CGAffineTransform) {
        kind = .image(ImageSampler(image: image, deviceToImage: deviceToImage))
        table = []
        isOpaque = false
    }

    /// The solid colour, when the paint is one.
    var solidColor: UInt32? {
        if case .solid(let c) = kind { return c }
        return nil
    }

    init(_ shading: GraphicsContext.Shading, transform ctm: CGAffineTransform) {
        var kind: Kind
        var table: [UInt32] = []
        switch shading.kind {
        case .color(let color):
            kind = .solid(Pixel.pack(color.premultiplied))
        case .linear(let g, let s, let e):
            table = GradientTable(g).colors
            // t(p) = dot(p - s, v) / |v|^2 in user space; with p = inverse * device, t is affine in device x, y.
            let v = CGPoint(x: e.x - s.x, y: e.y - s.y)
            let len2 = v.x * v.x + v.y * v.y
            let inv = ctm.inverted()
            if len2 > 0 && len2.isFinite {
                let ux = v.x / len2, uy = v.y / len2
                kind = .linear(a: Float(inv.a * ux + inv.b * uy), b: Float(inv.c * ux + inv.d * uy),
                               c: Float((inv.tx - s.x) * ux + (inv.ty - s.y) * uy))
            } else {
                kind = .linear(a: 0, b: 0, c: 1)
            }
        case .radial(let g, let center, let r0, let r1):
            table = GradientTable(g).colors
            let d = r1 - r0
            let toCenter = ctm.inverted().concatenating(CGAffineTransform(translationX: -center.x, y: -center.y))
            kind = .radial(Affine(toCenter), r0: Float(r0), scale: Float(d != 0 ? 1 / d : 0))
        case .conic(let g, let center, let angle):
            table = GradientTable(g).colors
            let toCenter = ctm.inverted().concatenating(CGAffineTransform(translationX: -center.x, y: -center.y))
            kind = .conic(Affine(toCenter), angle: Float(angle.radians.truncatingRemainder(dividingBy: 2 * .pi)))
        case .elliptical(let g, let rect, let f0, let f1):
            table = GradientTable(g).colors
            // Map the ellipse to the unit circle, then it is a radial gradient from f0 to f1.
            let r = rect.standardized
            let toUnit = CGAffineTransform(a: max(r.width / 2, 1e-9), b: 0, c: 0, d: max(r.height / 2, 1e-9), tx: r.midX, ty: r.midY)
            let d = f1 - f0
            kind = .radial(Affine(toUnit.concatenating(ctm).inverted()), r0: Float(f0), scale: Float(d != 0 ? 1 / d : 0))
        }
        // Non-finite parameters (degenerate transforms, NaN input) shade with the first colour.
        switch kind {
        case .linear(let a, let b, let c) where !(a.isFinite && b.isFinite && c.isFinite): kind = .linear(a: 0, b: 0, c: 0)
        case .radial(let m, let r0, let s) where !(m.isFinite && r0.isFinite && s.isFinite): kind = .linear(a: 0, b: 0, c: 0)
        case .conic(let m, let angle) where !(m.isFinite && angle.isFinite): kind = .linear(a: 0, b: 0, c: 0)
        default: break
        }
        self.kind = kind
        self.table = table
        if case .solid(let c) = kind {
            isOpaque = c >> 24 == 255
        } else {
            isOpaque = table.allSatisfy { $0 >> 24 == 255 }
        }
    }

    private static let lanes = SIMD8<Float>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)

    /// Table indices for gradient positions: `t` clamped to 0...1 (padding), scaled and rounded.
    /// Adding 2^23 puts the rounded integer in the low mantissa bits: no trapping conversion.
    @inline(__always) private static func indices(_ t: SIMD8<Float>) -> SIMD8<UInt32> {
        let clamped = t.replacing(with: 0, where: .!(t .>= 0)).replacing(with: 1, where: t .> 1)
        let shifted = clamped * Float(GradientTable.size - 1) + 8_388_608
        return unsafeBitCast(shifted, to: SIMD8<UInt32>.self) & 0x7F_FFFF
    }

    /// The fractional part of `t` for `t` in (-2, 2).
    @inline(__always) private static func wrap(_ t: SIMD8<Float>) -> SIMD8<Float> {
        var w = t + 2
        w = w.replacing(with: w - 2, where: w .>= 2)
        return w.replacing(with: w - 1, where: w .>= 1)
    }

    @inline(__always) private static func store(_ index: SIMD8<UInt32>, _ lut: UnsafePointer<UInt32>,
                                                _ out: UnsafeMutablePointer<UInt32>, _ n: Int) {
        // Spilled to memory once and read back as scalars: cheaper than extracting lanes one by one.
        withUnsafeBytes(of: index) { raw in
            let i = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            if n == 8 {
                out[0] = lut[Int(i[0])]; out[1] = lut[Int(i[1])]; out[2] = lut[Int(i[2])]; out[3] = lut[Int(i[3])]
                out[4] = lut[Int(i[4])]; out[5] = lut[Int(i[5])]; out[6] = lut[Int(i[6])]; out[7] = lut[Int(i[7])]
            } else {
                for lane in 0..<n { out[lane] = lut[Int(i[lane])] }
            }
        }
    }

    /// Writes the premultiplied colours of pixels `x..<x+count` in row `y` to `out`.
    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let py = Float(y) + 0.5
        if case .solid(let c) = kind {
            out.update(repeating: c, count: count)
            return
        }
        if case .image(let sampler) = kind {
            sampler.shade(y: y, x: x, count: count, into: out)
            return
        }
        table.withUnsafeBufferPointer { lutBuffer in
            let lut = lutBuffer.baseAddress!
            switch kind {
            case .solid, .image:
                break
            case .linear(let a, let b, let c):
                // Exact 32.32 fixed point: t(x) = t0 + x * dt with no accumulated rounding,
                // whatever span the pixel falls in.
                let scale = Float(GradientTable.size - 1) * 65536
                let dt = Int64((a * scale).rounded()), t0 = Int64(((b * py + c + a * 0.5) * scale).rounded())
                let last = Int64(GradientTable.size - 1)
                var t = t0 &+ Int64(x) &* dt &+ 32768
                var i = 0
                // t is monotonic, so a block whose first and last pixel fall inside the table
                // needs no clamping; blocks that reach the padding take the clamped loop.
                let inside = 0..<((last + 1) << 16)
                while i < count {
                    if i + 8 <= count, inside.contains(t), inside.contains(t &+ 7 &* dt) {
                        let o = out + i
                        o[0] = lut[Int(t >> 16)]; o[1] = lut[Int((t &+ dt) >> 16)]
                        o[2] = lut[Int((t &+ 2 &* dt) >> 16)]; o[3] = lut[Int((t &+ 3 &* dt) >> 16)]
                        o[4] = lut[Int((t &+ 4 &* dt) >> 16)]; o[5] = lut[Int((t &+ 5 &* dt) >> 16)]
                        o[6] = lut[Int((t &+ 6 &* dt) >> 16)]; o[7] = lut[Int((t &+ 7 &* dt) >> 16)]
                        t &+= 8 &* dt
                        i += 8
                    } else {
                        out[i] = lut[Int(min(max(t >> 16, 0), last))]
                        t &+= dt
                        i += 1
                    }
                }
            case .radial(let m, let r0, let scale):
                let u0 = m.c * py + m.tx, v0 = m.d * py + m.ty
                for i in stride(from: 0, to: count, by: 8) {
                    let px = SIMD8<Float>(repeating: Float(x + i)) + Self.lanes
                    let u = px * m.a + u0, v = px * m.b + v0
                    Self.store(Self.indices(((u * u + v * v).squareRoot() - r0) * scale), lut, out + i, min(8, count - i))
                }
            case .conic(let m, let angle):
                let u0 = m.c * py + m.tx, v0 = m.d * py + m.ty
                for i in stride(from: 0, to: count, by: 8) {
                    let px = SIMD8<Float>(repeating: Float(x + i)) + Self.lanes
                    let u = px * m.a + u0, v = px * m.b + v0
                    let t = Self.wrap((Self.atan2(v, u) - angle) * (1 / (2 * Float.pi)))
                    Self.store(Self.indices(t), lut, out + i, min(8, count - i))
                }
            }
        }
    }

    /// `atan2(y, x)` in radians, within 1e-5 of the true value, from IEEE basic operations only.
    @inline(__always) static func atan2(_ y: SIMD8<Float>, _ x: SIMD8<Float>) -> SIMD8<Float> {
        let ax = abs(x), ay = abs(y)
        let swapped = ay .> ax
        let hi = ax.replacing(with: ay, where: swapped), lo = ay.replacing(with: ax, where: swapped)
        var a = lo / hi
        a.replace(with: 0, where: hi .== 0)
        let s = a * a
        // Minimax polynomial for atan on [0, 1].
        var r = ((((0.0208351 * s - 0.085133) * s + 0.180141) * s - 0.3302995) * s + 0.999866) * a
        r.replace(with: Float.pi / 2 - r, where: swapped)
        r.replace(with: Float.pi - r, where: x .< 0)
        r.replace(with: -r, where: y .< 0)
        return r
    }
}

private func abs(_ v: SIMD8<Float>) -> SIMD8<Float> { v.replacing(with: -v, where: v .< 0) }
