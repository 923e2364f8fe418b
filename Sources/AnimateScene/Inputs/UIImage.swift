public import AnimateDrawing
import AnimateVideo
public import Foundation

/// A decoded picture, as UIKit's `UIImage`, for lesson code that loads pictures from data or
/// files and shows them with `Image(uiImage:)`.
public final class UIImage: Equatable, @unchecked Sendable {
    /// The picture.
    package let image: Image

    /// The picture in PNG or JPEG `data`; nil when the data is no picture this can decode (or
    /// one too large for the memory the render may use).
    public init?(data: Data) {
        guard let decoded = try? ImageDecoder.decode([UInt8](data)),
              let image = Image(rgba: decoded.rgba, width: decoded.width, height: decoded.height) else { return nil }
        self.image = image
    }

    /// The picture in the PNG or JPEG file at `path`; nil when it cannot be read or decoded.
    public init?(contentsOfFile path: String) {
        guard let image = try? Image(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        self.image = image
    }

    /// A UIImage of `image`.
    package init(_ image: Image) { self.image = image }

    /// Its size in points.
    public var size: CGSize { image.size }

    public static func == (a: UIImage, b: UIImage) -> Bool { a === b || a.image == b.image }
}

extension Image {
    /// The picture of a `UIImage`.
    public init(uiImage: UIImage) { self = uiImage.image }
}
