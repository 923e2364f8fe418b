import Foundation

/// A Gaussian blur of a surface's premultiplied pixels, separable, in 32-bit float.
///
/// Above a standard deviation of 2 pixels it is three box blurs per axis whose widths are chosen
/// to match the Gaussian's variance (the classic fast approximation, as Skia does): each costs
/// the same whatever the radius. Below, the exact sampled kernel. Transparent beyond the surface
/// (so the total alpha inside it is kept), or with `clampEdges` its edge pixels repeated.
struct GaussianBlur {
    let sigma: Double
    let clampEdges: Bool

    /// How far the blur reaches, in pixels.
    var reach: Int {
        if sigma < 2 { return Int((3 * sigma).rounded(.up)) }
        return Self.boxes(sigma).reduce(0) { $0 + ($1 - 1) / 2 }
    }

    /// Three odd box widths whose repeated blur has variance `sigma`².
    static func boxes(_ sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let wl = Double(lower)
        let m = Int(((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4)).rounded())
        return (0..<3).map { $0 < m ? lower : upper }
    }

    /// The normalized kernel for small deviations.
    static func kernel(_ sigma: Double) -> [Float] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var weights = (-radius...radius).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let sum = weights.reduce(0, +)
        weights = weights.map { $0 / sum }
        return weights.map(Float.init)
    }

    /// Blurs `surface` in place. Only rows within reach of drawn rows are touched.
    func apply(to surface: Surface, buffer: inout [SIMD4<Float>], line: inout [SIMD4<Float>]) {
        guard sigma > 0.05, sigma.isFinite else { return }
        let w = surface.width, h = surface.height
        let reach = self.reach
        let drawn = surface.dirtyRows
        guard !drawn.isEmpty || clampEdges else { return }
        let rows = clampEdges ? 0..<h : max(0, drawn.lowerBound - reach)..<min(h, drawn.upperBound + reach)
        // The rows read include the reach above and below the rows written.
        let count = rows.count
        if buffer.count < w * count { buffer = [SIMD4<Float>](repeating: .zero, count: w * count) }
        if line.count < 2 * max(w, count) { line = [SIMD4<Float>](repeating: .zero, count: 2 * max(w, count)) }
        let pixels = surface.pixels
        buffer.withUnsafeMutableBufferPointer { buf in
            line.withUnsafeMutableBufferPointer { tmp in
                for y in 0..<count {
                    let src = pixels + (rows.lowerBound + y) * w
                    for x in 0..<w { buf[y * w + x] = Self.unpack(src[x]) }
                }
                // Rows: one line at a time, in place.
                for y in 0..<count {
                    blurLine(buf.baseAddress! + y * w, count: w, stride: 1, temp: tmp.baseAddress!)
                }
                // Columns: gathered into a contiguous line, blurred, scattered back.
                for x in 0..<w {
                    blurLine(buf.baseAddress! + x, count: count, stride: w, temp: tmp.baseAddress!)
                }
                for y in 0..<count {
                    let dst = pixels + (rows.lowerBound + y) * w
                    for x in 0..<w { dst[x] = Self.pack(buf[y * w + x]) }
                }
            }
        }
        surface.markWritten(rows)
        surface.markDirty(rows)
    }

    /// Blurs `count` values `stride` apart, using `temp` (room for 2 * count values).
    private func blurLine(_ data: UnsafeMutablePointer<SIMD4<Float>>, count: Int, stride: Int, temp: UnsafeMutablePointer<SIMD4<Float>>) {
        let a = temp, b = temp + count
        for i in 0..<count { a[i] = data[i * stride] }
        if sigma < 2 {
            let k = Self.kernel(sigma)
            let r = k.count / 2
            for i in 0..<count {
                var s = SIMD4<Float>.zero
                for j in -r...r {
                    let idx = i + j
                    let v: SIMD4<Float>
                    if idx < 0 { v = clampEdges ? a[0] : .zero } else if idx >= count { v = clampEdges ? a[count - 1] : .zero } else { v = a[idx] }
                    s += v * k[j + r]
                }
                b[i] = s
            }
            for i in 0..<count { data[i * stride] = b[i] }
            return
        }
        var from = a, to = b
        for width in Self.boxes(sigma) {
            boxPass(from, to, count: count, radius: (width - 1) / 2)
            swap(&from, &to)
        }
        for i in 0..<count { data[i * stride] = from[i] }
    }

    /// One box blur of `radius` from `src` to `dst` with a running sum.
    private func boxPass(_ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>, count: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        let first = src[0], last = src[count - 1]
        @inline(__always) func at(_ i: Int) -> SIMD4<Float> {
            if i < 0 { return clampEdges ? first : .zero }
            if i >= count { return clampEdges ? last : .zero }
            return src[i]
        }
        var sum = SIMD4<Float>.zero
        for i in -radius...radius { sum += at(i) }
        for i in 0..<count {
            dst[i] = sum * scale
            sum += at(i + radius + 1) - at(i - radius)
        }
    }

    @inline(__always) static func unpack(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24))
    }

    /// Rounds to 8 bits, keeping colour within alpha (premultiplied).
    @inline(__always) static func pack(_ v: SIMD4<Float>) -> UInt32 {
        let c = (v + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        let a = UInt32(c.w)
        let r = min(UInt32(c.x), a), g = min(UInt32(c.y), a), bl = min(UInt32(c.z), a)
        return r | g << 8 | bl << 16 | a << 24
    }
}
