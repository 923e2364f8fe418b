import CKernels
import Foundation

/// Scan converter with exact-area anti-aliasing.
///
/// Each line segment adds, to the cells of the rows it crosses, the signed area it sweeps,
/// stored as differences along the row; a running sum along the row then gives each pixel's
/// winding-weighted coverage (the approach of font-rs and vello_cpu). A bitmap of touched
/// 8-pixel blocks per row keeps the sweep sparse: untouched runs have constant coverage and
/// are emitted as solid spans (or skipped when empty), so cost follows the edges, not the area.
/// The sweep sums eight rows at once, one row a vector lane (`ak_sweep_rows`): each row's sum
/// still adds its cells one after another, left to right.
///
/// The running sum is exact where a pixel holds one boundary. `CrossingDetector` flags the
/// pixels where boundaries of a shape cross or meet, and `UnionCoverage` computes those from the
/// edges, so coinciding and crossing contours cover the union of their area under the fill rule.
///
/// One rasterizer is owned per canvas and reused for every shape; its buffers are kept. A
/// rasterizer for a band of rows (`rows`) computes those rows exactly as a whole-frame one does:
/// edges are clipped to the frame, not the band, and every row's values come from the edge's own
/// end points, not from the rows before it.
final class Rasterizer {
    let width: Int
    let height: Int
    /// The rows this rasterizer computes; its buffers hold only these.
    let rows: Range<Int>
    /// Cells per row: one per pixel plus two for contributions at and past the right edge.
    private let stride: Int
    private let wordsPerRow: Int
    /// Cells in columns of 8-pixel blocks: a block's eight cells of one row are contiguous, and
    /// the same block of the next row follows them, so an edge walking down its rows stays on
    /// the same cache lines and pages (`columnStride` cells from one block column to the next).
    private let cells: UnsafeMutablePointer<Float>
    private let columnStride: Int
    private let touched: UnsafeMutablePointer<UInt64>
    /// The cells and touched blocks as `ak_accumulate_edge` takes them.
    private let cellRows: UnsafeMutablePointer<ak_cell_rows>
    /// The sweep's eight rows: their coverage (`coverageStride` floats a row), the blocks any of
    /// them touched, and per block which of them has a pixel above the threshold.
    private let coverage: UnsafeMutablePointer<Float>
    private let coverageStride: Int
    private let groupTouched: UnsafeMutablePointer<UInt64>
    private let live: UnsafeMutablePointer<UInt8>
    private var minRow = Int.max
    private var maxRow = -1
    /// How far left and right the edges added since the last sweep reach (clamped to the frame).
    private var minX = Double.infinity
    private var maxX = -Double.infinity
    private let crossings: CrossingDetector
    /// The outlines added since the last sweep, walked again only when a pixel was flagged.
    private var pending: [(polylines: Polylines, contours: Range<Int>)] = []
    private let union: UnionCoverage

    static let blockShift = 3
    static let blockSize = 1 << blockShift
    /// Rows the sweep sums at once.
    static let groupSize = 8

    /// A rasterizer for a `width` x `height` frame computing `rows` of it (all by default).
    init(width: Int, height: Int, rows: Range<Int>? = nil) {
        self.width = width
        self.height = height
        self.rows = (rows ?? 0..<height).clamped(to: 0..<height)
        let count = self.rows.count
        // Whole groups of eight rows: the sweep reads a block of eight rows as 64 contiguous cells.
        let paddedCount = (count + Self.groupSize - 1) / Self.groupSize * Self.groupSize
        stride = width + 2
        let blocks = (stride + Self.blockSize - 1) >> Self.blockShift
        wordsPerRow = (blocks + 63) / 64
        columnStride = paddedCount * Self.blockSize
        cells = .allocate(capacity: blocks * columnStride)
        cells.initialize(repeating: 0, count: blocks * columnStride)
        touched = .allocate(capacity: wordsPerRow * paddedCount)
        touched.initialize(repeating: 0, count: wordsPerRow * paddedCount)
        cellRows = .allocate(capacity: 1)
        cellRows.initialize(to: ak_cell_rows(cells: cells, column_stride: columnStride, touched: touched,
                                             words_per_row: wordsPerRow, first_row: self.rows.lowerBound))
        coverageStride = blocks * Self.blockSize
        coverage = .allocate(capacity: Self.groupSize * coverageStride)
        coverage.initialize(repeating: 0, count: Self.groupSize * coverageStride)
        groupTouched = .allocate(capacity: wordsPerRow)
        groupTouched.initialize(repeating: 0, count: wordsPerRow)
        live = .allocate(capacity: blocks)
        live.initialize(repeating: 0, count: blocks)
        crossings = CrossingDetector(rows: self.rows, blocksPerRow: blocks)
        union = UnionCoverage(width: width, height: height)
    }

