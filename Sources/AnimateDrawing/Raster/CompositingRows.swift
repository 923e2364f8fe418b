/// The compositor's scratch, one per thread that draws: a row of paint colours, one of
/// per-pixel weights and one of coverage, `width` long, kept from shape to shape; and rows of
/// summed mask levels (`MaskRun`), made when first asked for and kept zero between uses.
final class CompositingRows {
    let width: Int
    let colors: UnsafeMutablePointer<UInt32>
    let weights: UnsafeMutablePointer<Float>
    /// Coverage converted from levels (`Compositor.levelSpan`).
    let coverage: UnsafeMutablePointer<Float>
    /// Each column's colour for a line of mask runs painted in one pass (`MaskRun`).
    let segmentColors: UnsafeMutablePointer<UInt32>
    private var sums: UnsafeMutablePointer<UInt8>?
    private var sumRows = 0

    init(width: Int) {
        self.width = width
        colors = .allocate(capacity: width)
        colors.initialize(repeating: 0, count: width)
        weights = .allocate(capacity: width)
        weights.initialize(repeating: 0, count: width)
        coverage = .allocate(capacity: width)
        coverage.initialize(repeating: 0, count: width)
        segmentColors = .allocate(capacity: width)
        segmentColors.initialize(repeating: 0, count: width)
    }

    /// Bytes from one row of mask sums to the next: the width and room for a mask row's padding.
    var sumStride: Int { width + 16 }

    /// `height` rows of `sumStride` zeros, to be left zero.
    func maskSums(height: Int) -> UnsafeMutablePointer<UInt8> {
        if let sums, sumRows >= height { return sums }
        sums?.deallocate()
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: sumStride * height)
        fresh.initialize(repeating: 0, count: sumStride * height)
        sums = fresh
        sumRows = height
        return fresh
    }

    deinit {
        colors.deallocate()
        weights.deallocate()
        coverage.deallocate()
        segmentColors.deallocate()
        sums?.deallocate()
    }
}
