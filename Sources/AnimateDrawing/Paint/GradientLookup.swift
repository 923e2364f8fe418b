/// Table look-ups for gradients that repeat or mirror (padded ones go through `CKernels`): four
/// pixel centres at a time mapped to table indices by a `GradientIndex`.
enum GradientLookup {
    /// Pixel centres of four consecutive pixels, relative to the first.
    static let lanes = SIMD4<Float>(0.5, 1.5, 2.5, 3.5)

    /// Table indices for gradient positions: `t` clamped to 0...1 (padding), scaled
    /// and rounded. Adding 2^23 puts the rounded integer in the low mantissa bits, so there is no
    /// trapping conversion. Four lanes fill one SSE register: LLVM narrows the indices to 16 bits
    /// for `pextrw`, cheaper than eight lanes.
    @inline(__always) static func indices(_ t: SIMD4<Float>) -> SIMD4<Int32> {
        let top = Float(GradientTable.size - 1)
        var s = t * top
        // Written as the select `minps` computes, then a select LLVM does on the integer bits
        // (-0 gives 0; NaN, from degenerate geometry only, gives the last entry).
        s = s.replacing(with: top, where: .!(s .< top))
        s = s.replacing(with: 0, where: .!(s .> 0))
        return unsafeBitCast(s + 8_388_608, to: SIMD4<Int32>.self) & Int32(GradientTable.size - 1)
    }

    /// `t` folded into 0...1 by `spread`: repeated (the fractional part) or mirrored (a triangle
    /// wave); padding is left to `indices`, which clamps.
    @inline(__always) static func spread(_ t: SIMD4<Float>, _ spread: GradientSpread) -> SIMD4<Float> {
        switch spread {
        case .pad: return t
        case .repeating: return t - t.rounded(.down)
        case .mirror:
            let u = t - 2 * (t * 0.5).rounded(.down)      // 0..<2
            return u.replacing(with: 2 - u, where: u .> 1)
        }
    }

    /// Writes `count` table colours, four pixels at a time, with `index` mapping the centres of four
    /// pixels (x, in device space) to table indices. Whole groups of four store unconditionally and
    /// the tail separately, which keeps LLVM's code for the groups one straight SSE sequence.
    @inline(__always) static func shade<Index: GradientIndex>(from x: Int, count: Int, in lut: UnsafePointer<UInt32>,
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

}

/// Table indices of four pixel centres along a row (x in device pixels). A protocol rather than a
/// closure: generic specialisation inlines `callAsFunction` into the loop, where a closure literal
/// was outlined into a call per four pixels.
protocol GradientIndex {
    func callAsFunction(_ px: SIMD4<Float>) -> SIMD4<Int32>
}

/// A linear gradient's indices when it repeats or mirrors: `t = a * x + t0` along the row, folded.
struct LinearSpreadIndex: GradientIndex {
    let a, t0: Float
    let spread: GradientSpread
    @inline(__always) func callAsFunction(_ px: SIMD4<Float>) -> SIMD4<Int32> {
        GradientLookup.indices(GradientLookup.spread(px * a + t0, spread))
    }
}

/// A radial gradient's indices when it repeats or mirrors: `t = (|(u, v)| - r0) * scale` with
/// `(u, v)` affine in x along the row, folded (padded ones go through `ak_radial_shade`).
struct RadialSpreadIndex: GradientIndex {
    let a, b, u0, v0, r0, scale: Float
    let spread: GradientSpread
    @inline(__always) func callAsFunction(_ px: SIMD4<Float>) -> SIMD4<Int32> {
        let u = px * a + u0, v = px * b + v0
        return GradientLookup.indices(GradientLookup.spread(((u * u + v * v).squareRoot() - r0) * scale, spread))
    }
}
