import Foundation

/// A shading resolved for one draw call: device-space parameters and a colour table,
/// producing premultiplied colours for runs of pixels.
///
/// Shaders work on four pixels at a time in `Float` and use only IEEE basic operations
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
    /// For a linear gradient whose runs of equal colours average 16 pixels or more along a row:
    /// per table entry, the first (high 16 bits) and last (low 16 bits) index of its run, so each
    /// run is one fill instead of a look-up per pixel (a subtle background, a few levels over the
    /// whole frame, is runs of hundreds of pixels). Empty otherwise.
    let runs: [UInt32]
    /// Every colour the paint can produce has alpha 255, so full coverage replaces the destination.
    let isOpaque: Bool

    /// A paint that samples `image` placed by `deviceToImage`.
    init(image: Image, deviceToImage: CGAffineTransform) {
        kind = .image(ImageSampler(image: image, deviceToImage: deviceToImage))
        table = []
        runs = []
        isOpaque = false
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
        return Key(parameters: parameters.map(\.bitPattern), table: table)
    }

    /// The solid colour, when the paint is one.
    var solidColor: UInt32? {
        if case .solid(let c) = kind { return c }
        return nil
    }

    /// The paint of `shading` under `ctm`; gradient tables come from `tables` when given.
    init(_ shading: GraphicsContext.Shading, transform ctm: CGAffineTransform, tables: GradientTableCache? = nil) {
        var kind: Kind
        var resolved: GradientTable?
        @inline(__always) func table(_ g: Gradient) -> GradientTable { tables?.table(for: g) ?? GradientTable(g) }
        switch shading.kind {
        case .color(let color):
            kind = .solid(Pixel.pack(color.premultiplied))
        case .linear(let g, let s, let e):
            resolved = table(g)
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
            let d = r1 - r0
            let toCenter = ctm.inverted().concatenating(CGAffineTransform(translationX: -center.x, y: -center.y))
            kind = .radial(Affine(toCenter), r0: Float(r0), scale: Float(d != 0 ? 1 / d : 0))
        case .conic(let g, let center, let angle):
            resolved = table(g)
            let toCenter = ctm.inverted().concatenating(CGAffineTransform(translationX: -center.x, y: -center.y))
            kind = .conic(Affine(toCenter), angle: Float(angle.radians.truncatingRemainder(dividingBy: 2 * .pi)))
        case .elliptical(let g, let rect, let f0, let f1):
            resolved = table(g)
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
        self.kind = kind
        self.table = table
        if case .linear(let a, _, _) = kind {
            // Runs average table.count / count entries and a row crosses |a| * (size - 1) entries a
            // pixel, so they average 16 pixels at up to this many runs (any number when a = 0).
            let most = min(Float(table.count) / (abs(a) * Float(GradientTable.size - 1) * 16), Float(table.count))
            runs = Self.colourRuns(table, atMost: Int(most)) ?? []
        } else {
            runs = []
        }
        if case .solid(let c) = kind {
            isOpaque = c >> 24 == 255
        } else {
            isOpaque = resolved?.isOpaque ?? false
        }
    }

    /// Per entry of `table`, the first and last index of its run of equal colours (see `runs`); nil
    /// past `limit` runs, found in the same pass, so a steep gradient (a short streak, where no run
    /// can last 16 pixels) costs next to nothing here.
    private static func colourRuns(_ table: [UInt32], atMost limit: Int) -> [UInt32]? {
        guard !table.isEmpty, limit >= 1 else { return nil }
        var runs = [UInt32](repeating: 0, count: table.count)
        var start = 0, count = 0
        for k in 1...table.count where k == table.count || table[k] != table[k - 1] {
            count += 1
            if count > limit { return nil }
            for i in start..<k { runs[i] = UInt32(start) << 16 | UInt32(k - 1) }
            start = k
        }
        return runs
    }

    /// How many pixels, from fixed-point position `t` (inside `low...high`) stepping `dt`, stay
    /// inside `low...high`; at most `n`.
    @inline(__always) private static func pixels(within low: Int64, _ high: Int64, from t: Int64, step dt: Int64, atMost n: Int) -> Int {
        if dt > 0 { return Int(min(Int64(n), (high &- t) / dt &+ 1)) }
        if dt < 0 { return Int(min(Int64(n), (t &- low) / (0 &- dt) &+ 1)) }
        return n
    }

    /// Pixel centres of four consecutive pixels, relative to the first.
    private static let lanes = SIMD4<Float>(0.5, 1.5, 2.5, 3.5)

    /// Table indices for gradient positions: `t` clamped to 0...1 (padding), scaled
    /// and rounded. Adding 2^23 puts the rounded integer in the low mantissa bits, so there is no
    /// trapping conversion. Four lanes fill one SSE register: LLVM narrows the indices to 16 bits
    /// for `pextrw`, about half the instructions of eight lanes.
    @inline(__always) fileprivate static func indices(_ t: SIMD4<Float>) -> SIMD4<Int32> {
        let top = Float(GradientTable.size - 1)
        var s = t * top
        // Written as the select `minps` computes, then a select LLVM does on the integer bits
        // (-0 gives 0; NaN, from degenerate geometry only, gives the last entry).
        s = s.replacing(with: top, where: .!(s .< top))
        s = s.replacing(with: 0, where: .!(s .> 0))
        return unsafeBitCast(s + 8_388_608, to: SIMD4<Int32>.self) & Int32(GradientTable.size - 1)
    }

    /// The fractional part of `t` for `t` in (-2, 2).
    @inline(__always) fileprivate static func wrap(_ t: SIMD4<Float>) -> SIMD4<Float> {
        var w = t + 2
        w = w.replacing(with: w - 2, where: w .>= 2)
        return w.replacing(with: w - 1, where: w .>= 1)
    }

    /// Writes `count` colours of a linear gradient whose fixed-point position (16 fractional bits,
    /// in table entries) is `t` at the first pixel and grows by `dt` a pixel. Because `t` is linear,
    /// the runs before, inside and after the table are found in closed form: padding is a fill, and
    /// inside the table the positions fit in 32 bits and advance four at a time in one register,
    /// or, given `runs`, each run of equal colours is one fill.
    @inline(__always) private static func linear(from start: Int64, step dt: Int64, count: Int, in lut: UnsafePointer<UInt32>,
                                                 runs: UnsafePointer<UInt32>?, into out: UnsafeMutablePointer<UInt32>) {
        let limit = Int64(GradientTable.size) << 16
        var t = start, i = 0
        while i < count {
            let remaining = count &- i
            if t < 0 || t >= limit {
                // Padding until t enters the table, or to the end of the run.
                var n = remaining
                if t < 0 && dt > 0 {
                    n = Int(min(Int64(remaining), (dt &- 1 &- t) / dt))
                } else if t >= limit && dt < 0 {
                    n = Int(min(Int64(remaining), (t &- limit) / (0 &- dt) &+ 1))
                }
                (out + i).update(repeating: t < 0 ? lut[0] : lut[GradientTable.size - 1], count: n)
                t &+= Int64(n) &* dt
                i &+= n
                continue
            }
            // Inside the table for n pixels (n >= 1).
            let n = pixels(within: 0, limit &- 1, from: t, step: dt, atMost: remaining)
            let o = out + i
            var j = 0
            if let runs {
                // Closed form again: from position tj, the run of equal colours holding index
                // tj >> 16 lasts until the index leaves [first, last] of that run.
                while j < n {
                    let tj = t &+ Int64(j) &* dt
                    let k = Int(tj >> 16), run = runs[k]
                    let m = pixels(within: Int64(run >> 16) << 16, (Int64(run & 0xFFFF) &+ 1) << 16 &- 1,
                                   from: tj, step: dt, atMost: n &- j)
                    (o + j).update(repeating: lut[k], count: m)
                    j &+= m
                }
            } else if dt.magnitude < 1 << 24 {
                let d = Int32(dt)
                var tv = SIMD4<Int32>(repeating: Int32(t)) &+ SIMD4<Int32>(0, d, d &* 2, d &* 3)
                let step = SIMD4<Int32>(repeating: d &* 4)
                while j &+ 4 <= n {
                    let k = tv &>> 16
                    o[j] = lut[Int(k[0])]; o[j &+ 1] = lut[Int(k[1])]; o[j &+ 2] = lut[Int(k[2])]; o[j &+ 3] = lut[Int(k[3])]
                    tv &+= step
                    j &+= 4
                }
            }
            while j < n {
                o[j] = lut[Int((t &+ Int64(j) &* dt) >> 16)]
                j &+= 1
            }
            t &+= Int64(n) &* dt
            i &+= n
        }
    }

    /// Writes `count` table colours, four pixels at a time, with `index` mapping the centres of four
    /// pixels (x, in device space) to table indices. Whole groups of four store unconditionally and
    /// the tail separately, which keeps LLVM's code for the groups one straight SSE sequence.
    @inline(__always) private static func lookUp<Index: GradientIndex>(from x: Int, count: Int, in lut: UnsafePointer<UInt32>,
                                                                       into out: UnsafeMutablePointer<UInt32>, index: Index) {
        // Pixel centres step by exactly 4 (integers plus one half are exact in Float).
        var px = SIMD4<Float>(repeating: Float(x)) + lanes
        var i = 0
        while i &+ 4 <= count {
            let k = index(px)
            let o = out + i
            o[0] = lut[Int(k[0])]; o[1] = lut[Int(k[1])]; o[2] = lut[Int(k[2])]; o[3] = lut[Int(k[3])]
            px += 4
            i &+= 4
        }
        if i < count {
            let k = index(px)
            for lane in 0..<(count - i) { out[i + lane] = lut[Int(k[lane])] }
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
                runs.withUnsafeBufferPointer { runs in
                    Self.linear(from: t0 &+ Int64(x) &* dt &+ 32768, step: dt, count: count, in: lut,
                                runs: runs.isEmpty ? nil : runs.baseAddress, into: out)
                }
            case .radial(let m, let r0, let scale):
                let u0 = m.c * py + m.tx, v0 = m.d * py + m.ty
                Self.lookUp(from: x, count: count, in: lut, into: out,
                            index: RadialIndex(a: m.a, b: m.b, u0: u0, v0: v0, r0: r0, scale: scale))
            case .conic(let m, let angle):
                let u0 = m.c * py + m.tx, v0 = m.d * py + m.ty
                Self.lookUp(from: x, count: count, in: lut, into: out,
                            index: ConicIndex(a: m.a, b: m.b, u0: u0, v0: v0, angle: angle))
            }
        }
    }
}

