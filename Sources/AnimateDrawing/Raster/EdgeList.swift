import CKernels
import Foundation

/// Shapes' edges as the rasterizer adds them: clipped to the frame, pointing down, each with its
/// rows and, for a contour that marks crossings, the chain it belongs to (`CrossingDetector`).
///
/// Built once per shape; a recording keeps its shapes' edges here, binned by bands of 32 rows,
/// so that every band of a banded canvas adds only the edges that reach it, in their order.
final class EdgeList {
    /// One clipped edge (`ak_edge`): `x0, y0` to `x1, y1` downward inside the frame (or, for a
    /// horizontal mark, a horizontal edge of a marking contour from `x0` to `x1` at `y0`, which
    /// adds no area but marks the pixels it crosses), its rows `first_row...last_row`, and for an
    /// edge that marks, its chain and the chains next to it along its contour.
    typealias Edge = ak_edge

    /// What an edge does (`Edge.kind`).
    enum Kind {
        static let plain: UInt8 = 0, marking: UInt8 = 1, horizontal: UInt8 = 2
    }

    /// One shape's edges: `edges` in `EdgeList.edges`; when binned, `binStarts[bins]` are the
    /// starts of its bins' entries in `EdgeList.binned`, bin `firstBin` first.
    struct Shape {
        var edges: Range<Int>
        /// The rows its edges reach, and the columns its coverage can (right of every edge the
        /// winding is back to zero).
        var rows: Range<Int>
        var columns: Range<Int>
        var bins: Range<Int>
        var firstBin: Int
        /// Whether any of its contours marks crossings.
        var marks: Bool
    }

    static let binShift = 5

    let width: Int
    let height: Int
    /// The edges, shape after shape.
    private(set) var edges = Storage<Edge>()
    /// Per bin of a shape, its edges that reach the bin's rows, in order (copies: a band reads
    /// its bins' edges one after another).
    private(set) var binned = Storage<Edge>()
    private(set) var binStarts = Storage<Int32>()

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    deinit {
        edges.deallocate()
        binned.deallocate()
        binStarts.deallocate()
    }

    func removeAll() {
        edges.count = 0
        binned.count = 0
        binStarts.count = 0
    }

    /// A growing run of plain values that the rasterizer reads through its pointer (no reference
    /// counting or exclusivity checks per edge); its owner deallocates it.
    struct Storage<Element: BitwiseCopyable> {
        private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 64)
        var count = 0
        private var capacity = 64

        @inline(__always) subscript(i: Int) -> Element {
            get { base[i] }
            nonmutating set { base[i] = newValue }
        }

        @inline(__always) mutating func append(_ element: Element) {
            if count == capacity { reserve(count + 1) }
            (base + count).initialize(to: element)
            count += 1
        }

        /// Room for `total` elements, the first `count` kept.
        mutating func reserve(_ total: Int) {
            guard total > capacity else { return }
            let grown = max(total, capacity * 2)
            let fresh = UnsafeMutablePointer<Element>.allocate(capacity: grown)
            fresh.moveInitialize(from: base, count: count)
            base.deallocate()
            base = fresh
            capacity = grown
        }

