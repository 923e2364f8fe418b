/// Sine waves from plain arithmetic, so synthesized sounds are the same bits on every machine
/// (libm's `sin` may differ in its last bit between C libraries).
enum Oscillator {
    /// sin(2π · `turns`), for any finite `turns`.
    static func sine(turns: Double) -> Double {
        // Reduce to [-0.25, 0.25] turns, where the odd polynomial below is accurate to ~1e-15.
        var t = turns - (turns + 0.5).rounded(.down)   // [-0.5, 0.5)
        if t > 0.25 { t = 0.5 - t } else if t < -0.25 { t = -0.5 - t }
        let x = t * 2 * Double.pi
        let x2 = x * x
        var p = -1.0 / 1_307_674_368_000      // -1/15!
        p = p * x2 + 1.0 / 6_227_020_800      // 1/13!
        p = p * x2 - 1.0 / 39_916_800         // -1/11!
        p = p * x2 + 1.0 / 362_880            // 1/9!
        p = p * x2 - 1.0 / 5_040              // -1/7!
        p = p * x2 + 1.0 / 120                // 1/5!
        p = p * x2 - 1.0 / 6                  // -1/3!
        return x + x * x2 * p
    }
}
