import AnimateMath
import Foundation

/// A Gaussian blur of a surface's premultiplied pixels, separable, in 32-bit float.
///
/// Above a standard deviation of 2 pixels it is three box blurs per axis whose widths are chosen
/// to match the Gaussian's variance (the classic fast approximation, as Skia does): each costs
/// the same whatever the radius. Below, the exact sampled kernel. Transparent beyond the surface,
/// as a Gaussian of the drawing over transparent surroundings (the work covers what was drawn
/// and the blur's reach around it, past the surface's edges too, so an edge fades as the
/// Gaussian says), or with `clampEdges` the surface's edge pixels repeated. Rows are blurred one
/// at a time; columns a whole row of running sums at a time, so memory is read in order.
struct GaussianBlur {
    let sigma: Double
    let clampEdges: Bool

    /// The widest deviation drawn: past it a blur of any canvas is its flat average already.
    static let maximumSigma = Double(1 << 16)

    /// A blur of deviation `sigma` pixels (NaN or negative: none; beyond `maximumSigma`: that).
    init(sigma: Double, clampEdges: Bool) {
        self.sigma = sigma.isNaN ? 0 : min(max(sigma, 0), Self.maximumSigma)
        self.clampEdges = clampEdges
    }

    /// How far the blur reaches, in pixels.
    var reach: Int {
        if sigma < 2 { return Self.kernelRadius(sigma) }
        return Self.boxes(sigma).reduce(0) { $0 + ($1 - 1) / 2 }
    }

