public import AnimateDrawing
import AnimateVideo
public import Foundation

extension Bitmap {
    /// Writes the canvas as a straight-alpha RGBA PNG (atomically: a failed write leaves `url` untouched).
    public func writePNG(to url: URL) throws {
        try OutputFile.write(pngData(), to: url)
    }

    /// Bytes a picture of `width` x `height` holds while it is drawn and encoded as PNG: the
    /// canvas, its straight copy, the encoder's filtered rows and its output (16 a pixel covers them).
    package static func pictureBytes(width: Int, height: Int) -> Int { width * height * 16 }
}

extension PNGEncoder {
    /// Writes a PNG atomically: to a temporary file beside `url`, then renamed over it.
    public static func write(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, to url: URL) throws {
        try OutputFile.write(Data(try encode(rgba: rgba, width: width, height: height)), to: url)
    }
}