        func deallocate() { base.deallocate() }
    }

    /// Adds the contours `contours` of `polylines` as one shape's closed polygon edges. `simple`
    /// says the contours never cross or hold two boundaries in one pixel that could (nested
    /// convex loops of a stroke): nothing marks. `binned` also sorts them into bins of rows.
    func append(_ polylines: Polylines, contours: Range<Int>, simple: Bool, binned bins: Bool) -> Shape {
        var out = edges
        defer { edges = out }
        let first = out.count
        var chains = ContourChains()
        var marks = false
        let alone = simple || contours.count == 1
        let clipper = Clipper(width: Double(width), height: Double(height), lastRow: height - 1)
        polylines.points.withUnsafeBufferPointer { pts in
            var start = polylines.range(ofContour: contours.lowerBound).lowerBound
            for i in contours {
                let end = polylines.contours[i].end
                if end - start >= 2 {
                    let marking = !simple && chains.begin(contour: pts, start, end, alone: alone)
                    marks = marks || marking
                    var prev = pts[end - 1]
                    for k in start..<end {
                        let p = pts[k]
                        if marking { chains.follow(from: prev.y, to: p.y) }
                        clipper.clip(prev.x, prev.y, p.x, p.y, marking: marking, chains: chains, into: &out)
                        prev = p
                    }
                }
                start = end
            }
        }
        var top = Int32.max, bottom = Int32.min
        var left = Double.infinity, right = -Double.infinity
        for i in first..<out.count {
            let e = out[i]
            top = min(top, e.first_row)
            bottom = max(bottom, e.last_row)
            left = min(left, min(e.x0, e.x1))
            right = max(right, max(e.x0, e.x1))
        }
        var columns = 0..<0
        if left <= right {
            let a = Int(left.rounded(.down)), b = min(Int(right.rounded(.down)) + 1, width)
            if a < b { columns = a..<b }
        }
        var shape = Shape(edges: first..<out.count, rows: top <= bottom ? Int(top)..<Int(bottom) + 1 : 0..<0,
                          columns: columns, bins: 0..<0, firstBin: 0, marks: marks)
        if bins { bin(&shape, out) }
        return shape
    }

    /// Calls `body` with runs of `shape`'s edges and the rows of `rows` each is to be added in:
    /// one run a bin when the shape is binned (a row is in one bin, whose edges keep their
    /// order, so each row's cells add the same edges in the same order as without bins), else
    /// all its edges at once.
    @inline(__always)
    func forEachRun(of shape: Shape, rows: Range<Int>,
                    _ body: (_ run: UnsafePointer<Edge>, _ count: Int, _ top: Int, _ bottom: Int) -> Void) {
        let top = rows.lowerBound, bottom = rows.upperBound - 1
        guard !shape.bins.isEmpty else { return body(edges.base + shape.edges.lowerBound, shape.edges.count, top, bottom) }
        let shift = Self.binShift
        let firstBin = max(shape.firstBin, top >> shift)
        let lastBin = min(shape.firstBin + shape.bins.count - 2, bottom >> shift)
        guard firstBin <= lastBin else { return }
        let starts = binStarts.base + shape.bins.lowerBound - shape.firstBin
        for b in firstBin...lastBin {
            let start = Int(starts[b])
            body(binned.base + start, Int(starts[b + 1]) - start, max(b << shift, top), min(((b + 1) << shift) - 1, bottom))
        }
    }

    /// Sorts a shape's edges into bins of `1 << binShift` rows (an edge goes into every bin it
    /// reaches), keeping their order in each.
    private func bin(_ shape: inout Shape, _ edges: Storage<Edge>) {
        guard !shape.rows.isEmpty else { return }
        let firstBin = shape.rows.lowerBound >> Self.binShift
        let count = ((shape.rows.upperBound - 1) >> Self.binShift) - firstBin + 1
        // Each bin's count, then its start: binStarts[slot + b] is bin b's first entry.
        let slot = binStarts.count
        binStarts.reserve(slot + count + 1)
        for b in 0...count { binStarts.append(b == 0 ? Int32(binned.count) : 0) }
        let starts = binStarts.base + slot
        var total = 0
        for i in shape.edges {
            let e = edges[i]
            let a = Int(e.first_row) >> Self.binShift, z = Int(e.last_row) >> Self.binShift
            for b in a...z { starts[b - firstBin + 1] += 1 }
            total += z - a + 1
        }
        for b in 1...count { starts[b] += starts[b - 1] }
        binned.reserve(binned.count + total)
        // starts[b] serves as bin b's next free entry, then moves back.
        let entries = binned.base
        for i in shape.edges {
            let e = edges[i]
            for b in (Int(e.first_row) >> Self.binShift)...(Int(e.last_row) >> Self.binShift) {
                (entries + Int(starts[b - firstBin])).initialize(to: e)
                starts[b - firstBin] += 1
            }
        }
        for b in stride(from: count, to: 0, by: -1) { starts[b] = starts[b - 1] }
        starts[0] = Int32(binned.count)
        binned.count += total
        shape.bins = slot..<(slot + count + 1)
        shape.firstBin = firstBin
    }

}

/// Clips edges to a frame and points them down (`EdgeList`).
struct Clipper {
    let width: Double
    let height: Double
    let lastRow: Int

    /// Clips an edge to the frame, points it down and appends it (in up to three parts: outside
    /// the frame on the left or right an edge is projected onto the frame's side, where it still
    /// changes the winding of every pixel to its right). Non-finite edges are dropped.
    @inline(__always)
    func clip(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, marking: Bool, chains: ContourChains,
              into out: inout EdgeList.Storage<EdgeList.Edge>) {
        guard ay != by, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else {
            if marking && ay == by { appendHorizontal(ax, bx, ay, chains, &out) }
            return
        }
        var x0 = ax, y0 = ay, x1 = bx, y1 = by, sign: Float = 1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); sign = -1 }
        let h = height
        if y1 <= 0 || y0 >= h { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        if y0 < 0 { x0 += (0 - y0) * dxdy; y0 = 0 }
        if y1 > h { x1 = x0 + (h - y0) * dxdy; y1 = h }
        let w = width
        var cutA = Double.infinity, cutB = Double.infinity
        if x0 != x1 {
            let dydx = (y1 - y0) / (x1 - x0)
            if (x0 < 0) != (x1 < 0) { cutA = min(max(y0 + (0 - x0) * dydx, y0), y1) }
            if (x0 < w) != (x1 < w) { cutB = min(max(y0 + (w - x0) * dydx, y0), y1) }
            if cutB < cutA { swap(&cutA, &cutB) }
        }
        @inline(__always) func clampedX(_ y: Double) -> Double { min(max(x0 + (y - y0) * dxdy, 0), w) }
        var prevY = y0, prevX = min(max(x0, 0), w)
        if cutA < y1 {
            let x = clampedX(cutA)
            if cutA > prevY { appendClipped(prevX, prevY, x, cutA, sign, marking, chains, &out) }
            prevY = cutA; prevX = x
        }
        if cutB < y1 {
            let x = clampedX(cutB)
            if cutB > prevY { appendClipped(prevX, prevY, x, cutB, sign, marking, chains, &out) }
            prevY = cutB; prevX = x
        }
        if y1 > prevY { appendClipped(prevX, prevY, min(max(x1, 0), w), y1, sign, marking, chains, &out) }
    }

    @inline(__always)
    private func appendClipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ sign: Float, _ marking: Bool,
                               _ chains: ContourChains, _ out: inout EdgeList.Storage<EdgeList.Edge>) {
        let firstRow = Int32(y0), lastRow = Int32(min(Int(y1.rounded(.up)) - 1, lastRow))
        out.append(EdgeList.Edge(x0: x0, y0: y0, x1: x1, y1: y1, dxdy: (x1 - x0) / (y1 - y0), sign: sign,
                                 first_row: firstRow, last_row: lastRow, chain: chains.chain, before: chains.before,
                                 after: chains.after, kind: marking ? EdgeList.Kind.marking : EdgeList.Kind.plain))
    }

    /// A horizontal edge inside a row adds no area of its own (the edges at its ends carry it), but
    /// the winding changes across it: it marks the pixels it crosses like any other boundary.
    private func appendHorizontal(_ ax: Double, _ bx: Double, _ y: Double, _ chains: ContourChains, _ out: inout EdgeList.Storage<EdgeList.Edge>) {
        guard ax.isFinite, bx.isFinite, y.isFinite, y > 0, y < height, y.rounded(.down) != y else { return }
        let l = max(min(ax, bx), 0), r = min(max(ax, bx), width)
        guard r > l else { return }
        let row = Int32(y)
        out.append(EdgeList.Edge(x0: l, y0: y, x1: r, y1: y, dxdy: 0, sign: 0, first_row: row, last_row: row,
                                 chain: chains.chain, before: chains.before, after: chains.after, kind: EdgeList.Kind.horizontal))
    }
}

