import Foundation

/// Exact coverage for the pixels where separate contours meet.
///
/// Signed-area accumulation is exact while a pixel holds one boundary: its winding then takes two
/// neighbouring values. Where contours coincide or cross inside a pixel (the same circle twice,
/// overlapping shapes, a figure-eight, a stroke's inner corner) the average winding no longer
/// tells how much of the pixel is inside. The rasterizer flags those pixels; this resolver
/// recomputes them from the edges: the row is cut into slabs at every end point and crossing,
/// in each slab the edges are ordered left to right and only those where the inside changes
/// (under the fill rule) are kept, and their exact areas are summed as for a single boundary.
///
/// Owned by one rasterizer; its buffers are kept between shapes.
final class UnionCoverage {
    /// A downward edge in device pixels, already clipped to the frame; `sign` is +1 or -1.
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var sign: Int
        @inline(__always) func x(at y: Double) -> Double { y >= y1 ? x1 : x0 + (y - y0) * dxdy }
    }

    /// An edge's part inside one row.
    private struct Piece {
        var xTop: Double, yTop: Double, xBottom: Double, yBottom: Double
        var left: Double, right: Double
        var sign: Int
        @inline(__always) func x(at y: Double) -> Double {
            yBottom > yTop ? xTop + (y - yTop) * (xBottom - xTop) / (yBottom - yTop) : xTop
        }
    }

    private struct Crossing { var x: Double; var xTop: Double; var xBottom: Double; var sign: Int }
    private struct WindingEvent { var y: Double; var change: Int }

    let width: Int
    private let height: Int
    /// Exact coverage of the flagged pixels of the row last resolved.
    let exact: UnsafeMutablePointer<Float>
    private var edges: [Edge] = []
    private var order: [Int32] = []
    private let bucketStart: UnsafeMutablePointer<Int32>
    private var firstRow = 0
    private var nextRow = 0
    private var active: [Int32] = []
    private var pieces: [Piece] = []
    private var relevant: [Int32] = []
    private var breaks: [Double] = []
    private var slab: [Crossing] = []
    private var events: [WindingEvent] = []
    /// Per window pixel: exact area of the boundaries crossing it, and (summed from the left)
    /// the area of those wholly to its left.
    private var area: [Double]
    private var tail: [Double]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        exact = .allocate(capacity: width + 2)
        exact.initialize(repeating: 0, count: width + 2)
        area = Array(repeating: 0, count: width + 1)
        tail = Array(repeating: 0, count: width + 2)
        bucketStart = .allocate(capacity: height + 2)
        bucketStart.initialize(repeating: 0, count: height + 2)
    }

    deinit {
        exact.deallocate()
        bucketStart.deallocate()
    }

    /// Forgets the edges of the previous shape.
    func removeAll() {
        edges.removeAll(keepingCapacity: true)
        active.removeAll(keepingCapacity: true)
    }

    /// Records one clipped downward edge.
    @inline(__always)
    func append(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ sign: Float) {
        edges.append(Edge(x0: x0, y0: y0, x1: x1, y1: y1, dxdy: (x1 - x0) / (y1 - y0), sign: sign > 0 ? 1 : -1))
    }

    /// Sorts the recorded edges by their first row, ready for rows `rows` visited in order. Edges
    /// that start above `rows` (a band's) keep their own rows, so every row sees its edges in the
    /// same order whichever rows come first.
    func prepare(rows: ClosedRange<Int>) {
        var lo = rows.lowerBound
        let hi = rows.upperBound
        for e in edges where Int(e.y0) < lo { lo = Int(e.y0) }
        firstRow = lo
        nextRow = lo
        let count = hi - lo + 2
        for i in 0..<count { bucketStart[i] = 0 }
        @inline(__always) func bucket(_ e: Edge) -> Int { min(max(Int(e.y0), lo), hi) - lo }
        for e in edges { bucketStart[bucket(e) + 1] += 1 }
        for i in 1..<count { bucketStart[i] += bucketStart[i - 1] }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: edges.count))
        // bucketStart[b] is used as the fill position of bucket b, then restored.
        for (i, e) in edges.enumerated() {
            let b = bucket(e)
            order[Int(bucketStart[b])] = Int32(i)
            bucketStart[b] += 1
        }
        for i in stride(from: count - 1, to: 0, by: -1) { bucketStart[i] = bucketStart[i - 1] }
        bucketStart[0] = 0
    }

    /// Computes `exact` for the flagged pixels of `row`; `flags` holds one bit per pixel.
    func resolve(row: Int, flags: UnsafePointer<UInt8>, rule: FillRule) {
        // Edges that start at or above this row join the active list; those that end above it leave.
        while nextRow <= row {
            let b = nextRow - firstRow
            for k in Int(bucketStart[b])..<Int(bucketStart[b + 1]) { active.append(order[k]) }
            nextRow += 1
        }
        let top = Double(row), bottom = Double(row + 1)
        var kept = 0
        pieces.removeAll(keepingCapacity: true)
        for k in active.indices {
            let e = edges[Int(active[k])]
            if e.y1 <= top { continue }
            active[kept] = active[k]
            kept += 1
            let yTop = max(e.y0, top), yBottom = min(e.y1, bottom)
            guard yBottom > yTop else { continue }
            let xTop = e.x(at: yTop), xBottom = e.x(at: yBottom)
            pieces.append(Piece(xTop: xTop, yTop: yTop, xBottom: xBottom, yBottom: yBottom,
                                left: min(xTop, xBottom), right: max(xTop, xBottom), sign: e.sign))
        }
        active.removeLast(active.count - kept)
        // Each run of flagged pixels is one window.
        var runStart = -1, x = 0
        while x < width {
            let byte = flags[x >> 3]
            if byte == 0 && x & 7 == 0 {
                if runStart >= 0 { resolveWindow(runStart, x, top: top, bottom: bottom, rule: rule); runStart = -1 }
                x += 8
                continue
            }
            if byte & (1 << UInt8(x & 7)) != 0 {
                if runStart < 0 { runStart = x }
            } else if runStart >= 0 {
                resolveWindow(runStart, x, top: top, bottom: bottom, rule: rule)
                runStart = -1
            }
            x += 1
        }
        if runStart >= 0 { resolveWindow(runStart, width, top: top, bottom: bottom, rule: rule) }
    }

    /// More pieces than this in one window (wild outlines: thousands of segments over a few
    /// pixels) are resolved on sub-rows instead, so the cost stays bounded.
    static let exactLimit = 32
    static let subRows = 16

    private func resolveWindow(_ a: Int, _ b: Int, top: Double, bottom: Double, rule: FillRule) {
        let lo = Double(a), hi = Double(b)
        relevant.removeAll(keepingCapacity: true)
        breaks.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        breaks.append(top)
        breaks.append(bottom)
        // The winding just left of the window comes from the pieces wholly to its left; where one
        // starts or ends inside the row (through a horizontal edge, or the next piece), it changes.
        var leftWinding = 0
        for (i, p) in pieces.enumerated() where p.left < hi {
            let interiorTop = p.yTop > top, interiorBottom = p.yBottom < bottom
            if interiorTop { breaks.append(p.yTop) }
            if interiorBottom { breaks.append(p.yBottom) }
            if p.right > lo {
                relevant.append(Int32(i))
                continue
            }
            if interiorTop { events.append(WindingEvent(y: p.yTop, change: p.sign)) } else { leftWinding += p.sign }
            if interiorBottom { events.append(WindingEvent(y: p.yBottom, change: -p.sign)) }
        }
        Self.sort(&events) { $0.y < $1.y }
        for j in 0...(b - a) { tail[j] = 0 }
        for j in 0..<(b - a) { area[j] = 0 }
        @inline(__always) func inside(_ w: Int) -> Bool {
            switch rule {
            case .nonZero: return w != 0
            case .evenOdd: return w & 1 != 0
            }
        }
        if relevant.count > Self.exactLimit {
            resolveOnSubRows(a, b, top: top, leftWinding: leftWinding, inside: inside)
            return
        }
        // Where two pieces cross, their order changes: a slab ends there.
        for m in relevant.indices {
            let p = pieces[Int(relevant[m])]
            for n in (m + 1)..<relevant.count {
                let q = pieces[Int(relevant[n])]
                let y0 = max(p.yTop, q.yTop), y1 = min(p.yBottom, q.yBottom)
                guard y1 > y0 else { continue }
                let d0 = p.x(at: y0) - q.x(at: y0), d1 = p.x(at: y1) - q.x(at: y1)
                if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) {
                    breaks.append(y0 + (y1 - y0) * (d0 / (d0 - d1)))
                }
            }
        }
        Self.sort(&breaks) { $0 < $1 }
        var next = 0
        for s in 1..<breaks.count {
            let y0 = breaks[s - 1], y1 = breaks[s]
            let dy = y1 - y0
            guard dy > 1e-12 else { continue }
            let mid = 0.5 * (y0 + y1)
            while next < events.count && events[next].y <= mid { leftWinding += events[next].change; next += 1 }
            slab.removeAll(keepingCapacity: true)
            for i in relevant {
                let p = pieces[Int(i)]
                guard p.yTop <= mid && mid < p.yBottom else { continue }
                slab.append(Crossing(x: p.x(at: mid), xTop: p.x(at: y0), xBottom: p.x(at: y1), sign: p.sign))
            }
            Self.sort(&slab) { $0.x < $1.x }
            // Only the pieces where inside and outside meet bound the union; each adds its exact
            // area as a single edge would.
            var winding = leftWinding
            var wasInside = inside(winding)
            if wasInside { tail[0] += dy }
            for c in slab {
                winding += c.sign
                let isInside = inside(winding)
                guard isInside != wasInside else { continue }
                wasInside = isInside
                let delta = isInside ? dy : -dy
                // Pixels wholly right of the piece gain all of it, those left of it nothing.
                let first = max(Int(min(c.xTop, c.xBottom).rounded(.down)), a)
                let past = min(Int(max(c.xTop, c.xBottom).rounded(.down)) + 1, b)
                if first >= b { continue }
                for j in first..<max(past, first) { area[j - a] += delta * Self.shareRight(of: j, c.xTop, c.xBottom) }
                tail[max(past, first) - a] += delta
            }
        }
        finishWindow(a, b)
    }

    /// Coverage from `subRows` scanlines through the row, each exact along x.
    private func resolveOnSubRows(_ a: Int, _ b: Int, top: Double, leftWinding start: Int, inside: (Int) -> Bool) {
        let lo = Double(a), hi = Double(b)
        let weight = 1 / Double(Self.subRows)
        var leftWinding = start, next = 0
        for k in 0..<Self.subRows {
            let y = top + (Double(k) + 0.5) * weight
            while next < events.count && events[next].y <= y { leftWinding += events[next].change; next += 1 }
            slab.removeAll(keepingCapacity: true)
            for i in relevant {
                let p = pieces[Int(i)]
                guard p.yTop <= y && y < p.yBottom else { continue }
                let x = p.x(at: y)
                slab.append(Crossing(x: x, xTop: x, xBottom: x, sign: p.sign))
            }
            Self.sort(&slab) { $0.x < $1.x }
            var winding = leftWinding
            var from: Double? = inside(winding) ? lo : nil
            @inline(__always) func cover(_ x0: Double, _ x1: Double) {
                let l = max(x0, lo), r = min(x1, hi)
                guard r > l else { return }
                var j = Int(l.rounded(.down))
                while Double(j) < r && j < b {
                    let overlap = min(r, Double(j + 1)) - max(l, Double(j))
                    if overlap > 0 { area[j - a] += overlap * weight }
                    j += 1
                }
            }
            for c in slab {
                winding += c.sign
                let isInside = inside(winding)
                if isInside, from == nil { from = c.x }
                if !isInside, let f = from { cover(f, c.x); from = nil }
            }
            if let f = from { cover(f, hi) }
        }
        finishWindow(a, b)
    }

    private func finishWindow(_ a: Int, _ b: Int) {
        var whole = 0.0
        for j in 0..<(b - a) {
            whole += tail[j]
            exact[a + j] = Float(min(max(area[j] + whole, 0), 1))
        }
    }

    private static func sort<T>(_ a: inout [T], by less: (T, T) -> Bool) {
        guard a.count > 1 else { return }
        if a.count > 16 { a.sort(by: less); return }
        for i in 1..<a.count {
            let v = a[i]
            var j = i
            while j > 0 && less(v, a[j - 1]) { a[j] = a[j - 1]; j -= 1 }
            a[j] = v
        }
    }

    /// The share of pixel `i`'s width to the right of a segment from `xa` to `xb`, averaged over
    /// the segment (the rasterizer's single-edge formula).
    @inline(__always)
    static func shareRight(of i: Int, _ xa: Double, _ xb: Double) -> Double {
        let edge = Double(i + 1)
        let l = min(xa, xb), r = max(xa, xb)
        if r - l < 1e-9 { return min(max(edge - 0.5 * (l + r), 0), 1) }
        @inline(__always) func integral(_ t: Double) -> Double { t <= 0 ? 0 : (t < 1 ? 0.5 * t * t : t - 0.5) }
        return (integral(edge - l) - integral(edge - r)) / (r - l)
    }
}
