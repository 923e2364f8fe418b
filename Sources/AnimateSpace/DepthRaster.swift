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
    ///
    /// Corners are snapped to a sixteenth of a sample and the edges tested in integers, with
    /// samples exactly on an edge going to one side only (the top-left rule): triangles sharing
    /// an edge cover each sample along it once, with no crack and no seam.
    func fill(_ a: Corner, _ b: Corner, _ c: Corner, blend: Bool, testsDepth: Bool = true) {
        func snap(_ v: Float) -> Int64? {
            let s = (v * 16).rounded()
            // Within 2^29 sixteenths of a sample, edge values (products of two differences) stay well
            // inside 64 bits; a corner beyond that (just in front of the camera) drops its triangle.
            return s.isFinite && abs(s) < 536_870_912 ? Int64(s) : nil
        }
        guard let ax = snap(a.x), let ay = snap(a.y), var bx = snap(b.x), var by = snap(b.y), var cx = snap(c.x), var cy = snap(c.y) else { return }
        var a = a, b = b, c = c
        var area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        guard area != 0 else { return }
        if area < 0 {
            swap(&b, &c); swap(&bx, &cx); swap(&by, &cy)
            area = -area
        }
        let sw = sampleWidth, sh = sampleHeight
        let minX = max(0, Int(min(ax, bx, cx) >> 4)), maxX = min(sw - 1, Int(max(ax, bx, cx) >> 4) + 1)
        let minY = max(0, Int(min(ay, by, cy) >> 4)), maxY = min(sh - 1, Int(max(ay, by, cy) >> 4) + 1)
        guard minX <= maxX, minY <= maxY else { return }
        touched.rows = touched.rows.isEmpty ? minY..<(maxY + 1) : min(touched.rows.lowerBound, minY)..<max(touched.rows.upperBound, maxY + 1)
        touched.columns = touched.columns.isEmpty ? minX..<(maxX + 1)
            : min(touched.columns.lowerBound, minX)..<max(touched.columns.upperBound, maxX + 1)
        // Edge u -> v: E(p) = (v - u) x (p - u), positive inside; its weight is the opposite corner's.
        struct Edge {
            let ux: Int64, uy: Int64, dx: Int64, dy: Int64
            /// Whether a sample exactly on the edge is inside (top-left rule: one of two opposite edges).
            let takesTies: Bool
            /// 1 / (16 dy): where the edge crosses a row, in samples, from its value there.
            let inverse16: Float
            init(_ ux: Int64, _ uy: Int64, _ vx: Int64, _ vy: Int64) {
                self.ux = ux; self.uy = uy; dx = vx - ux; dy = vy - uy
                takesTies = dy < 0 || (dy == 0 && dx > 0)
                inverse16 = dy == 0 ? 0 : 1 / Float(dy * 16)
            }
            @inline(__always) func at(_ px: Int64, _ py: Int64) -> Int64 { dx * (py - uy) - dy * (px - ux) }
        }
        let e0 = Edge(bx, by, cx, cy), e1 = Edge(cx, cy, ax, ay), e2 = Edge(ax, ay, bx, by)
        let inverse = 1 / Float(area)
        // Depth and colour are planes over the triangle: the value at c plus steps along x.
        let da = a.depth - c.depth, db = b.depth - c.depth
        let ca = a.color - c.color, cb = b.color - c.color
        let l0x = Float(-e0.dy * 16) * inverse, l1x = Float(-e1.dy * 16) * inverse
        let depthStep = l0x * da + l1x * db
        let colourStep = ca * l0x + cb * l1x
        let fixedStep = Self.fixed(colourStep * 16_711_680)
        let step0 = -e0.dy * 16, step1 = -e1.dy * 16, step2 = -e2.dy * 16
        let bias0: Int64 = e0.takesTies ? 0 : -1, bias1: Int64 = e1.takesTies ? 0 : -1, bias2: Int64 = e2.takesTies ? 0 : -1
        // The edge values, depth and colour at the first column of the first row, then stepped a
        // row at a time: each row starts from the last one's values, not from scratch.
        let x0 = Int64(minX) * 16 + 8, y0 = Int64(minY) * 16 + 8
        var row0 = e0.at(x0, y0) + bias0, row1 = e1.at(x0, y0) + bias1, row2 = e2.at(x0, y0) + bias2
        let down0 = e0.dx * 16, down1 = e1.dx * 16, down2 = e2.dx * 16
        let l0y = Float(down0) * inverse, l1y = Float(down1) * inverse
        let lStart0 = Float(row0 - bias0) * inverse, lStart1 = Float(row1 - bias1) * inverse
        var depthRow = c.depth + lStart0 * da + lStart1 * db
        let depthDown = l0y * da + l1y * db
        var colourRowF = c.color + ca * lStart0 + cb * lStart1
        let colourDown = ca * l0y + cb * l1y
        // The opaque colour in fixed point (a 65536th of a level): the row's start stepped in integers.
        var fixedRow = Self.fixed(colourRowF * 16_711_680 + 32768)
        let fixedDown = Self.fixed(colourDown * 16_711_680)
        // Where an edge's value, stepping along the row, turns negative: 1 / its step.
        let across0 = step0 == 0 ? 0 : 1 / Float(step0), across1 = step1 == 0 ? 0 : 1 / Float(step1), across2 = step2 == 0 ? 0 : 1 / Float(step2)
        colors.withUnsafeMutableBufferPointer { colors in
            depths.withUnsafeMutableBufferPointer { depths in
                for y in minY...maxY {
                    defer {
                        row0 += down0; row1 += down1; row2 += down2
                        depthRow += depthDown
                        colourRowF += colourDown
                        fixedRow &+= fixedDown
                    }
                    // The row's samples inside every edge, from where each edge's value crosses
                    // zero (a sample wider each way; the exact tests below decide).
                    var first = 0, last = maxX - minX
                    @inline(__always) func narrow(_ w: Int64, _ step: Int64, _ across: Float) {
                        if step > 0 {
                            first = max(first, Int((Float(-w) * across).rounded(.up)) - 1)
                        } else if step < 0 {
                            last = min(last, Int((Float(-w) * across).rounded(.down)) + 1)
                        } else if w < 0 {
                            last = first - 1
                        }
                    }
                    narrow(row0, step0, across0)
                    narrow(row1, step1, across1)
                    narrow(row2, step2, across2)
                    guard first <= last else { continue }
                    let k = Int64(first)
                    var w0 = row0 + k * step0, w1 = row1 + k * step1, w2 = row2 + k * step2
                    var depth = depthRow + Float(k) * depthStep
                    let lo = first + minX, hi = last + minX
                    let row = y * sw
                    if blend {
                        var colour = colourRowF + colourStep * Float(k)
                        for x in lo...hi {
                            if w0 | w1 | w2 >= 0 {
                                let i = row + x
                                if !testsDepth || depth > depths[i] {
                                    colors[i] = Self.pack(colour + Self.unpack(colors[i]) * (1 - colour.w))
                                }
                            }
                            w0 += step0; w1 += step1; w2 += step2
                            depth += depthStep
                            colour += colourStep
                        }
                    } else {
                        // Opaque: the colour stepped in integers.
                        var colour = fixedRow &+ fixedStep &* SIMD4(repeating: Int32(truncatingIfNeeded: k))
                        for x in lo...hi {
                            if w0 | w1 | w2 >= 0 {
                                let i = row + x
                                if !testsDepth || depth > depths[i] {
                                    let v = (colour &>> 16).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                                    colors[i] = UInt32(truncatingIfNeeded: v.x) | UInt32(truncatingIfNeeded: v.y) << 8
                                        | UInt32(truncatingIfNeeded: v.z) << 16 | UInt32(truncatingIfNeeded: v.w) << 24
                                    depths[i] = depth
                                }
                            }
                            w0 += step0; w1 += step1; w2 += step2
                            depth += depthStep
                            colour &+= fixedStep
                        }
                    }
                }
            }
        }
    }

    /// A vector of floats as integers, rounded; what is not finite or out of range saturated.
    @inline(__always) static func fixed(_ v: SIMD4<Float>) -> SIMD4<Int32> {
        let finite = v.replacing(with: 0, where: .!(v .== v))
        return SIMD4<Int32>(finite.clamped(lowerBound: SIMD4(repeating: -2e9), upperBound: SIMD4(repeating: 2e9)).rounded(.toNearestOrEven))
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
        // Samples a pixel a power of two: divide by shifting, rounding half up in both lanes.
        let shift: UInt32? = n.nonzeroBitCount == 1 ? UInt32(n.trailingZeroBitCount) : nil
        let roundingLanes = (n / 2) | (n / 2) << 16
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
                        if let shift {
                            // Both channels of a lane rounded and divided at once (a power of two).
                            let e = ((even &+ roundingLanes) >> shift) & 0x00FF_00FF, o = ((odd &+ roundingLanes) >> shift) & 0x00FF_00FF
                            out[y * width + x] = e | o << 8
                        } else {
                            let half = n / 2
                            let r = ((even & 0xFFFF) + half) / n, b = ((even >> 16) + half) / n
                            let g = ((odd & 0xFFFF) + half) / n, a = ((odd >> 16) + half) / n
                            out[y * width + x] = r | g << 8 | b << 16 | a << 24
                        }
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
