import Foundation

/// Finds the pixels where a shape's boundaries cross or meet, for the rasterizer to compute them
/// exactly (`UnionCoverage`); everywhere else its running sum is exact.
///
/// Each y-monotone run of a contour (a chain) marks the pixels it crosses in its 8-pixel block's
/// record. A pixel reached by two chains that do not follow each other along their contour is
/// flagged. Records hold only the band of rows the rasterizer computes.
final class CrossingDetector {
    /// The rows recorded: at most the count it was made for (`Rasterizer.aim`).
    var rows: Range<Int>
    let blocksPerRow: Int
    /// Per 8-pixel block: bits 0-15 the latest chain that crossed it (0: none), 16-31 the chain
    /// before it, 32-39 and 40-47 the pixels each crossed, 48-55 the pixels older chains crossed.
    private let blockChains: UnsafeMutablePointer<UInt64>
    /// Per row, one bit per pixel (a byte per block): flagged for exact union coverage.
    private let flags: UnsafeMutablePointer<UInt8>
    private let rowFlagged: UnsafeMutablePointer<Bool>
    /// Whether a pixel was flagged since the last `reset`.
    private(set) var anyFlagged = false
    /// Whether any pixel was marked since the last `reset` (else there are no records to clear).
    var marked = false
    /// The chain of the edges being marked, and the chains next to it along its contour
    /// (`ContourChains`).
    var chain: UInt16 = 1
    var chainBefore: UInt16 = 1
    var chainAfter: UInt16 = 1

    static let blockShift = 3

    init(rows: Range<Int>, blocksPerRow: Int) {
        self.rows = rows
        self.blocksPerRow = blocksPerRow
        let count = rows.count
        blockChains = .allocate(capacity: blocksPerRow * count)
        blockChains.initialize(repeating: 0, count: blocksPerRow * count)
        flags = .allocate(capacity: blocksPerRow * count)
        flags.initialize(repeating: 0, count: blocksPerRow * count)
        rowFlagged = .allocate(capacity: count)
        rowFlagged.initialize(repeating: false, count: count)
    }

    deinit {
        blockChains.deallocate()
        flags.deallocate()
        rowFlagged.deallocate()
    }

    /// Marks the pixels a downward edge inside the frame crosses in rows `top...bottom`, with the
    /// row boundaries `ak_accumulate_edge` computes: `x0 + (y - y0) * dxdy`, the end at `y1` too.
    func markEdge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                  firstRow: Int, lastRow: Int, top: Int, bottom: Int) {
        let dxdy = (x1 - x0) / (y1 - y0)
        @inline(__always) func crossing(_ row: Int) -> Double { x0 + (Double(row) - y0) * dxdy }
        var xa = top == firstRow ? x0 : crossing(top)
        for row in top...bottom {
            let xb = row == lastRow ? x0 + (y1 - y0) * dxdy : crossing(row + 1)
            markPixels(row: row, from: Int(min(xa, xb)), to: Int(max(xa, xb)))
            xa = xb
        }
    }

    /// `mark`, with the common case inline: the piece stays in one block.
    @inline(__always)
    private func markPixels(row: Int, from i0: Int, to i1: Int) {
        let b = i0 &>> Self.blockShift
        guard b == i1 &>> Self.blockShift else { return mark(row: row, from: i0, to: i1) }
        let pixels = (0xFF &<< UInt64(i0 & 7)) & (0xFF &>> UInt64(7 &- i1 & 7))
        update(row: row, block: b, pixels: pixels)
    }

    /// Adds the current chain's `pixels` to a block's record and flags those a foreign chain crossed.
    @inline(__always)
    private func update(row: Int, block b: Int, pixels: UInt64) {
        let band = row &- rows.lowerBound
        let slot = blockChains + (band &* blocksPerRow &+ b)
        let r = slot.pointee
        let c = UInt64(chain)
        let latest = r & 0xFFFF
        if latest == c && r &>> 40 == 0 {
            // Only this chain so far (or nothing): nothing to compare.
            slot.pointee = r | pixels &<< 32
            return
        }
        if r == 0 {
            slot.pointee = c | pixels &<< 32
            return
        }
        @inline(__always) func foreign(_ x: UInt64) -> Bool {
            x != 0 && x != c && x != UInt64(chainBefore) && x != UInt64(chainAfter)
        }
        let previous = (r &>> 16) & 0xFFFF
        let latestPixels = (r &>> 32) & 0xFF, previousPixels = (r &>> 40) & 0xFF, olderPixels = (r &>> 48) & 0xFF
        var seen = olderPixels
        if foreign(latest) { seen |= latestPixels }
        if foreign(previous) { seen |= previousPixels }
        let clash = pixels & seen
        if latest == c {
            slot.pointee = r | pixels &<< 32
        } else if previous == c {
            slot.pointee = c | latest &<< 16 | (previousPixels | pixels) &<< 32 | latestPixels &<< 40 | olderPixels &<< 48
        } else {
            slot.pointee = c | latest &<< 16 | pixels &<< 32 | latestPixels &<< 40 | (olderPixels | previousPixels) &<< 48
        }
        if clash != 0 {
            flags[band &* blocksPerRow &+ b] |= UInt8(truncatingIfNeeded: clash)
            rowFlagged[band] = true
            anyFlagged = true
        }
    }

    /// Records that the current chain crosses pixels `i0...i1` of `row`, flagging those that a
    /// chain other than itself and its neighbours along the contour crossed before. A block names
    /// its two latest chains; pixels of older ones count as foreign (at worst a pixel is resolved
    /// exactly that did not need it). Kept out of line so the accumulation loop stays lean.
    @inline(never)
    func mark(row: Int, from i0: Int, to i1: Int) {
        var b = i0 &>> Self.blockShift
        let last = i1 &>> Self.blockShift
        while b <= last {
            let first = max(i0 &- (b &<< Self.blockShift), 0), final = min(i1 &- (b &<< Self.blockShift), 7)
            update(row: row, block: b, pixels: (0xFF &<< UInt64(first)) & (0xFF &>> UInt64(7 &- final)))
            b &+= 1
        }
    }

    /// The block records of band row `band` (the sweep clears those it passes).
    @inline(__always) func records(band: Int) -> UnsafeMutablePointer<UInt64> { blockChains + band * blocksPerRow }

    /// The flags of band row `band`, when any of its pixels is flagged.
    @inline(__always) func flags(band: Int) -> UnsafeMutablePointer<UInt8>? {
        rowFlagged[band] ? flags + band * blocksPerRow : nil
    }

    /// Clears the flags of band row `band` once its pixels are resolved.
    @inline(__always) func clearFlags(band: Int) {
        (flags + band * blocksPerRow).update(repeating: 0, count: blocksPerRow)
        rowFlagged[band] = false
    }

    /// Ready for the next shape.
    func reset() {
        anyFlagged = false
        marked = false
    }
}
