import AnimateDrawing
import Foundation

extension Canvas {
    /// Writes the canvas as a straight-alpha RGBA PNG (atomically: a failed write leaves `url` untouched).
    public func writePNG(to url: URL) throws {
        let bytes = rgba8()
        try bytes.withUnsafeBufferPointer { try PNGEncoder.write(rgba: $0, width: width, height: height, to: url) }
    }
}
