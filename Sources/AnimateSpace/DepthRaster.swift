import Foundation
import Synchronization

/// Triangles rasterized into a grid of samples (`samples` x `samples` to a pixel) with a depth
/// test, then averaged into pixels: anti-aliased edges that hide what is behind them, the same
/// for fills, lines and dots.
final class DepthRaster: @unchecked Sendable {
    /// A corner: where it falls in samples, its depth (larger nearer) and its premultiplied colour.
    struct Corner {
        var x: Float
        var y: Float
        var depth: Float
        var color: SIMD4<Float>
    }

    let width: Int
    let height: Int
    let samples: Int
    /// Premultiplied RGBA8 a sample, packed (red in the low byte).
    var colors: [UInt32]
    var depths: [Float]
    /// The samples written since the raster was cleared (rows, then columns), so a reused
    /// raster clears only those.
    private(set) var touched: (rows: Range<Int>, columns: Range<Int>) = (0..<0, 0..<0)

    init(width: Int, height: Int, samples: Int) {
        self.width = width
        self.height = height
        self.samples = samples
        let count = width * samples * height * samples
        colors = [UInt32](repeating: 0, count: count)
        depths = [Float](repeating: -.infinity, count: count)
    }

    /// Clears what was drawn: colour to transparent, depth to farthest.
    func clear() {
        let (rows, columns) = touched
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let sw = sampleWidth
        colors.withUnsafeMutableBufferPointer { colors in
            depths.withUnsafeMutableBufferPointer { depths in
                for y in rows {
                    let start = y * sw + columns.lowerBound
                    (colors.baseAddress! + start).update(repeating: 0, count: columns.count)
                    (depths.baseAddress! + start).update(repeating: -.infinity, count: columns.count)
                }
            }
        }
        touched = (0..<0, 0..<0)
    }

    var sampleWidth: Int { width * samples }
    var sampleHeight: Int { height * samples }

    /// Fills the triangle: where it is nearer than what is there (anywhere, without `testsDepth`),
    /// its colour replaces it and its depth is kept (opaque), or it goes over it (`blend`).
    func fill(_ a: Corner, _ b: Corner, _ c: Corner, blend: Bool, testsDepth: Bool = true) {
        var b = b, c = c
        var area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        guard area.isFinite, area != 0 else { return }
        if area < 0 { swap(&b, &c); area = -area }
        let sw = sampleWidth, sh = sampleHeight
        let minX = max(0, Int(min(a.x, b.x, c.x).rounded(.down))), maxX = min(sw - 1, Int(max(a.x, b.x, c.x).rounded(.up)))
        let minY = max(0, Int(min(a.y, b.y, c.y).rounded(.down))), maxY = min(sh - 1, Int(max(a.y, b.y, c.y).rounded(.up)))
        guard minX <= maxX, minY <= maxY else { return }
        touched.rows = touched.rows.isEmpty ? minY..<(maxY + 1) : min(touched.rows.lowerBound, minY)..<max(touched.rows.upperBound, maxY + 1)
        touched.columns = touched.columns.isEmpty ? minX..<(maxX + 1)
            : min(touched.columns.lowerBound, minX)..<max(touched.columns.upperBound, maxX + 1)
        // Edge functions: positive inside, stepping by a constant along x.
        let a0 = c.y - b.y, b0 = b.x - c.x, c0 = c.x * b.y - b.x * c.y      // edge b -> c, weight of a
        let a1 = a.y - c.y, b1 = c.x - a.x, c1 = a.x * c.y - c.x * a.y      // edge c -> a, weight of b
        let a2 = b.y - a.y, b2 = a.x - b.x, c2 = b.x * a.y - a.x * b.y      // edge a -> b, weight of c
        let inverse = 1 / area
        colors.withUnsafeMutableBufferPointer { colors in
            depths.withUnsafeMutableBufferPointer { depths in
                for y in minY...maxY {
                    let py = Float(y) + 0.5, px = Float(minX) + 0.5
                    var w0 = -(a0 * px + b0 * py + c0), w1 = -(a1 * px + b1 * py + c1), w2 = -(a2 * px + b2 * py + c2)
                    let row = y * sw
                    for x in minX...maxX {
                        if w0 >= 0 && w1 >= 0 && w2 >= 0 {
                            let l0 = w0 * inverse, l1 = w1 * inverse, l2 = 1 - l0 - l1
                            let depth = l0 * a.depth + l1 * b.depth + l2 * c.depth
                            let i = row + x
                            if !testsDepth || depth > depths[i] {
                                let colour = a.color * l0 + b.color * l1 + c.color * l2
                                if blend {
                                    colors[i] = Self.pack(colour + Self.unpack(colors[i]) * (1 - colour.w))
                                } else {
                                    colors[i] = Self.pack(colour)
                                    depths[i] = depth
                                }
                            }
                        }
                        w0 -= a0; w1 -= a1; w2 -= a2
                    }
                }
            }
        }
    }

