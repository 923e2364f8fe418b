/// `t = fract((atan2(v, u) - angle) / 2pi)` with `(u, v)` affine in x along the row.
struct ConicIndex: GradientIndex {
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
        return GradientLookup.indices(GradientLookup.wrap((r - angle) * (1 / (2 * Float.pi))))
    }
}

@inline(__always) private func abs(_ v: SIMD4<Float>) -> SIMD4<Float> { v.replacing(with: -v, where: v .< 0) }
