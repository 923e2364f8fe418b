import Foundation

/// Scan converter with exact-area anti-aliasing.
///
/// Each line segment adds, to the cells of the rows it crosses, the signed area it sweeps,
/// stored as differences along the row; a running sum along the row then gives each pixel's
/// winding-weighted coverage (the approach of font-rs and vello_cpu). A bitmap of touched
/// 8-pixel blocks per row keeps the sweep sparse: untouched runs have constant coverage and
/// are emitted as solid spans (or skipped when empty), so cost follows the edges, not the area.
///
/// One rasterizer is owned per canvas and reused for every shape; it never allocates after `init`.
final class Rasterizer {
    let width: Int
    let height: Int
    /// Cells per row: one per pixel plus two for contributions at and past the right edge.
    private let stride: Int
    private let wordsPerRow: Int
    private let cells: UnsafeMutablePointer<Float>
    private let touched: UnsafeMutablePointer<UInt64>
    private let coverage: UnsafeMutablePointer<Float>
    private var minRow = Int.max
    private var maxRow = -1

    static let blockShift = 3
    static let blockSize = 1 << blockShift

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 2
        let blocks = (stride + Self.blockSize - 1) >> Self.blockShift
        wordsPerRow = (blocks + 63) / 64
        cells = .allocate(capacity: stride * height)
        cells.initialize(repeating: 0, count: stride * height)
        touched = .allocate(capacity: wordsPerRow * height)
        touched.initialize(repeating: 0, count: wordsPerRow * height)
        coverage = .allocate(capacity: Self.blockSize)
        coverage.initialize(repeating: 0, count: Self.blockSize)
    }

    deinit {
        cells.deallocate()
        touched.deallocate()
        coverage.deallocate()
    }

    /// Adds every contour of `polylines` as closed polygon edges.
    func addPolygons(_ polylines: Polylines) {
        polylines.points.withUnsafeBufferPointer { pts in
            var start = 0
            for contour in polylines.contours {
                let end = contour.end
                if end - start >= 2 {
                    var prev = pts[end - 1]
                    for i in start..<end {
                        let p = pts[i]
                        addLine(prev.x, prev.y, p.x, p.y)
                        prev = p
                    }
                }
                start = end
            }
        }
    }

    /// Adds one edge in device pixels. Non-finite edges are ignored; the rest is clipped to the frame.
    func addLine(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return }
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
            if cutA > prevY { addClippedLine(prevX, prevY, x, cutA, sign) }
            prevY = cutA; prevX = x
        }
        if cutB < y1 {
            let x = clampedX(cutB)
            if cutB > prevY { addClippedLine(prevX, prevY, x, cutB, sign) }
            prevY = cutB; prevX = x
        }
        if y1 > prevY { addClippedLine(prevX, prevY, min(max(x1, 0), w), y1, sign) }
    }

    /// Accumulates a downward edge that lies inside `[0, width] x [0, height]`.
    @inline(__always)
    private func addClippedLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ sign: Float) {
        let firstRow = Int(y0), lastRow = min(Int((y1).rounded(.up)) - 1, height - 1)
        guard firstRow <= lastRow else { return }
        if firstRow < minRow { minRow = firstRow }
        if lastRow > maxRow { maxRow = lastRow }
        let dxdy = (x1 - x0) / (y1 - y0)
        // The end x is computed as x0 + (y1 - y0) * dxdy, like every other row boundary, so results
        // do not depend on how the edge was split into rows.
        let xEnd = x0 + (y1 - y0) * dxdy
        if firstRow == lastRow {
            accumulate(row: firstRow, x0, xEnd, sign * Float(y1 - y0))
            return
        }
        // First and last rows are partial; the rows between are whole, so x steps by dxdy exactly.
        let firstBottom = Double(firstRow + 1)
        var xa = x0, xb = x0 + (firstBottom - y0) * dxdy
        accumulate(row: firstRow, xa, xb, sign * Float(firstBottom - y0))
        if lastRow - firstRow >= 2 {
            for row in (firstRow + 1)..<lastRow {
                xa = xb
                xb = x0 + (Double(row + 1) - y0) * dxdy
                accumulate(row: row, xa, xb, sign)
            }
        }
        accumulate(row: lastRow, xb, xEnd, sign * Float(y1 - Double(lastRow)))
    }

    /// Adds to row `row` the coverage differences of an edge spanning `[xa, xb]` horizontally and
    /// `d` (signed) vertically. The pixel `i` gains `d * A(i)`, where `A(i)` is the share of
    /// the pixel's width to the right of the edge, averaged over the edge: integrating
    /// `clamp(i + 1 - x, 0, 1)` over `x` gives `(H(i+1-xa) - H(i+1-xb)) / (xb - xa)`.
    @inline(__always)
    private func accumulate(row: Int, _ ax: Double, _ bx: Double, _ d: Float) {
        let xa = min(ax, bx), xb = max(ax, bx)
        let i0 = Int(xa), i1 = Int(xb)
        let line = cells + row * stride
        markTouched(row: row, from: i0, to: i1 + 1)
        if i0 == i1 || xb - xa < 1e-9 {
            let a = Float(Double(i0 + 1) - 0.5 * (xa + xb))
            line[i0] += d * a
            line[i0 + 1] += d * (1 - a)
            return
        }
        @inline(__always) func integral(_ t: Double) -> Double {
            t <= 0 ? 0 : (t < 1 ? 0.5 * t * t : t - 0.5)
        }
        let inv = 1 / (xb - xa)
        var previous: Float = 0
        for i in i0...i1 {
            let edge = Double(i + 1)
            let a = Float((integral(edge - xa) - integral(edge - xb)) * inv)
            line[i] += d * (a - previous)
            previous = a
        }
        line[i1 + 1] += d * (1 - previous)
    }

    @inline(__always)
    private func markTouched(row: Int, from c0: Int, to c1: Int) {
        let b0 = c0 >> Self.blockShift, b1 = c1 >> Self.blockShift
        let words = touched + row * wordsPerRow
        if b0 == b1 {
            // The common case (steep edges): one block, one bit.
            words[b0 >> 6] |= 1 &<< UInt64(b0 & 63)
            return
        }
        var b = b0
        while b <= b1 {
            let word = b >> 6, bit = b & 63
            let span = min(b1 - b + 1, 64 - bit)
            let mask: UInt64 = span == 64 ? ~0 : ((1 << UInt64(span)) - 1) << UInt64(bit)
            words[word] |= mask
            b += span
        }
    }

    /// Rows that edges added since the last sweep touch (empty when none).
    var pendingRows: Range<Int> { minRow <= maxRow ? minRow..<(maxRow + 1) : 0..<0 }

    /// Emits the accumulated coverage as spans, row by row left to right, and resets the
    /// rasterizer for the next shape.
    func sweep<Sink: SpanSink>(rule: FillRule, into sink: inout Sink) {
        guard minRow <= maxRow else { return }
        let w = width
        let threshold: Float = 0.5 / 255
        @inline(__always) func cover(_ acc: Float) -> Float {
            switch rule {
            case .nonZero:
                return min(abs(acc), 1)
            case .evenOdd:
                let m = abs(acc).truncatingRemainder(dividingBy: 2)
                return m > 1 ? 2 - m : m
            }
        }
        for row in minRow...maxRow {
            let line = cells + row * stride
            let words = touched + row * wordsPerRow
            var acc: Float = 0
            var x = 0
            for wi in 0..<wordsPerRow {
                var bits = words[wi]
                if bits == 0 { continue }
                words[wi] = 0
                while bits != 0 {
                    let block = wi * 64 + bits.trailingZeroBitCount
                    bits &= bits &- 1
                    let bx = block << Self.blockShift
                    if bx > x && x < w {
                        let c = cover(acc)
                        if c > threshold { sink.solidSpan(y: row, x: x, count: min(bx, w) - x, coverage: c) }
                    }
                    let cellEnd = min(bx + Self.blockSize, stride)
                    let visibleEnd = min(bx + Self.blockSize, w)
                    // Running sum over the block's visible cells, clearing them for the next shape as
                    // they are read (a block is too short for a memset call to pay).
                    var peak: Float = 0
                    @inline(__always) func runningSum(_ n: Int, nonZero: Bool) {
                        let cells = line + bx
                        var j = 0
                        while j < n {
                            acc += cells[j]
                            cells[j] = 0
                            let c = nonZero ? min(abs(acc), 1) : cover(acc)
                            coverage[j] = c
                            peak = max(peak, c)
                            j &+= 1
                        }
                    }
                    // Negative past the right edge (the two extra cells), where nothing is visible.
                    let visible = visibleEnd &- bx
                    if rule == .nonZero {
                        if visible == Self.blockSize {
                            runningSum(Self.blockSize, nonZero: true)   // a fixed trip count, which LLVM unrolls
                        } else {
                            runningSum(visible, nonZero: true)
                        }
                    } else {
                        runningSum(visible, nonZero: false)
                    }
                    var i = max(visibleEnd, bx)
                    while i < cellEnd { acc += line[i]; line[i] = 0; i &+= 1 }
                    if peak > threshold && visibleEnd > bx {
                        sink.span(y: row, x: bx, count: visibleEnd - bx, coverage: coverage)
                    }
                    x = bx + Self.blockSize
                }
            }
            if x < w {
                let c = cover(acc)
                if c > threshold { sink.solidSpan(y: row, x: x, count: w - x, coverage: c) }
            }
        }
        minRow = .max
        maxRow = -1
    }
}
