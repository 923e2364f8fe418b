/// A bitmap image: straight (un-premultiplied) RGBA8 pixels, rows top to bottom.
///
/// Made in code with `init(rgba:width:height:)`, or decoded from PNG or JPEG with
/// `init(contentsOf:)` (from `import Animate`).
public struct Image: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes of straight RGBA.
    public let rgba: [UInt8]

    /// An image from straight RGBA bytes; nil when the byte count does not match the size.
    public init?(rgba: [UInt8], width: Int, height: Int) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
