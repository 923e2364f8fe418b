import CFFmpeg
import Foundation

/// Encodes straight-alpha RGBA8 images to PNG with FFmpeg's PNG encoder.
package enum PNGEncoder {
    /// PNG bytes for a `width x height` image of straight RGBA, rows top to bottom.
    package static func encode(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws -> [UInt8] {
        guard width > 0, height > 0, rgba.count >= width * height * 4, let base = rgba.baseAddress else {
            throw VideoError.notRGBA(format: "PNG", bytes: rgba.count, width: width, height: height)
        }
        return try encodeStill(AV_CODEC_ID_PNG, "PNG", width: width, height: height, format: AV_PIX_FMT_RGBA) { frame, _ in
            frame.withPlanes { data, lines in
                let stride = Int(lines[0])
                for y in 0..<height {
                    (data[0]! + y * stride).update(from: base + y * width * 4, count: width * 4)
                }
            }
        }
    }
}
