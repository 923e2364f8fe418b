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