    @inline(__always) static func pack(_ c: SIMD4<Float>) -> UInt32 {
        let v = (c.clamped(lowerBound: .zero, upperBound: .one) * 255 + 0.5)
        return UInt32(v.x) | UInt32(v.y) << 8 | UInt32(v.z) << 16 | UInt32(v.w) << 24
    }

    @inline(__always) static func unpack(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24)) / 255
    }

    /// The pixels, premultiplied RGBA8 packed as the samples are: each the average of its
    /// `samples` x `samples` samples (two bytes a channel while summing, so no channel spills).
    func resolve() -> [UInt32] {
        var out = [UInt32](repeating: 0, count: width * height)
        let s = samples, sw = sampleWidth, n = UInt32(s * s)
        let (rows, columns) = touched
        guard !rows.isEmpty else { return out }
        let firstY = rows.lowerBound / s, lastY = min((rows.upperBound + s - 1) / s, height)
        let firstX = columns.lowerBound / s, lastX = min((columns.upperBound + s - 1) / s, width)
        colors.withUnsafeBufferPointer { colors in
            out.withUnsafeMutableBufferPointer { out in
                for y in firstY..<lastY {
                    for x in firstX..<lastX {
                        var even: UInt32 = 0, odd: UInt32 = 0
                        for dy in 0..<s {
                            let row = (y * s + dy) * sw + x * s
                            for dx in 0..<s {
                                let p = colors[row + dx]
                                even &+= p & 0x00FF_00FF
                                odd &+= (p >> 8) & 0x00FF_00FF
                            }
                        }
                        guard even | odd != 0 else { continue }
                        let half = n / 2
                        let r = ((even & 0xFFFF) + half) / n, b = ((even >> 16) + half) / n
                        let g = ((odd & 0xFFFF) + half) / n, a = ((odd >> 16) + half) / n
                        out[y * width + x] = r | g << 8 | b << 16 | a << 24
                    }
                }
            }
        }
        return out
    }
}

/// Rasters kept between frames (a frame's sample buffers are tens of megabytes: allocating and
/// clearing them whole each frame would cost more than drawing), a few of each size, cleared
/// where they were drawn when given back.
enum DepthRasterPool {
    private static let kept = Mutex<[Int: [DepthRaster]]>([:])
    private static let most = 4

    private static func key(_ width: Int, _ height: Int, _ samples: Int) -> Int { (width << 32) | (height << 4) | samples }

    static func take(width: Int, height: Int, samples: Int) -> DepthRaster {
        let k = key(width, height, samples)
        if let raster = kept.withLock({ $0[k]?.popLast() }) { return raster }
        // A raster is used by one drawing at a time: taken, drawn, resolved, given back.
        return DepthRaster(width: width, height: height, samples: samples)
    }

    static func giveBack(_ raster: DepthRaster) {
        raster.clear()
        let k = key(raster.width, raster.height, raster.samples)
        kept.withLock { pool in
            // Other sizes go: a render keeps one size, and memory is not held for ones it left.
            for other in pool.keys where other != k { pool[other] = nil }
            if pool[k, default: []].count < most { pool[k, default: []].append(raster) }
        }
    }
}
