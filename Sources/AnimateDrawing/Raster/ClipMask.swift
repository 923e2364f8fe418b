import Foundation

/// A full-frame coverage mask (0...255 per pixel) that limits drawing. Immutable once built,
/// so contexts that copy a clip share it safely.
final class ClipMask {
    let width: Int
    let height: Int
    let coverage: UnsafeMutablePointer<UInt8>

    init(width: Int, height: Int, fill: UInt8) {
        self.width = width
        self.height = height
        coverage = .allocate(capacity: width * height)
        coverage.initialize(repeating: fill, count: width * height)
    }

    deinit { coverage.deallocate() }

    /// When the mask is exactly 255 inside a rectangle of whole pixels and 0 everywhere else (a
    /// clip to a pixel-aligned rectangle), that rectangle, as the one who built the mask knows it:
    /// drawing under such a clip is drawing inside it with the mask's factor exactly 1, so the
    /// compositor skips the per-pixel mask.
    var rectangle: (minX: Int, minY: Int, maxX: Int, maxY: Int)?

    /// Makes this mask, a shape's coverage (zero outside `shapeRows`), the clip that a context
    /// clipped by `previous` has after clipping to the shape (or to its outside, with `inverse`);
    /// `outline` is the shape's device-space outline when it is an axis-aligned rectangle.
    func intersect(with previous: ClipMask?, shapeRows: Range<Int>, inverse: Bool, outline: CGRect?) {
        let w = width, h = height
        // Outside the shape's rows the mask is 0, and stays 0 whatever the previous clip was;
        // only an inverse clip has to visit every row, and a first clip that is not inverse has
        // nothing to combine.
        let rows: Range<Int> = inverse ? 0..<h : (previous == nil ? 0..<0 : shapeRows)
        for i in (rows.lowerBound * w)..<(rows.upperBound * w) {
            var v = UInt32(coverage[i])
            if inverse { v = 255 - v }
            if let previous { v = (v * UInt32(previous.coverage[i]) + 127) / 255 }
            coverage[i] = UInt8(v)
        }
        // A rectangle with whole-pixel corners covers each pixel inside exactly (coverage 1, so
        // 255) and none outside, and 255 * 255 combines to 255 again: the mask is that rectangle,
        // cut to the frame and to an earlier rectangle clip.
        guard !inverse, previous == nil || previous?.rectangle != nil, let r = outline,
              [r.minX, r.minY, r.maxX, r.maxY].allSatisfy({ $0.isFinite && $0.rounded() == $0 }) else { return }
        @inline(__always) func pixel(_ v: CGFloat, _ limit: Int) -> Int { Int(min(max(v, 0), CGFloat(limit))) }
        var rect = (minX: pixel(r.minX, w), minY: pixel(r.minY, h), maxX: pixel(r.maxX, w), maxY: pixel(r.maxY, h))
        if let p = previous?.rectangle {
            rect = (max(rect.minX, p.minX), max(rect.minY, p.minY), min(rect.maxX, p.maxX), min(rect.maxY, p.maxY))
        }
        rectangle = rect
    }

    /// Device-pixel bounds of the non-zero coverage, or nil when nothing is left.
    lazy var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)? = {
        if let r = rectangle { return r.minX < r.maxX && r.minY < r.maxY ? r : nil }
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = coverage + y * width
            var first = -1, last = -1
            for x in 0..<width where row[x] != 0 {
                if first < 0 { first = x }
                last = x
            }
            if first >= 0 {
                minY = min(minY, y); maxY = y
                minX = min(minX, first); maxX = max(maxX, last)
            }
        }
        return maxY >= 0 ? (minX, minY, maxX + 1, maxY + 1) : nil
    }()
}

/// Writes rasterized coverage into a mask, multiplying with what the mask already holds.
struct MaskSink: SpanSink {
    let mask: UnsafeMutablePointer<UInt8>
    let width: Int
    let antialiased: Bool

    @inline(__always) private func level(_ c: Float) -> UInt8 {
        antialiased ? UInt8(min(c, 1) * 255 + 0.5) : (c >= 0.5 ? 255 : 0)
    }

    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: Float) {
        let v = level(coverage)
        let row = mask + y * width + x
        for i in 0..<count { row[i] = v }
    }

    mutating func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<Float>) {
        let row = mask + y * width + x
        for i in 0..<count { row[i] = level(coverage[i]) }
    }
}
