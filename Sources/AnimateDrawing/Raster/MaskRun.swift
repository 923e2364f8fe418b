import CKernels
import Foundation

/// Coverage masks painted as one shape (a line of glyphs): their levels are added up a strip of
/// rows at a time, so masks that meet in a pixel cover it by their sum (up to full), and each
/// row's sum is composited once. Paints, blend modes, opacity and clips apply as to any fill,
/// and a translucent text is not darker where its glyphs overlap.
enum MaskRun {
    /// Rows summed at once.
    static let stripHeight = 32

    /// The rows and columns of a `width` x `height` surface the placements reach.
    static func reach(of placements: UnsafeBufferPointer<MaskPlacement>, width: Int, height: Int)
        -> (rows: Range<Int>, columns: Range<Int>) {
        var top = Int.max, bottom = Int.min, left = Int.max, right = Int.min
        for p in placements {
            top = min(top, p.y)
            bottom = max(bottom, p.y &+ p.height)
            left = min(left, p.x)
            right = max(right, p.x &+ p.width)
        }
        @inline(__always) func clamped(_ a: Int, _ b: Int, _ limit: Int) -> Range<Int> {
            let first = min(max(a, 0), limit), end = min(max(b, 0), limit)
            return first < end ? first..<end : 0..<0
        }
        return (clamped(top, bottom, height), clamped(left, right, width))
    }

    /// Paints `placements` into `rows` of `surface`, each segment's columns as it says; returns
    /// the rows written.
    static func draw(_ placements: UnsafeBufferPointer<MaskPlacement>, rows: Range<Int>, into surface: Surface,
                     _ segments: [MaskSegment], scratch: CompositingRows) -> Range<Int> {
        let rows = rows.clamped(to: 0..<surface.height)
        guard !rows.isEmpty, !placements.isEmpty, !segments.isEmpty else { return 0..<0 }
        let width = surface.width, stride = scratch.sumStride
        let sums = scratch.maskSums(height: stripHeight)
        // Runs differing only in colour (a line of code, `MaskSegment.colors`): each column's
        // colour laid out once, then one pass per row instead of one per run and row, through one
        // compositor.
        var oneColorRow: Range<Int>?
        if segments.count == 1, !segments[0].colors.isEmpty {
            let colors = scratch.segmentColors
            var lo = Int.max, hi = Int.min
            for (columns, color) in segments[0].colors {
                let columns = columns.clamped(to: 0..<width)
                guard !columns.isEmpty else { continue }
                lo = min(lo, columns.lowerBound)
                hi = max(hi, columns.upperBound)
                (colors + columns.lowerBound).update(repeating: color, count: columns.count)
            }
            // Nothing on the surface: the painting's own colour must not paint instead.
            guard lo < hi else { return 0..<0 }
            oneColorRow = lo..<hi
        }
        return withUnsafeTemporaryAllocation(of: Compositor.self, capacity: segments.count) { sinks in
            for i in segments.indices {
                (sinks.baseAddress! + i).initialize(to: Compositor(surface: surface, segments[i].painting, rows: scratch))
            }
            defer { sinks.baseAddress!.deinitialize(count: segments.count) }
            // Per strip row, the columns summed into.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * stripHeight) { bounds in
                let left = bounds.baseAddress!, right = left + stripHeight
                left.initialize(repeating: .max, count: stripHeight)
                right.initialize(repeating: .min, count: stripHeight)
                var drawn = 0..<0
                var top = rows.lowerBound
                while top < rows.upperBound {
                    let end = min(top + stripHeight, rows.upperBound)
                    ak_accumulate_masks(sums, stride, width, top, end, placements.baseAddress, placements.count, left, right)
                    for r in 0..<(end - top) where left[r] < right[r] {
                        let row = sums + r * stride
                        if let span = oneColorRow {
                            // Columns between runs have no coverage, so whatever colour they hold paints nothing.
                            let a = max(left[r], span.lowerBound), b = min(right[r], span.upperBound)
                            if a < b { sinks[0].levelSpan(y: top + r, x: a, count: b - a, levels: row + a, colors: scratch.segmentColors + a) }
                        } else {
                            for i in segments.indices {
                                let columns = segments[i].columns
                                let a = max(left[r], columns.lowerBound), b = min(right[r], columns.upperBound)
                                if a < b { sinks[i].levelSpan(y: top + r, x: a, count: b - a, levels: row + a) }
                            }
                        }
                        (row + left[r]).update(repeating: 0, count: right[r] - left[r])
                        drawn = drawn.hull((top + r)..<(top + r + 1))
                        left[r] = .max
                        right[r] = .min
                    }
                    top = end
                }
                return drawn
            }
        }
    }
}
