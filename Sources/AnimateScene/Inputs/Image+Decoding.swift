public import AnimateDrawing
import AnimateVideo
public import Foundation

extension Image {
    /// Decodes a local PNG or JPEG file (8-bit, with alpha where present).
    public init(contentsOf url: URL) throws { try self.init(contentsOf: url, shorterSide: nil) }

    /// Decodes a picture that will be shown with its shorter side at most `shorterSide`: a JPEG
    /// far larger is decoded at a half, quarter or eighth of its size (still at least that).
    init(contentsOf url: URL, shorterSide: Int?) throws {
        let decoded = try ImageDecoder.decode(contentsOf: url, shorterSide: shorterSide)
        guard let image = Image(rgba: decoded.rgba, width: decoded.width, height: decoded.height) else {
            throw ImageError(path: url.path, .tooLargeToDraw(width: decoded.width, height: decoded.height))
        }
        self = image
    }
}
