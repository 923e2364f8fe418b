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
    /// clip to a pixel-aligned rectangle), that rectangle: drawing under such a clip is drawing
    /// inside it with the mask's factor exactly 1, so the compositor skips the per-pixel mask.
    private(set) var rectangle: (minX: Int, minY: Int, maxX: Int, maxY: Int)?

    /// Finds `rectangle` (see there) by checking every pixel, eight at a time.
    func findRectangle() {
        rectangle = nil
        var y = 0, x0 = 0, x1 = 0
        while y < height && isRow(y, 0, from: 0, to: width) { y += 1 }
        guard y < height else { return }
        let row = coverage + y * width
        while row[x0] == 0 { x0 += 1 }
        x1 = x0
        while x1 < width && row[x1] == 255 { x1 += 1 }
        let minY = y
        while y < height && isRow(y, 0, from: 0, to: x0) && isRow(y, 255, from: x0, to: x1) && isRow(y, 0, from: x1, to: width) {
            y += 1
        }
        let maxY = y
        guard maxY > minY else { return }
        while y < height {
            guard isRow(y, 0, from: 0, to: width) else { return }
            y += 1
        }
        rectangle = (x0, minY, x1, maxY)
    }

    /// Whether pixels `from..<to` of row `y` all have coverage `value`.
    private func isRow(_ y: Int, _ value: UInt8, from: Int, to: Int) -> Bool {
        let row = UnsafeRawPointer(coverage + y * width)
        let word = UInt64(value) &* 0x0101_0101_0101_0101
        // One difference for the whole run, without early exits, which LLVM vectorizes.
        var difference: UInt64 = 0
        var x = from
        while x + 8 <= to {
            difference |= row.loadUnaligned(fromByteOffset: x, as: UInt64.self) ^ word
            x += 8
        }
        if difference != 0 { return false }
        while x < to {
            if row.load(fromByteOffset: x, as: UInt8.self) != value { return false }
            x += 1
        }
        return true
    }

    /// Device-pixel bounds of the non-zero coverage, or nil when nothing is left.
    lazy var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)? = {
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