    deinit {
        cells.deallocate()
        touched.deallocate()
        cellRows.deallocate()
        coverage.deallocate()
        groupTouched.deallocate()
        live.deallocate()
    }

    /// Adds every contour of `polylines` as closed polygon edges. A sweep resolves the edges of
    /// one call (each shape is one call). `simple` says the contours never cross or hold two
    /// boundaries in one pixel that could (nested convex loops of a stroke): nothing is marked.
    func addPolygons(_ polylines: Polylines, simple: Bool = false) {
        addPolygons(polylines, contours: 0..<polylines.contours.count, simple: simple)
    }

    /// `addPolygons` for the contours `contours` of `polylines` only.
    func addPolygons(_ polylines: Polylines, contours: Range<Int>, simple: Bool = false) {
        pending.append((polylines, contours))
        let alone = simple || (pending.count == 1 && contours.count == 1)
        polylines.points.withUnsafeBufferPointer { pts in
            var start = polylines.range(ofContour: contours.lowerBound).lowerBound
            for i in contours {
                let end = polylines.contours[i].end
                if end - start >= 2 { addContour(pts, start, end, alone: alone, simple: simple) }
                start = end
            }
        }
    }

    /// Adds the closed contour `pts[start..<end]`, edge by edge from the closing one, each marking
    /// the pixels it crosses when the contour marks (`CrossingDetector.begin`).
    private func addContour(_ pts: UnsafeBufferPointer<CGPoint>, _ start: Int, _ end: Int, alone: Bool, simple: Bool) {
        var prev = pts[end - 1]
        guard crossings.begin(contour: pts, start, end, alone: alone, simple: simple) else {
            for k in start..<end {
                let p = pts[k]
                addLine(prev.x, prev.y, p.x, p.y)
                prev = p
            }
            return
        }
        for k in start..<end {
            let p = pts[k]
            crossings.follow(from: prev.y, to: p.y)
            addLine(prev.x, prev.y, p.x, p.y)
            prev = p
        }
    }

    /// Adds one edge in device pixels. Non-finite edges are ignored; the rest is clipped to the frame.
    @inline(__always)
    func addLine(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        clipLine(ax, ay, bx, by, recording: false)
    }

