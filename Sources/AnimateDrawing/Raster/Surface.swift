/// A premultiplied RGBA8 pixel buffer (little-endian `UInt32`, R in the low byte), rows top to bottom.
///
/// A reference type so every copy of a `GraphicsContext` draws into the same pixels, as in SwiftUI.
final class Surface {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<UInt32>
    var count: Int { width * height }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = .allocate(capacity: width * height)
        pixels.initialize(repeating: 0, count: width * height)
    }

    deinit { pixels.deallocate() }

    func fill(_ value: UInt32) { pixels.update(repeating: value, count: count) }

    func copy() -> Surface {
        let s = Surface(width: width, height: height)
        s.pixels.update(from: pixels, count: count)
        return s
    }
}
