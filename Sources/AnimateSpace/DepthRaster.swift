import Foundation
import Synchronization

/// Triangles rasterized into a grid of samples (`samples` x `samples` to a pixel) with a depth
/// test, then averaged into pixels: anti-aliased edges that hide what is behind them, the same
/// for fills, lines and dots.
///
/// The frame is drawn a band of sample rows at a time (each triangle set up once, then filled
/// in every band it crosses): a band's samples stay in cache from clearing to averaging.
final class DepthRaster: @unchecked Sendable {
    /// A corner: where it falls in samples, its depth (larger nearer) and its premultiplied colour.
    struct Corner {
        var x: Float
        var y: Float
        var depth: Float
        var color: SIMD4<Float>
    }

    /// A triangle to fill: where it is nearer than what is there (anywhere, without
    /// `testsDepth`), its colour replaces it and its depth is kept (opaque), or it goes over it
    /// (`blend`).
    struct Triangle {
        var a: Corner
        var b: Corner
        var c: Corner
        var blend: Bool
        var testsDepth = true
        /// Drawn only where something nearer is already there (a hidden line's dashes), over it.
        var behind = false
    }

    /// A filled outline lying in a plane (a glyph laid flat): contours in samples, filled by
    /// the non-zero rule; its depth the plane `depth = a x + b y + c` over sample coordinates.
    struct Polygon {
        var points: [SIMD2<Float>]
        /// One past each contour's last point.
        var ends: [Int]
        var depth: SIMD3<Float>
        /// Premultiplied.
        var color: SIMD4<Float>
        var blend: Bool
        /// A picture filling it instead of `color`: each sample's colour read from the texel its
        /// centre maps to (bilinear), times `color`'s alpha.
        var texture: Texture?
        /// Its box in samples (rows and columns it can reach), set by `plan`.
        fileprivate var minX = 0, maxX = -1, minY = 0, maxY = -1

        init(points: [SIMD2<Float>], ends: [Int], depth: SIMD3<Float>, color: SIMD4<Float>, blend: Bool) {
            self.points = points
            self.ends = ends
            self.depth = depth
            self.color = color
            self.blend = blend
        }

