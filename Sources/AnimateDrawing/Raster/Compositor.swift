import Foundation

/// Blends a paint into premultiplied RGBA8 pixels wherever the rasterizer reports coverage.
///
/// Source-over with integer arithmetic is the fast path (solid runs become stores); other blend
/// modes, and the clip mask, go through a per-pixel float path.
struct Compositor: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let paint: Paint
    let mode: BlendMode
    /// Context opacity times any hairline fade, 0...1.
    let opacity: Float
    let clip: UnsafePointer<UInt8>?
    let antialiased: Bool
    /// Scratch for one row of paint colours.
    let colors: UnsafeMutablePointer<UInt32>

    @inline(__always) private func weight(_ coverage: Float) -> Float {
        antialiased ? coverage : (coverage >= 0.5 ? 1 : 0)
    }

    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: Float) {
        let k = weight(coverage) * opacity
        if k <= 0 { return }
        let row = pixels + y * width + x
        if mode == .normal, clip == nil, let c = paint.solidColor {
            let k8 = UInt32(k * 255 + 0.5)
            if k8 == 0 { return }
            if k8 == 255 && c >> 24 == 255 {
                row.update(repeating: c, count: count)
            } else {
                let s = k8 == 255 ? c : Pixel.scale(c, k8)
                let keep = 255 &- (s >> 24)
                for i in 0..<count { row[i] = s &+ Pixel.scale(row[i], keep) }
            }
            return
        }
        paint.shade(y: y, x: x, count: count, into: colors)
        blendRun(row: row, y: y, x: x, count: count) { _ in k }
    }

    mutating func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<Float>) {
        let row = pixels + y * width + x
        let op = opacity
        if mode == .normal, clip == nil, let c = paint.solidColor {
            for i in 0..<count {
                let k8 = UInt32(weight(coverage[i]) * op * 255 + 0.5)
                if k8 != 0 { row[i] = Pixel.over(c, row[i], k8) }
            }
            return
        }
        paint.shade(y: y, x: x, count: count, into: colors)
        blendRun(row: row, y: y, x: x, count: count) { i in weight(coverage[i]) * op }
    }

    @inline(__always)
    private func blendRun(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, weightAt: (Int) -> Float) {
        let mask = clip.map { $0 + y * width + x }
        if mode == .normal {
            for i in 0..<count {
                var k = weightAt(i)
                if let mask { k *= Float(mask[i]) * (1 / 255) }
                let k8 = UInt32(k * 255 + 0.5)
                if k8 != 0 { row[i] = Pixel.over(colors[i], row[i], k8) }
            }
            return
        }
        for i in 0..<count {
            var k = weightAt(i)
            if let mask { k *= Float(mask[i]) * (1 / 255) }
            if k <= 0 { continue }
            let d = Pixel.unpack(row[i])
            let s = Pixel.unpack(colors[i])
            let blended = Blending.apply(mode, source: s, destination: d)
            row[i] = Pixel.pack(d + (blended - d) * min(k, 1))
        }
    }
}
