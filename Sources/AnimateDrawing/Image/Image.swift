/// A bitmap image: straight (un-premultiplied) RGBA8 pixels, rows top to bottom.
///
/// Made in code with `init(rgba:width:height:)`, or decoded from PNG or JPEG with
/// `init(contentsOf:)` (from `import Animate`). Drawing uses a premultiplied mip chain built once,
/// so an image shrunk to a thumbnail is area-averaged and does not shimmer from frame to frame.
public struct Image: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes of straight RGBA.
    public let rgba: [UInt8]
    /// Premultiplied levels: full size, then each halved (area average) down to 1x1.
    let mipmaps: MipChain

    /// The image's size in pixels.
    public var size: CGSize { CGSize(width: width, height: height) }

    /// An image from straight RGBA bytes; nil when the byte count does not match the size.
    public init?(rgba: [UInt8], width: Int, height: Int) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
        mipmaps = MipChain(rgba: rgba, width: width, height: height)
    }

    public static func == (a: Image, b: Image) -> Bool { a.width == b.width && a.height == b.height && a.rgba == b.rgba }
}

import Foundation

/// Premultiplied mip levels of an image, each a 2x2 box average of the one before.
final class MipChain: @unchecked Sendable {
    struct Level {
        let width: Int
        let height: Int
        /// Premultiplied RGBA as floats 0...255, four per pixel.
        let pixels: [SIMD4<Float>]
    }
    let levels: [Level]

    init(rgba: [UInt8], width: Int, height: Int) {
        var base = [SIMD4<Float>](repeating: .zero, count: width * height)
        for i in 0..<(width * height) {
            let a = Float(rgba[4 * i + 3]) / 255
            base[i] = SIMD4(Float(rgba[4 * i]) * a, Float(rgba[4 * i + 1]) * a, Float(rgba[4 * i + 2]) * a, Float(rgba[4 * i + 3]))
        }
        var levels = [Level(width: width, height: height, pixels: base)]
        while let last = levels.last, last.width > 1 || last.height > 1 {
            let w = max(1, last.width / 2), h = max(1, last.height / 2)
            var next = [SIMD4<Float>](repeating: .zero, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    // Box filter over the 2x2 (or 1x2/2x1 at odd edges) source pixels.
                    let x0 = min(2 * x, last.width - 1), x1 = min(2 * x + 1, last.width - 1)
                    let y0 = min(2 * y, last.height - 1), y1 = min(2 * y + 1, last.height - 1)
                    next[y * w + x] = (last.pixels[y0 * last.width + x0] + last.pixels[y0 * last.width + x1]
                                       + last.pixels[y1 * last.width + x0] + last.pixels[y1 * last.width + x1]) * 0.25
                }
            }
            levels.append(Level(width: w, height: h, pixels: next))
        }
        self.levels = levels
    }
}
