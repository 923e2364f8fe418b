import CKernels
import Foundation

/// A shading resolved for one draw call: device-space parameters and a colour table,
/// producing premultiplied colours for runs of pixels.
///
/// One shader per kind: solid colours here, `LinearShader` for padded linear gradients, the other
/// gradients in `CKernels` (`ak_radial_shade`, `ak_linear_spread_shade`, `ak_conic_shade`), and
/// `ImageSampler`. Shaders use only IEEE basic operations (no libm), so they are fast and give
/// the same bytes on every machine.
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
    /// For a linear gradient whose runs of equal colours average `LinearShader.shortestRunFilled`
    /// pixels or more along a row:
    /// per table entry, the first (high 16 bits) and last (low 16 bits) index of its run, so each
    /// run is one fill instead of a look-up per pixel (a subtle background, a few levels over the
    /// whole frame, is runs of hundreds of pixels). Empty otherwise.
    let runs: [UInt32]
    /// Every colour the paint can produce has alpha 255, so full coverage replaces the destination.
    let isOpaque: Bool
    /// Beyond a linear or radial gradient's ends: pad, repeat or mirror.
    let spread: GradientSpread

    /// A paint that samples `image` placed by `deviceToImage`.
    init(image: Image, deviceToImage: CGAffineTransform) {
        self.init(sampler: ImageSampler(image: image, deviceToImage: deviceToImage))
    }

    /// A paint that samples an image as `sampler` maps it.
    init(sampler: ImageSampler) {
        kind = .image(sampler)
        table = []
        runs = []
        // Drawn at its own size (edges clamped), an opaque image gives opaque pixels everywhere.
        isOpaque = sampler.blitOffset != nil && sampler.opacity == 1 && sampler.mipmaps.isOpaque
        spread = .pad
    }

    /// What decides a gradient paint's colour at every pixel, exactly (parameters by bit pattern):
    /// two paints with equal keys shade every pixel alike. Solid colours and images have none.
    struct Key: Equatable {
        let parameters: [UInt32]
        let table: [UInt32]
    }

    /// The key of a gradient paint (see `Key`); nil for solid colours and images.
    var key: Key? {
        let parameters: [Float]
        switch kind {
        case .solid, .image: return nil
        case .linear(let a, let b, let c): parameters = [0, a, b, c]
        case .radial(let m, let r0, let scale): parameters = [1, m.a, m.b, m.c, m.d, m.tx, m.ty, r0, scale]
        case .conic(let m, let angle): parameters = [2, m.a, m.b, m.c, m.d, m.tx, m.ty, angle]
        }
        let mode: Float = spread == .pad ? 0 : spread == .repeating ? 1 : 2
        return Key(parameters: (parameters + [mode]).map(\.bitPattern), table: table)
    }

    /// The solid colour, when the paint is one.
    var solidColor: UInt32? {
        if case .solid(let c) = kind { return c }
        return nil
    }

    /// The paint of `shading` under `ctm`; gradient tables come from `tables` when given. A linear
    /// gradient is shaded by runs when they average `shortestRunFilled` pixels or more.
    init(_ shading: GraphicsContext.Shading, transform ctm: CGAffineTransform, tables: GradientTableCache? = nil,
         shortestRunFilled: Float = LinearShader.shortestRunFilled) {
        var kind: Kind
        var resolved: GradientTable?
        var spread = GradientSpread.pad
        @inline(__always) func table(_ g: Gradient) -> GradientTable { tables?.table(for: g) ?? GradientTable(g) }
        switch shading.kind {
        case .style:
            // Styles are laid over the drawn bounds before painting; one that was not paints black.
            kind = .solid(Pixel.pack(Color.black.premultiplied))
        case .image(let image, let rect):
            let r = rect.standardized
            let toImage = ctm.inverted()
                .concatenating(CGAffineTransform(translationX: -r.minX, y: -r.minY))
                .concatenating(CGAffineTransform(scaleX: CGFloat(image.width) / max(r.width, 1e-9), y: CGFloat(image.height) / max(r.height, 1e-9)))
            kind = .image(ImageSampler(image: image, deviceToImage: toImage))
        case .color(let color):
            kind = .solid(Pixel.pack(color.premultiplied))
        case .linear(let g, let s, let e):
            resolved = table(g)
            spread = g.spread
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
            resolved = table(g)
            spread = g.spread
            let d = r1 - r0
            let toCenter = ctm.inverted().concatenating(CGAffineTransform(translationX: -center.x, y: -center.y))
            kind = .radial(Affine(toCenter), r0: Float(r0), scale: Float(d != 0 ? 1 / d : 0))
        case .conic(let g, let center, let angle):
            resolved = table(g)
            let toCenter = ctm.inverted().concatenating(CGAffineTransform(translationX: -center.x, y: -center.y))
            kind = .conic(Affine(toCenter), angle: Float(angle.radians.truncatingRemainder(dividingBy: 2 * .pi)))
        case .elliptical(let g, let rect, let f0, let f1):
            resolved = table(g)
            spread = g.spread
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
        let table = resolved?.colors ?? []
        self.spread = spread
        self.kind = kind
        self.table = table
        if case .linear(let a, _, _) = kind, spread == .pad {
            // Runs average table.count / count entries and a row crosses |a| * (size - 1) entries a
            // pixel, so they average the shortest run worth filling at up to this many runs (any
            // number when a = 0).
            let most = min(Float(table.count) / (abs(a) * Float(GradientTable.size - 1) * shortestRunFilled),
                           Float(table.count))
            runs = LinearShader.colourRuns(table, atMost: Int(most)) ?? []
        } else {
            runs = []
        }
        if case .solid(let c) = kind {
            isOpaque = c >> 24 == 255
        } else {
            isOpaque = resolved?.isOpaque ?? false
        }
    }

    /// Writes the premultiplied colours of pixels `x..<x+count` in row `y` to `out`.
    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let py = Float(y) + 0.5
        if case .solid(let c) = kind {
            ak_fill(c, out, count)
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
            case .linear(let a, let b, let c) where spread != .pad:
                ak_linear_spread_shade(lut, UInt32(GradientTable.size), out, count, Int32(x), a, b * py + c, spread.kernelSpread)
            case .linear(let a, let b, let c):
                // Exact 32.32 fixed point: t(x) = t0 + x * dt with no accumulated rounding,
                // whatever span the pixel falls in.
                let scale = Float(GradientTable.size - 1) * 65536
                let dt = Int64((a * scale).rounded()), t0 = Int64(((b * py + c + a * 0.5) * scale).rounded())
                runs.withUnsafeBufferPointer { runs in
                    LinearShader.shade(from: t0 &+ Int64(x) &* dt &+ 32768, step: dt, count: count, in: lut,
                                runs: runs.isEmpty ? nil : runs.baseAddress, into: out)
                }
            case .radial(let m, let r0, let scale):
                // `CKernels`: eight pixels a step with AVX2, sixteen with AVX-512, the same bytes on every path;
                // padded, repeated or mirrored.
                let u0 = m.c * py + m.tx, v0 = m.d * py + m.ty
                ak_radial_shade(lut, UInt32(GradientTable.size), out, count, Int32(x), m.a, m.b, u0, v0, r0, scale, spread.kernelSpread)
            case .conic(let m, let angle):
                let u0 = m.c * py + m.tx, v0 = m.d * py + m.ty
                ak_conic_shade(lut, UInt32(GradientTable.size), out, count, Int32(x), m.a, m.b, u0, v0, angle)
            }
        }
    }
}
