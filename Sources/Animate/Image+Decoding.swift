import AnimateDrawing
import AnimateVideo
import Foundation

extension Image {
    /// Decodes a local PNG or JPEG file (8-bit, with alpha where present).
    public init(contentsOf url: URL) throws {
        let decoded = try ImageDecoder.decode(contentsOf: url)
        guard let image = Image(rgba: decoded.rgba, width: decoded.width, height: decoded.height) else {
            throw ImageError(path: url.path, .tooLargeToDraw(width: decoded.width, height: decoded.height))
        }
        self = image
    }
}
