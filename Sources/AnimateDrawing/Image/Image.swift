/// A bitmap image: straight (un-premultiplied) RGBA8 pixels, rows top to bottom.
///
/// Made in code with `init(rgba:width:height:)`, or decoded from PNG or JPEG with
/// `init(contentsOf:)` (from `import Animate`). Drawing uses a premultiplied mip chain built once,
/// so an image shrunk to a thumbnail is area-averaged and does not shimmer from frame to frame.
public struct Image: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Where the pixels are: in memory, or in a file decoded when first drawn.
    let storage: ImageStorage
    /// Vector artwork drawn instead of the pixels (a system symbol); the pixels are the artwork
    /// drawn in black, for whoever reads them.
    package private(set) var artwork: (any ImageArtwork)?

    /// `width * height * 4` bytes of straight RGBA.
    public var rgba: [UInt8] { storage.mipmaps.rgba }
    /// Premultiplied levels: full size, then each halved (area average) down to 1x1.
    var mipmaps: MipChain { storage.mipmaps }

    /// Pixels a point (an asset catalog's @2x and @3x pictures are 2 and 3).
    package var scale: CGFloat = 1

    /// The image's size in points: its pixels, or fewer for a @2x or @3x picture.
    public var size: CGSize { CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale) }

    /// An image from straight RGBA bytes; nil when the byte count does not match the size.
    public init?(rgba: [UInt8], width: Int, height: Int) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        storage = ImageStorage(MipChain(rgba: rgba, width: width, height: height))
    }

    /// An image of `width` x `height` whose pixels `decode` gives when it is first drawn (straight
    /// RGBA of that size, or an error), and gives again after `DecodedPictures` let them go for
    /// room. A failure draws transparent pixels and is kept for the render to report
    /// (`DecodedPictures.takeFailure`).
    /// `opaque`: the decoder knows every pixel has alpha 255 (a video frame without alpha).
    package init?(width: Int, height: Int, opaque: Bool = false, decoding decode: @escaping @Sendable () throws -> [UInt8]) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else { return nil }
        self.width = width
        self.height = height
        storage = ImageStorage(width: width, height: height, opaque: opaque, decode: decode)
    }

    /// An image of `width` x `height` points drawn by `artwork`.
    package init?(artwork: any ImageArtwork, width: Int, height: Int) {
        self.init(width: width, height: height) {
            var bitmap = Bitmap(width: width, height: height)
            bitmap.draw { context, size in
                artwork.draw(in: CGRect(origin: .zero, size: size), tint: artwork.isTemplate ? .color(.black) : nil, context: context)
            }
            return bitmap.rgba8()
        }
        self.artwork = artwork
    }

    public static func == (a: Image, b: Image) -> Bool {
        guard a.renderingMode == b.renderingMode else { return false }
        if let x = a.artwork, let y = b.artwork { return x === y && a.width == b.width && a.height == b.height && a.isResizable == b.isResizable }
        return a.artwork == nil && b.artwork == nil && a.width == b.width && a.height == b.height && a.rgba == b.rgba
    }

    /// As a view: stretched to the space offered (else shown at its size, a point a pixel).
    package var isResizable = false

    /// The image as a view that stretches to the space it is offered, as SwiftUI's `resizable()`.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// Whether an image is drawn in its own colours or, as a template, its shape in the style it
    /// is drawn with (the foreground style in a view); nil keeps what the image says (symbols and
    /// image sets marked "template" are templates).
    package var renderingMode: TemplateRenderingMode?

    /// The image drawn in its own colours or as a template, as SwiftUI's `renderingMode(_:)`.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        var copy = self
        copy.renderingMode = mode
        return copy
    }

    /// An image's own colours, or its shape in the style it is drawn with.
    public enum TemplateRenderingMode: Sendable, Hashable { case template, original }

    /// Whether the image is drawn as a template.
    package var isTemplate: Bool { renderingMode.map { $0 == .template } ?? artwork?.isTemplate ?? false }

    /// How a resizable image fills its frame (stretched here).
    public enum ResizingMode: Sendable, Hashable { case stretch, tile }
}

public import Foundation

