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
/// One rasterizer is owned per canvas (or per thread drawing bands) and reused for every shape;
/// its buffers are kept, and left zero by each sweep. A rasterizer for a band of rows (`rows`,
/// which it can be aimed at anew between shapes) computes those rows exactly as a whole-frame one
/// does: edges are clipped to the frame, not the band, and every row's values come from the
/// edge's own end points, not from the rows before it.
final class Rasterizer {
    let width: Int
    let height: Int
    /// The rows this rasterizer computes; its buffers hold `capacity` rows.
    private(set) var rows: Range<Int>
    let capacity: Int
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
    private let crossings: CrossingDetector
    /// The shape added since the last sweep, its edges walked again only when a pixel was flagged.
    private var pending: (list: EdgeList, shape: EdgeList.Shape)?
    /// The edges of shapes added whole (`addPolygons`).
    private let ownEdges: EdgeList
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
        capacity = count
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
        ownEdges = EdgeList(width: width, height: height)
    }

    deinit {
        cells.deallocate()
        touched.deallocate()
        cellRows.deallocate()
        coverage.deallocate()
        groupTouched.deallocate()
        live.deallocate()
    }

    /// Computes `rows` from now on: at most `capacity` of them, between shapes (the buffers are
    /// zero after a sweep, whichever rows they held).
    func aim(at rows: Range<Int>) {
        precondition(rows.count <= capacity && pending == nil && minRow > maxRow, "a rasterizer is aimed between shapes")
        self.rows = rows
        cellRows.pointee.first_row = rows.lowerBound
        crossings.rows = rows
    }

    /// Adds every contour of `polylines` as closed polygon edges, one shape: a sweep resolves
    /// one shape. `simple` says the contours never cross or hold two boundaries in one pixel that
    /// could (nested convex loops of a stroke): nothing is marked.
    func addPolygons(_ polylines: Polylines, simple: Bool = false) {
        addPolygons(polylines, contours: 0..<polylines.contours.count, simple: simple)
    }

    /// `addPolygons` for the contours `contours` of `polylines` only.
    func addPolygons(_ polylines: Polylines, contours: Range<Int>, simple: Bool = false) {
        ownEdges.removeAll()
        add(ownEdges.append(polylines, contours: contours, simple: simple, binned: false), of: ownEdges)
    }

    /// Adds a shape's edges, those that reach this rasterizer's rows: from its bins when the list
    /// binned them, else all. One shape a sweep; `list` is kept until the sweep.
    func add(_ shape: EdgeList.Shape, of list: EdgeList) {
        pending = (list, shape)
        if shape.marks { crossings.marked = true }
        var reach = ak_reach(top: minRow, bottom: maxRow)
        list.forEachRun(of: shape, rows: rows) { run, count, top, bottom in
            if shape.marks {
                for k in 0..<count { add(run[k], top: top, bottom: bottom, reach: &reach) }
            } else {
                ak_accumulate_edges(cellRows, run, count, top, bottom, &reach)
            }
        }
        minRow = reach.top
        maxRow = reach.bottom
    }

    /// Accumulates an edge's rows within `top...bottom`: the signed area it sweeps in each row, as
    /// differences along the row (`ak_accumulate_edge`: pixel `i` gains `d * A(i)`, `A(i)` the
    /// share of its width right of the edge averaged over the edge), and, for a contour that
    /// marks, the pixels it crosses. Each row's values come from the edge's own end points.
    @inline(__always)
    private func add(_ e: EdgeList.Edge, top: Int, bottom: Int, reach: inout ak_reach) {
        let firstRow = Int(e.first_row), lastRow = Int(e.last_row)
        let t = max(firstRow, top), b = min(lastRow, bottom)
        guard t <= b else { return }
        reach.top = min(reach.top, t)
        reach.bottom = max(reach.bottom, b)
        if e.kind != EdgeList.Kind.plain {
            crossings.chain = e.chain
            crossings.chainBefore = e.before
            crossings.chainAfter = e.after
        }
        if e.kind == EdgeList.Kind.horizontal {
            // No area of its own: the pixels it crosses are marked.
            let i0 = Int(e.x0), i1 = min(Int(e.x1.rounded(.up)) - 1, width - 1)
            guard i0 <= i1 else { return }
            ak_mark_touched(cellRows, t, i0, i1)
            crossings.mark(row: t, from: i0, to: i1)
            return
        }
        ak_accumulate_edge(cellRows, e.x0, e.y0, e.x1, e.y1, e.sign, firstRow, lastRow, t, b)
        if e.kind == EdgeList.Kind.marking {
            crossings.markEdge(e.x0, e.y0, e.x1, e.y1, firstRow: firstRow, lastRow: lastRow, top: t, bottom: b)
        }
    }

    /// Rows that edges added since the last sweep touch (empty when none).
    var pendingRows: Range<Int> { minRow <= maxRow ? minRow..<(maxRow + 1) : 0..<0 }

    /// Columns the coverage of the shape added since the last sweep can reach (`EdgeList.Shape.columns`).
    var pendingColumns: Range<Int> { pending?.shape.columns ?? 0..<0 }

    /// Emits the accumulated coverage as spans, row by row left to right, and resets the
    /// rasterizer for the next shape. A sink that only paints one colour source-over
    /// (`SpanSink.solidOver`) has it blended as the rows are summed instead, unless pixels need
    /// the exact union of crossing contours.
    func sweep<Sink: SpanSink>(rule: FillRule, into sink: inout Sink) {
        defer {
            minRow = .max
            maxRow = -1
            pending = nil
            crossings.reset()
        }
        guard minRow <= maxRow else { return }
        let w = width
        let threshold: Float = 0.5 / 255
        let resolving = crossings.anyFlagged, clearing = crossings.marked
        if resolving { prepareUnion() }
        let firstBand = minRow - rows.lowerBound, lastBand = maxRow - rows.lowerBound
        var group = firstBand - firstBand % Self.groupSize
        if !resolving, var target = sink.solidOver {
            // Blended as the sums come: no coverage rows, no spans.
            while group <= lastBand {
                if clearing { clearRecords(group: group) }
                gatherTouched(group: group, clearing: true)
                ak_sweep_over_constant(cells + group * Self.blockSize, columnStride, groupTouched, wordsPerRow,
                                       rows.lowerBound + group, Int32(max(firstBand - group, 0)),
                                       Int32(min(lastBand - group, Self.groupSize - 1)), threshold,
                                       rule == .evenOdd ? 1 : 0, &target)
                group += Self.groupSize
            }
            return
        }
        while group <= lastBand {
            gatherTouched(group: group, clearing: false)
            ak_sweep_rows(cells + group * Self.blockSize, columnStride, groupTouched, wordsPerRow,
                          coverage, coverageStride, live, Int32(w), threshold, rule == .evenOdd ? 1 : 0)
            for band in max(group, firstBand)...min(group + Self.groupSize - 1, lastBand) {
                emitRow(band: band, lane: band - group, rule: rule, resolving: resolving, clearing: clearing,
                     threshold: threshold, into: &sink)
            }
            group += Self.groupSize
        }
    }

    /// Sets `groupTouched` to the blocks any row of the eight from `group` touched (rows that did
    /// not, have zero cells there), and, when `clearing`, clears the rows' own touched blocks.
    @inline(__always)
    private func gatherTouched(group: Int, clearing: Bool) {
        let words = touched + group * wordsPerRow
        for wi in 0..<wordsPerRow {
            var any: UInt64 = 0
            for r in 0..<Self.groupSize {
                any |= words[r * wordsPerRow + wi]
                if clearing { words[r * wordsPerRow + wi] = 0 }
            }
            groupTouched[wi] = any
        }
    }

    /// Clears the crossing records of the blocks the eight rows from `group` touched.
    private func clearRecords(group: Int) {
        for r in group..<min(group + Self.groupSize, capacity) {
            let records = crossings.records(band: r), words = touched + r * wordsPerRow
            for wi in 0..<wordsPerRow {
                var bits = words[wi]
                while bits != 0 {
                    records[wi * 64 + bits.trailingZeroBitCount] = 0
                    bits &= bits &- 1
                }
            }
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

    /// Hands the pending shape's edges that reach the rows swept to the union resolver.
    private func prepareUnion() {
        union.removeAll()
        if let (list, shape) = pending {
            for i in shape.edges {
                let e = list.edges[i]
                guard e.kind != EdgeList.Kind.horizontal, Int(e.last_row) >= minRow, Int(e.first_row) <= maxRow else { continue }
                union.append(e.x0, e.y0, e.x1, e.y1, e.sign)
            }
        }
        union.prepare(rows: minRow...maxRow)
    }
}
