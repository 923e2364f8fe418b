/// `t = (|(u, v)| - r0) * scale` with `(u, v)` affine in x along the row.
struct RadialIndex: GradientIndex {
    let a, b, u0, v0, r0, scale: Float
    @inline(__always) func callAsFunction(_ px: SIMD4<Float>) -> SIMD4<Int32> {
        let u = px * a + u0, v = px * b + v0
        return GradientLookup.indices(((u * u + v * v).squareRoot() - r0) * scale)
    }
}
