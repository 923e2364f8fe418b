/// The compositor's scratch, one per thread that draws: a row of paint colours and one of
/// per-pixel weights, `width` long, kept from shape to shape.
final class CompositingRows {
    let colors: UnsafeMutablePointer<UInt32>
    let weights: UnsafeMutablePointer<Float>

    init(width: Int) {
        colors = .allocate(capacity: width)
        colors.initialize(repeating: 0, count: width)
        weights = .allocate(capacity: width)
        weights.initialize(repeating: 0, count: width)
    }

    deinit {
        colors.deallocate()
        weights.deallocate()
    }
}
