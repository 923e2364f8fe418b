import CKernels

/// Linear gradients: the position along the gradient is affine in x along a row, so runs of one
/// colour (padding, or equal table entries) are found in closed form and written as fills.
enum LinearShader {
    /// Per entry of `table`, the first and last index of its run of equal colours (see `Paint.runs`); nil
    /// past `limit` runs, found in the same pass, so a steep gradient (a short streak, where no run
    /// can last 16 pixels) costs next to nothing here.
    static func colourRuns(_ table: [UInt32], atMost limit: Int) -> [UInt32]? {
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

    /// The shortest average run of equal colours worth a fill per run (`Paint.runs`): below it,
    /// a table look-up per pixel is faster, and with AVX2 or AVX-512 (eight or sixteen gathered a
    /// step) much faster.
    static var shortestRunFilled: Float { ak_uses_avx2() != 0 ? 32 : 16 }

    /// How many pixels, from fixed-point position `t` (inside `low...high`) stepping `dt`, stay
    /// inside `low...high`; at most `n`.
    @inline(__always) static func pixels(within low: Int64, _ high: Int64, from t: Int64, step dt: Int64, atMost n: Int) -> Int {
        if dt > 0 { return Int(min(Int64(n), (high &- t) / dt &+ 1)) }
        if dt < 0 { return Int(min(Int64(n), (t &- low) / (0 &- dt) &+ 1)) }
        return n
    }

    /// Writes `count` colours of a linear gradient whose fixed-point position (16 fractional bits,
    /// in table entries) is `t` at the first pixel and grows by `dt` a pixel. Because `t` is linear,
    /// the runs before, inside and after the table are found in closed form: padding is a fill, and
    /// inside the table the positions fit in 32 bits and advance four at a time in one register,
    /// or, given `runs`, each run of equal colours is one fill.
    @inline(__always) static func shade(from start: Int64, step dt: Int64, count: Int, in lut: UnsafePointer<UInt32>,
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
                // Every position of the n pixels is in the table, so below 2^26: 32-bit lanes
                // (`CKernels`, eight a step with AVX2, sixteen with AVX-512).
                ak_linear_shade(lut, o, n, Int32(t), Int32(dt))
                j = n
            }
            while j < n {
                o[j] = lut[Int((t &+ Int64(j) &* dt) >> 16)]
                j &+= 1
            }
            t &+= Int64(n) &* dt
            i &+= n
        }
    }

}