    /// Clips an edge to the frame and accumulates it, or with `recording`, hands the clipped parts
    /// to the union resolver.
    @inline(__always)
    private func clipLine(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, recording: Bool) {
        guard ay != by, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else {
            if !recording && ay == by { markHorizontal(ax, bx, ay) }
            return
        }
        var x0 = ax, y0 = ay, x1 = bx, y1 = by, sign: Float = 1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); sign = -1 }
        let h = Double(height)
        if y1 <= 0 || y0 >= h { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        if y0 < 0 { x0 += (0 - y0) * dxdy; y0 = 0 }
        if y1 > h { x1 = x0 + (h - y0) * dxdy; y1 = h }
        // Split where the edge crosses x = 0 or x = width; outside parts are projected onto those lines
        // (left of the frame an edge still changes the winding of every pixel to its right).
        let w = Double(width)
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
            if cutA > prevY { emit(prevX, prevY, x, cutA, sign, recording) }
            prevY = cutA; prevX = x
        }
        if cutB < y1 {
            let x = clampedX(cutB)
            if cutB > prevY { emit(prevX, prevY, x, cutB, sign, recording) }
            prevY = cutB; prevX = x
        }
        if y1 > prevY { emit(prevX, prevY, min(max(x1, 0), w), y1, sign, recording) }
    }

    @inline(__always)
    private func emit(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ sign: Float, _ recording: Bool) {
        minX = min(minX, min(x0, x1))
        maxX = max(maxX, max(x0, x1))
        if recording { union.append(x0, y0, x1, y1, sign) } else { addClippedLine(x0, y0, x1, y1, sign) }
    }

    /// Accumulates a downward edge that lies inside `[0, width] x [0, height]`: the signed area it
    /// sweeps in each row it crosses, as differences along the row (`ak_accumulate_edge`: pixel
    /// `i` gains `d * A(i)`, `A(i)` the share of its width right of the edge averaged over the
    /// edge), and, for a contour that marks, the pixels it crosses.
    @inline(__always)
    private func addClippedLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ sign: Float) {
        let firstRow = Int(y0), lastRow = min(Int((y1).rounded(.up)) - 1, height - 1)
        // Only the rows of this rasterizer's band are computed.
        let top = max(firstRow, rows.lowerBound), bottom = min(lastRow, rows.upperBound - 1)
        guard top <= bottom else { return }
        if top < minRow { minRow = top }
        if bottom > maxRow { maxRow = bottom }
        ak_accumulate_edge(cellRows, x0, y0, x1, y1, sign, firstRow, lastRow, top, bottom)
        if crossings.marking {
            crossings.markEdge(x0, y0, x1, y1, firstRow: firstRow, lastRow: lastRow, top: top, bottom: bottom)
        }
    }

    /// A horizontal edge inside a row adds no area of its own (the edges at its ends carry it), but
    /// the winding changes across it: it marks the pixels it crosses like any other boundary.
    private func markHorizontal(_ ax: Double, _ bx: Double, _ y: Double) {
        guard crossings.marking, ax.isFinite, bx.isFinite, y.isFinite, y > 0, y < Double(height), y.rounded(.down) != y else { return }
        let l = max(min(ax, bx), 0), r = min(max(ax, bx), Double(width))
        guard r > l else { return }
        let row = Int(y), i0 = Int(l), i1 = min(Int(r.rounded(.up)) - 1, width - 1)
        guard i0 <= i1, rows.contains(row) else { return }
        minX = min(minX, l)
        maxX = max(maxX, r)
        if row < minRow { minRow = row }
        if row > maxRow { maxRow = row }
        ak_mark_touched(cellRows, row, i0, i1)
        crossings.mark(row: row, from: i0, to: i1)
    }

    /// Rows that edges added since the last sweep touch (empty when none).
    var pendingRows: Range<Int> { minRow <= maxRow ? minRow..<(maxRow + 1) : 0..<0 }

    /// Columns the coverage of the edges added since the last sweep can reach: from the leftmost
    /// edge to the pixel of the rightmost one (right of every edge the winding is back to zero).
    var pendingColumns: Range<Int> {
        guard minX <= maxX else { return 0..<0 }
        let first = Int(minX.rounded(.down)), end = min(Int(maxX.rounded(.down)) + 1, width)
        return first < end ? first..<end : 0..<0
    }

    /// Emits the accumulated coverage as spans, row by row left to right, and resets the
    /// rasterizer for the next shape.
    func sweep<Sink: SpanSink>(rule: FillRule, into sink: inout Sink) {
        defer {
            minRow = .max
            maxRow = -1
            minX = .infinity
            maxX = -.infinity
            pending.removeAll(keepingCapacity: true)
            crossings.reset()
        }
        guard minRow <= maxRow else { return }
        let w = width
        let threshold: Float = 0.5 / 255
        let resolving = crossings.anyFlagged, clearing = crossings.marked
        if resolving { prepareUnion() }
        let firstBand = minRow - rows.lowerBound, lastBand = maxRow - rows.lowerBound
        var group = firstBand - firstBand % Self.groupSize
        while group <= lastBand {
            // The blocks any row of the group touched: rows that did not have zero cells there.
            for wi in 0..<wordsPerRow {
                var any: UInt64 = 0
                for r in 0..<Self.groupSize { any |= touched[(group + r) * wordsPerRow + wi] }
                groupTouched[wi] = any
            }
            ak_sweep_rows(cells + group * Self.blockSize, columnStride, groupTouched, wordsPerRow,
                          coverage, coverageStride, live, Int32(w), threshold, rule == .evenOdd ? 1 : 0)
            for band in max(group, firstBand)...min(group + Self.groupSize - 1, lastBand) {
                emitRow(band: band, lane: band - group, rule: rule, resolving: resolving, clearing: clearing,
                     threshold: threshold, into: &sink)
            }
            group += Self.groupSize
        }
    }

    /// Emits one swept row as spans: runs of neighbouring touched blocks with coverage above
    /// `threshold`, and the constant coverage between them.
    @inline(__always)
    private func emitRow<Sink: SpanSink>(band: Int, lane: Int, rule: FillRule, resolving: Bool, clearing: Bool,
                                      threshold: Float, into sink: inout Sink) {
        let w = width
        let row = rows.lowerBound + band
        let rowCoverage = coverage + lane * coverageStride
        let words = touched + band * wordsPerRow
        let rowChains = crossings.records(band: band)
        let rowFlags = resolving ? crossings.flags(band: band) : nil
        if let rowFlags { union.resolve(row: row, flags: rowFlags, rule: rule) }
        // The coverage after the blocks so far: what the pixels up to the next touched block have.
        var held: Float = 0
        var x = 0
        // Neighbouring blocks with coverage go to the sink as one span: pixels runX..<runX+runLength.
        var runX = 0, runLength = 0
        @inline(__always) func emitRun() {
            if runLength > 0 { sink.span(y: row, x: runX, count: runLength, coverage: rowCoverage + runX) }
            runLength = 0
        }
        for wi in 0..<wordsPerRow {
            var bits = words[wi]
            if bits == 0 { continue }
            words[wi] = 0
            while bits != 0 {
                let block = wi * 64 + bits.trailingZeroBitCount
                bits &= bits &- 1
                let bx = block << Self.blockShift
                if bx > x {
                    emitRun()
                    if x < w && held > threshold { sink.solidSpan(y: row, x: x, count: min(bx, w) - x, coverage: held) }
                }
                if runLength == 0 { runX = bx }
                let visibleEnd = min(bx + Self.blockSize, w)
                // The block's last coverage, before any pixel takes the union's: cells past the
                // right edge are zero, so it is the coverage after every cell of the block.
                held = rowCoverage[bx + Self.blockSize - 1]
                var covered = (live[block] >> UInt8(lane)) & 1 != 0
                if clearing { rowChains[block] = 0 }
                if let rowFlags, case var marks = rowFlags[block], marks != 0 {
                    // Flagged pixels take the union's exact coverage.
                    rowFlags[block] = 0
                    while marks != 0 {
                        let j = marks.trailingZeroBitCount
                        marks &= marks &- 1
                        if bx + j < visibleEnd {
                            rowCoverage[bx + j] = union.exact[bx + j]
                            if union.exact[bx + j] > threshold { covered = true }
                        }
                    }
                }
                if covered && visibleEnd > bx {
                    runLength += visibleEnd - bx
                } else {
                    emitRun()
                }
                x = bx + Self.blockSize
            }
        }
        emitRun()
        if x < w && held > threshold { sink.solidSpan(y: row, x: x, count: w - x, coverage: held) }
        if rowFlags != nil { crossings.clearFlags(band: band) }
    }

    /// Walks the pending outlines again, recording their clipped edges for the union resolver.
    private func prepareUnion() {
        union.removeAll()
        for (polylines, contours) in pending {
            polylines.points.withUnsafeBufferPointer { pts in
                var start = polylines.range(ofContour: contours.lowerBound).lowerBound
                for i in contours {
                    let end = polylines.contours[i].end
                    if end - start >= 2 {
                        var prev = pts[end - 1]
                        for k in start..<end {
                            let p = pts[k]
                            clipLine(prev.x, prev.y, p.x, p.y, recording: true)
                            prev = p
                        }
                    }
                    start = end
                }
            }
        }
        union.prepare(rows: minRow...maxRow)
    }
}