        /// Whether the sample centre (`x`, `y`) is inside: its winding number is not zero.
        func contains(_ x: Float, _ y: Float) -> Bool {
            var winding = 0, start = 0
            for end in ends {
                guard end <= points.count, end > start else { continue }
                for i in start..<end {
                    let p = points[i], q = points[i + 1 < end ? i + 1 : start]
                    guard (p.y <= y) != (q.y <= y) else { continue }
                    let cross = p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y)
                    if cross > x { winding += q.y > p.y ? 1 : -1 }
                }
                start = end
            }
            return winding != 0
        }
    }

    /// A picture for a polygon: straight RGBA texels and the projective map from sample
    /// coordinates to texel coordinates (rows of a 3x3 matrix).
    struct Texture {
        var rgba: [UInt8]
        var width: Int
        var height: Int
        var map: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

        /// The premultiplied colour (0...1) at texel coordinates `u`, `v`: bilinear between the
        /// four texel centres around, edges clamped.
        @inline(__always) func sample(_ p: UnsafeBufferPointer<UInt8>, _ u: Float, _ v: Float) -> SIMD4<Float> {
            let x = min(max(u - 0.5, 0), Float(width - 1)), y = min(max(v - 0.5, 0), Float(height - 1))
            let x0 = Int(x), y0 = Int(y), x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
            let fx = x - Float(x0), fy = y - Float(y0)
            @inline(__always) func texel(_ i: Int) -> SIMD4<Float> {
                let a = Float(p[4 * i + 3]) / 255
                return SIMD4(Float(p[4 * i]) * a, Float(p[4 * i + 1]) * a, Float(p[4 * i + 2]) * a, Float(p[4 * i + 3])) / 255
            }
            let top = texel(y0 * width + x0) + (texel(y0 * width + x1) - texel(y0 * width + x0)) * fx
            let bottom = texel(y1 * width + x0) + (texel(y1 * width + x1) - texel(y1 * width + x0)) * fx
            return top + (bottom - top) * fy
        }
    }

    /// Triangles set up and sorted into bands, ready to draw, and the pixels they can reach:
    /// `width` x `height` from (`x`, `y`) of the raster's pixels (nothing is drawn outside).
    struct Plan {
        fileprivate var setups: [Setup] = []
        /// Band `b`'s triangles are `order[starts[b]..<starts[b + 1]]`, in drawing order.
        fileprivate var starts: [Int] = []
        fileprivate var order: [Int32] = []
        /// Outlines laid flat, drawn after the first `polygonsAfter` triangles (the opaque ones).
        fileprivate var polygons: [Polygon] = []
        fileprivate var polygonsAfter = 0
        var x = 0, y = 0, width = 0, height = 0
        var isEmpty: Bool { setups.isEmpty && polygons.isEmpty }
    }

    let width: Int
    let height: Int
    let samples: Int
    /// Sample rows a band.
    static let bandRows = 32
    /// One band's samples: premultiplied RGBA8 packed, and depth.
    private var colors: [UInt32]
    private var depths: [Float]
    /// The band's first sample row, and the columns written in it.
    private var bandTop = 0
    private var touched: Range<Int> = 0..<0

    init(width: Int, height: Int, samples: Int) {
        self.width = width
        self.height = height
        self.samples = samples
        let count = width * samples * Self.bandRows
        colors = [UInt32](repeating: 0, count: count)
        depths = [Float](repeating: -.infinity, count: count)
    }

    var sampleWidth: Int { width * samples }
    var sampleHeight: Int { height * samples }

    /// Sets `triangles` up (in order) for `draw`, with `polygons` drawn after the first
    /// `polygonsAfter` of them.
    func plan(_ triangles: [Triangle], polygons: [Polygon] = [], polygonsAfter: Int = 0) -> Plan {
        let sw = sampleWidth, sh = sampleHeight, rows = Self.bandRows
        var plan = Plan()
        plan.setups.reserveCapacity(triangles.count)
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for (i, t) in triangles.enumerated() {
            if i == polygonsAfter { plan.polygonsAfter = plan.setups.count }
            guard let s = Setup(t, sampleWidth: sw, sampleHeight: sh) else { continue }
            plan.setups.append(s)
            minX = min(minX, s.minX); maxX = max(maxX, s.maxX); minY = min(minY, s.minY); maxY = max(maxY, s.maxY)
        }
        if polygonsAfter >= triangles.count { plan.polygonsAfter = plan.setups.count }
        for var polygon in polygons {
            let finite = polygon.points.allSatisfy { abs($0.x) < 1e9 && abs($0.y) < 1e9 }
            guard finite, !polygon.points.isEmpty, polygon.depth.x.isFinite, polygon.depth.y.isFinite, polygon.depth.z.isFinite else { continue }
            let low = polygon.points.reduce(SIMD2<Float>(repeating: .infinity)) { pointwiseMin($0, $1) }
            let high = polygon.points.reduce(SIMD2<Float>(repeating: -.infinity)) { pointwiseMax($0, $1) }
            polygon.minX = max(0, Int(low.x.rounded(.down)) - 1); polygon.maxX = min(sw - 1, Int(high.x.rounded(.up)) + 1)
            polygon.minY = max(0, Int(low.y.rounded(.down)) - 1); polygon.maxY = min(sh - 1, Int(high.y.rounded(.up)) + 1)
            guard polygon.minX <= polygon.maxX, polygon.minY <= polygon.maxY else { continue }
            plan.polygons.append(polygon)
            minX = min(minX, polygon.minX); maxX = max(maxX, polygon.maxX); minY = min(minY, polygon.minY); maxY = max(maxY, polygon.maxY)
        }
        guard !plan.isEmpty else { return plan }
        // Each band's triangles, in drawing order (counted, then placed).
        let bandCount = (sh + rows - 1) / rows
        var starts = [Int](repeating: 0, count: bandCount + 1)
        for s in plan.setups { for band in (s.minY / rows)...(s.maxY / rows) { starts[band + 1] += 1 } }
        for band in 0..<bandCount { starts[band + 1] += starts[band] }
        var order = [Int32](repeating: 0, count: starts[bandCount])
        var next = starts
        for (i, s) in plan.setups.enumerated() {
            for band in (s.minY / rows)...(s.maxY / rows) {
                order[next[band]] = Int32(i)
                next[band] += 1
            }
        }
        plan.starts = starts
        plan.order = order
        plan.x = minX / samples; plan.y = minY / samples
        plan.width = maxX / samples - plan.x + 1; plan.height = maxY / samples - plan.y + 1
        return plan
    }

    /// Draws the plan's triangles in order, averaging each pixel's samples into `pixels` (the
    /// plan's first pixel, transparent, rows `stride` apart).
    func draw(_ plan: Plan, into pixels: UnsafeMutablePointer<UInt32>, stride: Int) {
        guard !plan.isEmpty else { return }
        let rows = Self.bandRows
        let minY = plan.y * samples, maxY = (plan.y + plan.height) * samples - 1
        plan.setups.withUnsafeBufferPointer { setups in
            for band in (minY / rows)...(maxY / rows) {
                bandTop = band * rows
                let polygons = plan.polygons.filter { $0.minY < bandTop + rows && $0.maxY >= bandTop }
                guard plan.starts[band] < plan.starts[band + 1] || !polygons.isEmpty else { continue }
                var drewPolygons = polygons.isEmpty
                for k in plan.starts[band]..<plan.starts[band + 1] {
                    let i = Int(plan.order[k])
                    if !drewPolygons && i >= plan.polygonsAfter {
                        for polygon in polygons { fill(polygon) }
                        drewPolygons = true
                    }
                    fill(setups[i])
                }
                if !drewPolygons { for polygon in polygons { fill(polygon) } }
                resolveBand(into: pixels, stride: stride, x: plan.x, y: plan.y, width: plan.width, height: plan.height)
                clearBand()
            }
        }
    }

    /// The depth at sample (`x`, `y`) once every opaque triangle of `triangles` is drawn (minus
    /// infinity where none covers it): whether a point there is hidden.
    func depth(atSample x: Int, _ y: Int, among triangles: [Triangle], polygons: [Polygon] = []) -> Float {
        var nearest = -Float.infinity
        let cx = Float(x) + 0.5, cy = Float(y) + 0.5
        for polygon in polygons where !polygon.blend && polygon.contains(cx, cy) {
            let d = polygon.depth.x * cx + polygon.depth.y * cy + polygon.depth.z
            if d.isFinite { nearest = max(nearest, d) }
        }
        let fx = Float(x), fy = Float(y)
        for t in triangles where !t.blend && t.testsDepth {
            // Far from its corners: not this triangle (a sample wider each way than it can reach).
            guard fx >= min(t.a.x, t.b.x, t.c.x) - 2, fx <= max(t.a.x, t.b.x, t.c.x) + 2,
                  fy >= min(t.a.y, t.b.y, t.c.y) - 2, fy <= max(t.a.y, t.b.y, t.c.y) + 2 else { continue }
            guard let s = Setup(t, sampleWidth: sampleWidth, sampleHeight: sampleHeight), let d = s.depth(atSample: x, y) else { continue }
            nearest = max(nearest, d)
        }
        return nearest
    }

    /// A triangle ready to fill: corners snapped to a sixteenth of a sample, edges as integer
    /// functions, depth and colour as planes stepped along rows and columns.
    ///
    /// Samples exactly on an edge go to one side only (the top-left rule): triangles sharing an
    /// edge cover each sample along it once, with no crack and no seam.
    struct Setup {
        /// Edge u -> v: E(p) = (v - u) x (p - u), positive inside.
        struct Edge {
            let ux: Int64, uy: Int64, dx: Int64, dy: Int64
            /// -1 where a sample exactly on the edge is outside (top-left rule), else 0.
            let bias: Int64
            init(_ ux: Int64, _ uy: Int64, _ vx: Int64, _ vy: Int64) {
                self.ux = ux; self.uy = uy; dx = vx - ux; dy = vy - uy
                bias = dy < 0 || (dy == 0 && dx > 0) ? 0 : -1
            }
            @inline(__always) func at(_ px: Int64, _ py: Int64) -> Int64 { dx * (py - uy) - dy * (px - ux) }
        }
        let minX: Int, maxX: Int, minY: Int, maxY: Int
        let e0: Edge, e1: Edge, e2: Edge
        let inverse: Float
        let base: Corner
        let da: Float, db: Float
        let ca: SIMD4<Float>, cb: SIMD4<Float>
        let depthStep: Float, depthDown: Float
        let colourStep: SIMD4<Float>, colourDown: SIMD4<Float>
        let fixedStep: SIMD4<Int32>, fixedDown: SIMD4<Int32>
        /// Where an edge's value, stepping along a row, turns negative: 1 / its step.
        let across0: Float, across1: Float, across2: Float
        let blend: Bool, testsDepth: Bool, behind: Bool

        init?(_ t: Triangle, sampleWidth sw: Int, sampleHeight sh: Int) {
            func snap(_ v: Float) -> Int64? {
                let s = (v * 16).rounded()
                // Within 2^29 sixteenths of a sample, edge values (products of two differences) stay
                // well inside 64 bits; a corner beyond that (just in front of the camera) drops its triangle.
                return s.isFinite && abs(s) < 536_870_912 ? Int64(s) : nil
            }
            guard let ax = snap(t.a.x), let ay = snap(t.a.y), var bx = snap(t.b.x), var by = snap(t.b.y),
                  var cx = snap(t.c.x), var cy = snap(t.c.y) else { return nil }
            let a = t.a
            var b = t.b, c = t.c
            var area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
            guard area != 0 else { return nil }
            if area < 0 {
                swap(&b, &c); swap(&bx, &cx); swap(&by, &cy)
                area = -area
            }
            minX = max(0, Int(min(ax, bx, cx) >> 4)); maxX = min(sw - 1, Int(max(ax, bx, cx) >> 4) + 1)
            minY = max(0, Int(min(ay, by, cy) >> 4)); maxY = min(sh - 1, Int(max(ay, by, cy) >> 4) + 1)
            guard minX <= maxX, minY <= maxY else { return nil }
            // Each edge's weight is the opposite corner's.
            e0 = Edge(bx, by, cx, cy); e1 = Edge(cx, cy, ax, ay); e2 = Edge(ax, ay, bx, by)
            inverse = 1 / Float(area)
            base = c
            da = a.depth - c.depth; db = b.depth - c.depth
            ca = a.color - c.color; cb = b.color - c.color
            let l0x = Float(-e0.dy * 16) * inverse, l1x = Float(-e1.dy * 16) * inverse
            let l0y = Float(e0.dx * 16) * inverse, l1y = Float(e1.dx * 16) * inverse
            depthStep = l0x * da + l1x * db
            depthDown = l0y * da + l1y * db
            colourStep = ca * l0x + cb * l1x
            colourDown = ca * l0y + cb * l1y
            fixedStep = DepthRaster.fixed(colourStep * 16_711_680)
            fixedDown = DepthRaster.fixed(colourDown * 16_711_680)
            let s0 = -e0.dy * 16, s1 = -e1.dy * 16, s2 = -e2.dy * 16
            across0 = s0 == 0 ? 0 : 1 / Float(s0); across1 = s1 == 0 ? 0 : 1 / Float(s1); across2 = s2 == 0 ? 0 : 1 / Float(s2)
            blend = t.blend || t.behind
            testsDepth = t.testsDepth
            behind = t.behind
        }

        /// The triangle's depth at a sample it covers.
        func depth(atSample x: Int, _ y: Int) -> Float? {
            guard x >= minX, x <= maxX, y >= minY, y <= maxY else { return nil }
            let px = Int64(x) * 16 + 8, py = Int64(y) * 16 + 8
            let w0 = e0.at(px, py) + e0.bias, w1 = e1.at(px, py) + e1.bias, w2 = e2.at(px, py) + e2.bias
            guard w0 | w1 | w2 >= 0 else { return nil }
            return base.depth + Float(w0 - e0.bias) * inverse * da + Float(w1 - e1.bias) * inverse * db
        }
    }

    /// Fills the part of a triangle in the current band.
    private func fill(_ s: Setup) {
        let sw = sampleWidth
        let top = max(s.minY, bandTop), bottom = min(s.maxY, bandTop + Self.bandRows - 1)
        guard top <= bottom else { return }
        touched = touched.isEmpty ? s.minX..<(s.maxX + 1) : min(touched.lowerBound, s.minX)..<max(touched.upperBound, s.maxX + 1)
        let (e0, e1, e2) = (s.e0, s.e1, s.e2)
        let step0 = -e0.dy * 16, step1 = -e1.dy * 16, step2 = -e2.dy * 16
        let down0 = e0.dx * 16, down1 = e1.dx * 16, down2 = e2.dx * 16
        // The edge values, depth and colour at the first column of the first row, then stepped a
        // row at a time.
        let x0 = Int64(s.minX) * 16 + 8, y0 = Int64(top) * 16 + 8
        var row0 = e0.at(x0, y0) + e0.bias, row1 = e1.at(x0, y0) + e1.bias, row2 = e2.at(x0, y0) + e2.bias
        let lStart0 = Float(row0 - e0.bias) * s.inverse, lStart1 = Float(row1 - e1.bias) * s.inverse
        var depthRow = s.base.depth + lStart0 * s.da + lStart1 * s.db
        var colourRowF = s.base.color + s.ca * lStart0 + s.cb * lStart1
        // The opaque colour in fixed point (a 65536th of a level): the row's start stepped in integers.
        var fixedRow = Self.fixed(colourRowF * 16_711_680 + 32768)
        let (depthStep, depthDown, colourStep, colourDown, fixedStep, fixedDown) =
            (s.depthStep, s.depthDown, s.colourStep, s.colourDown, s.fixedStep, s.fixedDown)
        let (across0, across1, across2) = (s.across0, s.across1, s.across2)
        let blend = s.blend, testsDepth = s.testsDepth, behind = s.behind
        let minX = s.minX, span = s.maxX - s.minX
        colors.withUnsafeMutableBufferPointer { colors in
            depths.withUnsafeMutableBufferPointer { depths in
                for y in top...bottom {
                    defer {
                        row0 += down0; row1 += down1; row2 += down2
                        depthRow += depthDown
                        colourRowF += colourDown
                        fixedRow &+= fixedDown
                    }
                    // The row's samples inside every edge, from where each edge's value crosses
                    // zero (a sample wider each way; the exact tests below decide).
                    var first = 0, last = span
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
                    // The exact ends: the first and last samples inside every edge (a row's
                    // inside is one run), so the samples between need no edge test.
                    @inline(__always) func inside(_ k: Int) -> Bool {
                        let k = Int64(k)
                        return (row0 + k * step0) | (row1 + k * step1) | (row2 + k * step2) >= 0
                    }
                    while first <= last && !inside(first) { first += 1 }
                    while last >= first && !inside(last) { last -= 1 }
                    guard first <= last else { continue }
                    var depth = depthRow + Float(first) * depthStep
                    let row = (y - bandTop) * sw
                    let lo = row + first + minX, hi = row + last + minX
                    if blend {
                        var colour = colourRowF + colourStep * Float(first)
                        for i in lo...hi {
                            // Behind: only where what is there is nearer by more than rounding
                            // (a line's own visible part is not drawn over again).
                            let passes = behind ? depth < depths[i] - 1e-5 * (1 + abs(depths[i])) : !testsDepth || depth > depths[i]
                            if passes {
                                colors[i] = Self.pack(colour + Self.unpack(colors[i]) * (1 - colour.w))
                            }
                            depth += depthStep
                            colour += colourStep
                        }
                    } else {
                        // Opaque: the colour stepped in integers.
                        var colour = fixedRow &+ fixedStep &* SIMD4(repeating: Int32(truncatingIfNeeded: first))
                        for i in lo...hi {
                            if !testsDepth || depth > depths[i] {
                                let v = (colour &>> 16).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                                colors[i] = UInt32(truncatingIfNeeded: v.x) | UInt32(truncatingIfNeeded: v.y) << 8
                                    | UInt32(truncatingIfNeeded: v.z) << 16 | UInt32(truncatingIfNeeded: v.w) << 24
                                depths[i] = depth
                            }
                            depth += depthStep
                            colour &+= fixedStep
                        }
                    }
                }
            }
        }
    }

    /// Where rows cross a polygon's edges (the x, and +1 or -1 for the edge's direction), kept
    /// between rows.
    private var crossings: [(x: Float, winding: Int)] = []

    /// Fills the part of a polygon in the current band: each row's samples between crossings
    /// where the winding number is not zero.
    private func fill(_ polygon: Polygon) {
        let sw = sampleWidth
        let top = max(polygon.minY, bandTop), bottom = min(polygon.maxY, bandTop + Self.bandRows - 1)
        guard top <= bottom else { return }
        touched = touched.isEmpty ? polygon.minX..<(polygon.maxX + 1)
            : min(touched.lowerBound, polygon.minX)..<max(touched.upperBound, polygon.maxX + 1)
        let plane = polygon.depth, blend = polygon.blend, colour = polygon.color
        let packed = Self.pack(colour)
        colors.withUnsafeMutableBufferPointer { colors in
            depths.withUnsafeMutableBufferPointer { depths in
                for y in top...bottom {
                    let cy = Float(y) + 0.5
                    crossings.removeAll(keepingCapacity: true)
                    var start = 0
                    for end in polygon.ends {
                        guard end <= polygon.points.count, end > start else { continue }
                        for i in start..<end {
                            let p = polygon.points[i], q = polygon.points[i + 1 < end ? i + 1 : start]
                            guard (p.y <= cy) != (q.y <= cy) else { continue }
                            crossings.append((p.x + (cy - p.y) * (q.x - p.x) / (q.y - p.y), q.y > p.y ? 1 : -1))
                        }
                        start = end
                    }
                    guard crossings.count >= 2 else { continue }
                    // Few crossings a row: sorted in place by insertion.
                    for i in 1..<crossings.count {
                        let c = crossings[i]
                        var j = i - 1
                        while j >= 0 && crossings[j].x > c.x { crossings[j + 1] = crossings[j]; j -= 1 }
                        crossings[j + 1] = c
                    }
                    var winding = 0
                    let row = (y - bandTop) * sw
                    for k in 0..<(crossings.count - 1) {
                        winding += crossings[k].winding
                        guard winding != 0 else { continue }
                        // Samples whose centres lie in [this crossing, the next).
                        let first = max(Int((crossings[k].x - 0.5).rounded(.up)), polygon.minX)
                        let last = min(Int((crossings[k + 1].x - 0.5).rounded(.up)) - 1, polygon.maxX)
                        guard first <= last else { continue }
                        var depth = plane.x * (Float(first) + 0.5) + plane.y * cy + plane.z
                        if let texture = polygon.texture {
                            let alpha = colour.w
                            texture.rgba.withUnsafeBufferPointer { texels in
                                for x in first...last {
                                    let i = row + x
                                    if depth > depths[i] {
                                        let cx = Float(x) + 0.5
                                        let w = texture.map.2.x * cx + texture.map.2.y * cy + texture.map.2.z
                                        let u = (texture.map.0.x * cx + texture.map.0.y * cy + texture.map.0.z) / w
                                        let v = (texture.map.1.x * cx + texture.map.1.y * cy + texture.map.1.z) / w
                                        let c = texture.sample(texels, u, v) * alpha
                                        if c.w < 0.999 {
                                            colors[i] = Self.pack(c + Self.unpack(colors[i]) * (1 - c.w))
                                        } else {
                                            colors[i] = Self.pack(c)
                                            depths[i] = depth
                                        }
                                    }
                                    depth += plane.x
                                }
                            }
                            continue
                        }
                        for x in first...last {
                            let i = row + x
                            if depth > depths[i] {
                                if blend {
                                    colors[i] = Self.pack(colour + Self.unpack(colors[i]) * (1 - colour.w))
                                } else {
                                    colors[i] = packed
                                    depths[i] = depth
                                }
                            }
                            depth += plane.x
                        }
                    }
                }
            }
        }
    }

    /// A vector of floats as integers, rounded; what is not finite or out of range saturated.
    @inline(__always) static func fixed(_ v: SIMD4<Float>) -> SIMD4<Int32> {
        @inline(__always) func lane(_ x: Float) -> Int32 { x == x ? Int32(min(max(x, -2e9), 2e9).rounded(.toNearestOrEven)) : 0 }
        return SIMD4(lane(v.x), lane(v.y), lane(v.z), lane(v.w))
    }

    @inline(__always) static func pack(_ c: SIMD4<Float>) -> UInt32 {
        let v = (c.clamped(lowerBound: .zero, upperBound: .one) * 255 + 0.5)
        return UInt32(v.x) | UInt32(v.y) << 8 | UInt32(v.z) << 16 | UInt32(v.w) << 24
    }

    @inline(__always) static func unpack(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24)) / 255
    }

    /// Averages the band's samples into `out` (pixel (`x`, `y`), rows `stride` apart, the
    /// pixels from there `width` x `height` written at most): each pixel the mean of its `samples` x `samples` samples (two bytes a channel while
    /// summing, so no channel spills).
    private func resolveBand(into out: UnsafeMutablePointer<UInt32>, stride pw: Int, x px: Int, y py: Int, width: Int, height ph: Int) {
        guard !touched.isEmpty else { return }
        let s = samples, sw = sampleWidth, n = UInt32(s * s)
        // Samples a pixel a power of two: divide by shifting, rounding half up in both lanes.
        let shift: UInt32? = n.nonzeroBitCount == 1 ? UInt32(n.trailingZeroBitCount) : nil
        let roundingLanes = (n / 2) | (n / 2) << 16
        let firstY = max(bandTop / s, py), lastY = min((bandTop + Self.bandRows) / s, self.height, py + ph)
        let firstX = max(touched.lowerBound / s, px), lastX = min((touched.upperBound + s - 1) / s, self.width, px + width)
        guard firstY < lastY, firstX < lastX else { return }
        colors.withUnsafeBufferPointer { colors in
            do {
                if s == 2 {
                    // Two by two: each pixel's four samples summed lane by lane, rounded, halved twice.
                    for y in firstY..<lastY {
                        let outRow = (y - py) * pw - px
                        let top = (2 * y - bandTop) * sw, bottom = top + sw
                        for x in firstX..<lastX {
                            let p0 = colors[top + 2 * x], p1 = colors[top + 2 * x + 1], p2 = colors[bottom + 2 * x], p3 = colors[bottom + 2 * x + 1]
                            let even = (p0 & 0x00FF_00FF) &+ (p1 & 0x00FF_00FF) &+ (p2 & 0x00FF_00FF) &+ (p3 & 0x00FF_00FF) &+ 0x0002_0002
                            let odd = (p0 >> 8 & 0x00FF_00FF) &+ (p1 >> 8 & 0x00FF_00FF) &+ (p2 >> 8 & 0x00FF_00FF) &+ (p3 >> 8 & 0x00FF_00FF) &+ 0x0002_0002
                            out[outRow + x] = (even >> 2 & 0x00FF_00FF) | (odd >> 2 & 0x00FF_00FF) << 8
                        }
                    }
                    return
                }
                for y in firstY..<lastY {
                    let outRow = (y - py) * pw - px
                    for x in firstX..<lastX {
                        var even: UInt32 = 0, odd: UInt32 = 0
                        for dy in 0..<s {
                            let row = (y * s + dy - bandTop) * sw + x * s
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
                            out[outRow + x] = e | o << 8
                        } else {
                            let half = n / 2
                            let r = ((even & 0xFFFF) + half) / n, b = ((even >> 16) + half) / n
                            let g = ((odd & 0xFFFF) + half) / n, a = ((odd >> 16) + half) / n
                            out[outRow + x] = r | g << 8 | b << 16 | a << 24
                        }
                    }
                }
            }
        }
    }

    /// Clears the band where it was drawn: colour to transparent, depth to farthest.
    private func clearBand() {
        guard !touched.isEmpty else { return }
        let sw = sampleWidth
        colors.withUnsafeMutableBufferPointer { colors in
            depths.withUnsafeMutableBufferPointer { depths in
                for y in 0..<Self.bandRows {
                    let start = y * sw + touched.lowerBound
                    (colors.baseAddress! + start).update(repeating: 0, count: touched.count)
                    (depths.baseAddress! + start).update(repeating: -.infinity, count: touched.count)
                }
            }
        }
        touched = 0..<0
    }
}

/// Rasters kept between frames, a few of each size (a render keeps one size; one drawing uses
/// a raster at a time: taken, drawn, given back).
enum DepthRasterPool {
    private static let kept = Mutex<[Int: [DepthRaster]]>([:])
    private static let most = 4

    private static func key(_ width: Int, _ height: Int, _ samples: Int) -> Int { (width << 32) | (height << 4) | samples }

    static func take(width: Int, height: Int, samples: Int) -> DepthRaster {
        let k = key(width, height, samples)
        if let raster = kept.withLock({ $0[k]?.popLast() }) { return raster }
        return DepthRaster(width: width, height: height, samples: samples)
    }

    static func giveBack(_ raster: DepthRaster) {
        let k = key(raster.width, raster.height, raster.samples)
        kept.withLock { pool in
            // Other sizes go: memory is not held for sizes a render left.
            for other in pool.keys where other != k { pool[other] = nil }
            if pool[k, default: []].count < most { pool[k, default: []].append(raster) }
        }
    }
}