    /// Three odd box widths whose repeated blur has variance `sigma`².
    static func boxes(_ sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(saturating: ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let wl = Double(lower)
        let m = Int(saturating: ((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4)).rounded())
        return (0..<3).map { $0 < m ? lower : upper }
    }

    /// How far the exact kernel reaches: three deviations, at least one pixel.
    static func kernelRadius(_ sigma: Double) -> Int { max(1, Int(saturating: (3 * sigma).rounded(.up))) }

    /// The normalized kernel for small deviations.
    static func kernel(_ sigma: Double) -> [Float] {
        let radius = kernelRadius(sigma)
        let weights = (-radius...radius).map { i in PortableMath.exp(-Double(i * i) / (2 * sigma * sigma)) }
        let sum = weights.reduce(0, +)
        return weights.map { Float($0 / sum) }
    }

    /// How far past the surface's edges the work reaches: the blur's reach, unless the padded
    /// area would pass four times the surface's (then less, down to none: a blur that wide is
    /// near a flat average anyway).
    static func padding(reach: Int, width: Int, height: Int) -> Int {
        var pad = reach
        while pad > 0 && (width + 2 * pad) * (height + 2 * pad) > 4 * width * height { pad /= 2 }
        return pad
    }

    /// Blurs `surface` in place: only what was drawn and the blur's reach around it is touched.
    func apply(to surface: Surface, buffer: inout [SIMD4<Float>], line: inout [SIMD4<Float>]) {
        guard sigma > 0.05, sigma.isFinite else { return }
        let w = surface.width, h = surface.height
        let reach = self.reach
        // The region worked on, in surface coordinates (it may lie partly outside the surface).
        let xs: Range<Int>, ys: Range<Int>
        if clampEdges {
            xs = 0..<w
            ys = 0..<h
        } else {
            let rows = surface.dirtyRows, columns = surface.dirtyColumns
            guard !rows.isEmpty, !columns.isEmpty else { return }
            let pad = Self.padding(reach: reach, width: w, height: h)
            xs = max(-pad, columns.lowerBound - reach)..<min(w + pad, columns.upperBound + reach)
            ys = max(-pad, rows.lowerBound - reach)..<min(h + pad, rows.upperBound + reach)
        }
        let rw = xs.count, rh = ys.count, size = rw * rh
        if buffer.count < 2 * size { buffer = [SIMD4<Float>](repeating: .zero, count: 2 * size) }
        if line.count < 2 * rw { line = [SIMD4<Float>](repeating: .zero, count: 2 * rw) }
        let kernel = sigma < 2 ? Self.kernel(sigma) : []
        let boxes = sigma < 2 ? [] : Self.boxes(sigma)
        // The part of the region on the surface.
        let onX = xs.clamped(to: 0..<w), onY = ys.clamped(to: 0..<h)
        let pixels = surface.settledPixels()
        buffer.withUnsafeMutableBufferPointer { buf in
            line.withUnsafeMutableBufferPointer { tmp in
                var a = buf.baseAddress!, b = a + size
                // Padding past the surface's edges starts transparent; the rest is copied over.
                if onX != xs || onY != ys { a.update(repeating: .zero, count: size) }
                for y in onY {
                    let from = pixels + y * w, to = a + (y - ys.lowerBound) * rw - xs.lowerBound
                    for x in onX { to[x] = Self.unpack(from[x]) }
                }
                for y in 0..<rh { blurRow(a + y * rw, count: rw, temp: tmp.baseAddress!, kernel: kernel, boxes: boxes) }
                if kernel.isEmpty {
                    for width in boxes {
                        boxColumns(a, b, width: rw, height: rh, radius: (width - 1) / 2, sums: tmp.baseAddress!)
                        swap(&a, &b)
                    }
                } else {
                    kernelColumns(a, b, width: rw, height: rh, kernel: kernel)
                    swap(&a, &b)
                }
                for y in onY {
                    let to = pixels + y * w, from = a + (y - ys.lowerBound) * rw - xs.lowerBound
                    for x in onX { to[x] = Self.pack(from[x]) }
                }
            }
        }
        surface.markWritten(onY, columns: onX)
    }

    /// Blurs one row in place; `temp` has room for two rows.
    private func blurRow(_ row: UnsafeMutablePointer<SIMD4<Float>>, count: Int, temp: UnsafeMutablePointer<SIMD4<Float>>,
                         kernel: [Float], boxes: [Int]) {
        if !kernel.isEmpty {
            let r = kernel.count / 2
            let out = temp
            for i in 0..<count {
                var s = SIMD4<Float>.zero
                for j in -r...r {
                    let idx = i + j
                    if idx >= 0 && idx < count { s += row[idx] * kernel[j + r] } else if clampEdges { s += row[idx < 0 ? 0 : count - 1] * kernel[j + r] }
                }
                out[i] = s
            }
            row.update(from: out, count: count)
            return
        }
        var from = row, to = temp
        for width in boxes {
            boxRow(from, to, count: count, radius: (width - 1) / 2)
            swap(&from, &to)
        }
        if from != row { row.update(from: from, count: count) }
    }

    /// One box blur of a row with a running sum: edges handled apart from the middle.
    private func boxRow(_ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>, count: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        let first = clampEdges ? src[0] : .zero, last = clampEdges ? src[count - 1] : .zero
        @inline(__always) func at(_ i: Int) -> SIMD4<Float> { i < 0 ? first : i >= count ? last : src[i] }
        var sum = SIMD4<Float>.zero
        for i in -radius...radius { sum += at(i) }
        let safeStart = radius, safeEnd = count - radius - 1
        var i = 0
        while i < count {
            dst[i] = sum * scale
            if i >= safeStart && i < safeEnd {
                sum += src[i + radius + 1] - src[i - radius]
            } else {
                sum += at(i + radius + 1) - at(i - radius)
            }
            i += 1
        }
    }

    /// One box blur down every column: a row of running sums moves down the rows.
    private func boxColumns(_ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                            width w: Int, height h: Int, radius: Int, sums: UnsafeMutablePointer<SIMD4<Float>>) {
        let scale = 1 / Float(2 * radius + 1)
        /// Row `i`, or nil for a transparent row beyond the edge.
        @inline(__always) func row(_ i: Int) -> UnsafeMutablePointer<SIMD4<Float>>? {
            if i < 0 { return clampEdges ? src : nil }
            if i >= h { return clampEdges ? src + (h - 1) * w : nil }
            return src + i * w
        }
        sums.update(repeating: .zero, count: w)
        for i in -radius...radius { if let r = row(i) { for x in 0..<w { sums[x] += r[x] } } }
        for y in 0..<h {
            let out = dst + y * w
            let add = row(y + radius + 1), remove = row(y - radius)
            switch (add, remove) {
            case let (a?, r?): for x in 0..<w { out[x] = sums[x] * scale; sums[x] += a[x] - r[x] }
            case let (a?, nil): for x in 0..<w { out[x] = sums[x] * scale; sums[x] += a[x] }
            case let (nil, r?): for x in 0..<w { out[x] = sums[x] * scale; sums[x] -= r[x] }
            case (nil, nil): for x in 0..<w { out[x] = sums[x] * scale }
            }
        }
    }

    /// The exact kernel down every column.
    private func kernelColumns(_ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                               width w: Int, height h: Int, kernel: [Float]) {
        let r = kernel.count / 2
        for y in 0..<h {
            let out = dst + y * w
            out.update(repeating: .zero, count: w)
            for j in -r...r {
                var i = y + j
                if i < 0 || i >= h {
                    guard clampEdges else { continue }
                    i = i < 0 ? 0 : h - 1
                }
                let k = kernel[j + r], input = src + i * w
                for x in 0..<w { out[x] += input[x] * k }
            }
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
