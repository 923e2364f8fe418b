/// A premultiplied RGBA8 pixel buffer (little-endian `UInt32`, R in the low byte), rows top to bottom.
///
/// A reference type so every copy of a `GraphicsContext` draws into the same pixels, as in SwiftUI.
final class Surface {
    let width: Int
    let height: Int
    private let buffer: UnsafeMutablePointer<UInt32>
    /// The colour of every pixel after a `fill` not written yet. A frame starts with a clear and
    /// almost always with an opaque full-frame background next, which replaces every pixel: the
    /// clear would be a whole-frame write for nothing (`discardPendingFill`).
    private var pendingFill: UInt32?
    var count: Int { width * height }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        buffer = .allocate(capacity: width * height)
        buffer.initialize(repeating: 0, count: width * height)
    }

    deinit { buffer.deallocate() }

    /// The pixels, with any pending fill written first.
    var pixels: UnsafeMutablePointer<UInt32> {
        if let value = pendingFill {
            buffer.update(repeating: value, count: count)
            pendingFill = nil
        }
        return buffer
    }

    /// Rows drawn into since the surface was last cleared (all of them after `fill`), so layers
    /// clear and composite only what they touched.
    private(set) var dirtyRows: Range<Int> = 0..<0

    /// Sets every pixel to `value`; the write waits until the pixels are next used.
    func fill(_ value: UInt32) {
        pendingFill = value
        dirtyRows = 0..<height
    }

    /// Drops a pending fill: for a caller about to replace every pixel.
    func discardPendingFill() {
        pendingFill = nil
    }

    /// Notes that `rows` may have been drawn into.
    func markDirty(_ rows: Range<Int>) {
        let r = rows.clamped(to: 0..<height)
        guard !r.isEmpty else { return }
        dirtyRows = dirtyRows.isEmpty ? r : min(dirtyRows.lowerBound, r.lowerBound)..<max(dirtyRows.upperBound, r.upperBound)
    }

    /// Makes the surface transparent again, writing only the rows that were drawn.
    func clearDirty() {
        guard !dirtyRows.isEmpty else { return }
        (pixels + dirtyRows.lowerBound * width).update(repeating: 0, count: dirtyRows.count * width)
        dirtyRows = 0..<0
    }

    func copy() -> Surface {
        let s = Surface(width: width, height: height)
        s.pixels.update(from: pixels, count: count)
        return s
    }
}
