/// A 4x5 matrix applied to straight (unpremultiplied) RGBA, 0...1, as SwiftUI's `ColorMatrix`:
/// `r' = r1*r + r2*g + r3*b + r4*a + r5`, and so on for g, b and a.
public struct ColorMatrix: Sendable, Hashable {
    public var r1: Float = 1, r2: Float = 0, r3: Float = 0, r4: Float = 0, r5: Float = 0
    public var g1: Float = 0, g2: Float = 1, g3: Float = 0, g4: Float = 0, g5: Float = 0
    public var b1: Float = 0, b2: Float = 0, b3: Float = 1, b4: Float = 0, b5: Float = 0
    public var a1: Float = 0, a2: Float = 0, a3: Float = 0, a4: Float = 1, a5: Float = 0

    /// The identity.
    public init() {}

    /// Rows of five: red, green, blue, alpha.
    init(_ r: [Float], _ g: [Float], _ b: [Float], _ a: [Float]) {
        (r1, r2, r3, r4, r5) = (r[0], r[1], r[2], r[3], r[4])
        (g1, g2, g3, g4, g5) = (g[0], g[1], g[2], g[3], g[4])
        (b1, b2, b3, b4, b5) = (b[0], b[1], b[2], b[3], b[4])
        (a1, a2, a3, a4, a5) = (a[0], a[1], a[2], a[3], a[4])
    }

    /// The matrix applied to straight `c` (unclamped).
    func apply(_ c: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(r1 * c.x + r2 * c.y + r3 * c.z + r4 * c.w + r5,
              g1 * c.x + g2 * c.y + g3 * c.z + g4 * c.w + g5,
              b1 * c.x + b2 * c.y + b3 * c.z + b4 * c.w + b5,
              a1 * c.x + a2 * c.y + a3 * c.z + a4 * c.w + a5)
    }

    /// Whether it can make a transparent pixel visible (its alpha row has an offset).
    var liftsTransparency: Bool { a5 > 0 }
}