/// Numbers a shape's y-monotone runs (chains) as its contours are walked, for the crossing
/// detector: a pixel two chains cross that are not neighbours along their contour is resolved
/// exactly. Chains are numbered from 1 in every shape, so a shape's pixels do not depend on what
/// was drawn before it.
struct ContourChains {
    /// The chain being added, and the chains next to it along its contour.
    private(set) var chain: UInt16 = 1
    private(set) var before: UInt16 = 1
    private(set) var after: UInt16 = 1
    private var nextChain: UInt16 = 1
    /// The contour being walked: its first and second chains, its runs so far, the direction in y
    /// of its last edge, and whether its last run continues the first.
    private var firstChain: UInt16 = 0
    private var secondChain: UInt16 = 0
    private var run = 0
    private var runs = 0
    private var current = 0
    private var wraps = false

    @inline(__always) private static func direction(_ a: CGFloat, _ b: CGFloat) -> Int { a < b ? 1 : (a > b ? -1 : 0) }

    /// Starts the closed contour `pts[start..<end]`, to be walked edge by edge from the closing one
    /// (`follow` before each edge); returns whether it marks. A contour `alone` in its shape that
    /// turns in y only twice (anything convex in y: circles, blobs, rectangles) has two runs, each
    /// the other's neighbour, so it marks nothing.
    @inline(__always)
    mutating func begin(contour pts: UnsafeBufferPointer<CGPoint>, _ start: Int, _ end: Int, alone: Bool) -> Bool {
        // Runs: a new one starts wherever the direction in y turns. When the first edge does not
        // turn from the last, the last run continues the first and takes its chain.
        var first = 0, last = 0, inner = 0
        var y = pts[end - 1].y
        for k in start..<end {
            let next = pts[k].y
            let d = Self.direction(y, next)
            y = next
            guard d != 0 else { continue }
            if first == 0 { first = d } else if d != last { inner += 1 }
            last = d
        }
        wraps = first == last
        runs = inner + (wraps ? 0 : 1)
        guard !(alone && runs <= 2) else { return false }
        firstChain = newChain()
        secondChain = 0
        run = 0
        current = 0
        set(firstChain, before: firstChain, after: firstChain)
        return true
    }

    /// Called before each edge of a marking contour, from `y0` to `y1`: a new chain starts where
    /// the direction in y turns.
    @inline(__always)
    mutating func follow(from y0: CGFloat, to y1: CGFloat) {
        let d = Self.direction(y0, y1)
        if d != 0 && current != 0 && d != current {
            run += 1
            let previous = chain
            if wraps && run == runs {
                set(firstChain, before: previous, after: secondChain == 0 ? firstChain : secondChain)
            } else {
                let c = newChain()
                if run == 1 { secondChain = c }
                // The last run meets the first at the contour's start.
                set(c, before: previous, after: !wraps && run == runs - 1 ? firstChain : c)
            }
        }
        if d != 0 { current = d }
    }

    @inline(__always) private mutating func newChain() -> UInt16 {
        let c = nextChain
        nextChain &+= 1
        if nextChain == 0 { nextChain = 1 }
        return c
    }

    @inline(__always) private mutating func set(_ c: UInt16, before b: UInt16, after a: UInt16) {
        chain = c
        before = b
        after = a
    }
}