/// Premultiplied mip levels of an image, each a 2x2 box average of the one before. Level 0 is
/// the image's own straight RGBA, premultiplied as it is read (`texel`), so a picture costs its
/// bytes plus a third of its pixels at float precision, not four floats more per pixel.
final class MipChain: @unchecked Sendable {
    struct Level {
        let width: Int
        let height: Int
        /// Premultiplied RGBA as floats 0...255, four per pixel.
        let pixels: [SIMD4<Float>]
    }
    let width: Int
    let height: Int
    /// Level 0: straight RGBA8, shared with the image.
    let rgba: [UInt8]
    /// Levels 1 and up (empty for a 1x1 image), made when first needed (an image drawn at its
    /// own size, as a video frame is, never needs them).
    var levels: [Level] {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let levels = Self.levels(of: rgba, width: width, height: height)
        made = levels
        return levels
    }
    private let lock = NSLock()
    private var made: [Level]?

    /// The sizes of levels 1 and up.
    private static func sizes(width: Int, height: Int) -> [(Int, Int)] {
        var sizes: [(Int, Int)] = []
        var w = width, h = height
        while w > 1 || h > 1 {
            w = max(1, w / 2); h = max(1, h / 2)
            sizes.append((w, h))
        }
        return sizes
    }

    /// How many levels there are, level 0 included.
    var count: Int { Self.sizes(width: width, height: height).count + 1 }

    /// Bytes the levels hold (once made).
    var byteCount: Int { rgba.count + Self.sizes(width: width, height: height).reduce(0) { $0 + $1.0 * $1.1 * MemoryLayout<SIMD4<Float>>.stride } }

    /// Pixel `i` of straight RGBA `p`, premultiplied as floats 0...255.
    @inline(__always) static func texel(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> SIMD4<Float> {
        let a = Float(p[4 * i + 3]) / 255
        return SIMD4(Float(p[4 * i]) * a, Float(p[4 * i + 1]) * a, Float(p[4 * i + 2]) * a, Float(p[4 * i + 3]))
    }

    /// Every texel has alpha 255 (a video frame, a photograph): drawn at its own size, such an
    /// image replaces what is under it.
    let isOpaque: Bool

    /// `opaque` when the caller knows (nil: every texel looked at once).
    init(rgba: [UInt8], width: Int, height: Int, opaque: Bool? = nil) {
        self.width = width
        self.height = height
        self.rgba = rgba
        isOpaque = opaque ?? rgba.withUnsafeBytes { raw in
            // Alpha is each pixel's high byte: the AND of every pixel has it 255 only if all do.
            var all: UInt32 = 0xFFFF_FFFF
            for texel in raw.bindMemory(to: UInt32.self) { all &= texel }
            return raw.count >= 4 && all >> 24 == 255
        }
    }

    /// Each level the 2x2 box average of the one before.
    private static func levels(of rgba: [UInt8], width: Int, height: Int) -> [Level] {
        var levels: [Level] = []
        var lastWidth = width, lastHeight = height
        while lastWidth > 1 || lastHeight > 1 {
            let w = max(1, lastWidth / 2), h = max(1, lastHeight / 2)
            var next = [SIMD4<Float>](repeating: .zero, count: w * h)
            let sw = lastWidth, sh = lastHeight
            func reduce(_ at: (Int) -> SIMD4<Float>) {
                for y in 0..<h {
                    for x in 0..<w {
                        // Box filter over the 2x2 (or 1x2/2x1 at odd edges) source pixels.
                        let x0 = min(2 * x, sw - 1), x1 = min(2 * x + 1, sw - 1)
                        let y0 = min(2 * y, sh - 1), y1 = min(2 * y + 1, sh - 1)
                        next[y * w + x] = (at(y0 * sw + x0) + at(y0 * sw + x1) + at(y1 * sw + x0) + at(y1 * sw + x1)) * 0.25
                    }
                }
            }
            if let last = levels.last {
                last.pixels.withUnsafeBufferPointer { p in reduce { p[$0] } }
            } else {
                rgba.withUnsafeBufferPointer { p in reduce { MipChain.texel(p, $0) } }
            }
            levels.append(Level(width: w, height: h, pixels: next))
            lastWidth = w
            lastHeight = h
        }
        return levels
    }
}
