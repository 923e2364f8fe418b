import AnimateDrawing
import AnimateVideo
import Foundation

extension Image {
    /// Decodes a local PNG or JPEG file (8-bit, with alpha where present).
    public init(contentsOf url: URL) throws {
        let decoded = try ImageDecoder.decode(contentsOf: url)
        guard let image = Image(rgba: decoded.rgba, width: decoded.width, height: decoded.height) else {
            throw ImageError(path: url.path, reason: "\(decoded.width)x\(decoded.height) is larger than an image can be drawn")
        }
        self = image
    }
}