/// Table indices of four pixel centres along a row (x in device pixels). A protocol rather than a
/// closure: generic specialisation inlines `callAsFunction` into the loop, where a closure literal
/// was outlined into a call per four pixels.
private protocol GradientIndex {
    func callAsFunction(_ px: SIMD4<Float>) -> SIMD4<Int32>
}

/// `t = (|(u, v)| - r0) * scale` with `(u, v)` affine in x along the row.
private struct RadialIndex: GradientIndex {
    let a, b, u0, v0, r0, scale: Float
    @inline(__always) func callAsFunction(_ px: SIMD4<Float>) -> SIMD4<Int32> {
        let u = px * a + u0, v = px * b + v0
        return Paint.indices(((u * u + v * v).squareRoot() - r0) * scale)
    }
}

/// `t = fract((atan2(v, u) - angle) / 2pi)` with `(u, v)` affine in x along the row.
private struct ConicIndex: GradientIndex {
    let a, b, u0, v0, angle: Float
    @inline(__always) func callAsFunction(_ px: SIMD4<Float>) -> SIMD4<Int32> {
        let u = px * a + u0, v = px * b + v0
        // atan2(v, u) in radians, within 1e-5 of the true value, from IEEE basic operations only.
        // Written out here: as a function marked inline-always it was still called per four pixels.
        let au = abs(u), av = abs(v)
        let swapped = av .> au
        let hi = au.replacing(with: av, where: swapped), lo = av.replacing(with: au, where: swapped)
        var q = lo / hi
        q.replace(with: 0, where: hi .== 0)
        let s = q * q
        // Minimax polynomial for atan on [0, 1].
        var r = ((((0.0208351 * s - 0.085133) * s + 0.180141) * s - 0.3302995) * s + 0.999866) * q
        r.replace(with: Float.pi / 2 - r, where: swapped)
        r.replace(with: Float.pi - r, where: u .< 0)
        r.replace(with: -r, where: v .< 0)
        return Paint.indices(Paint.wrap((r - angle) * (1 / (2 * Float.pi))))
    }
}

private func abs(_ v: SIMD4<Float>) -> SIMD4<Float> { v.replacing(with: -v, where: v .< 0) }
