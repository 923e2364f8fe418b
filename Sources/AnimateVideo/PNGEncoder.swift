import CFFmpeg
import Foundation

/// Encodes straight-alpha RGBA8 images to PNG with FFmpeg's PNG encoder.
public enum PNGEncoder {
    /// PNG bytes for a `width x height` image of straight RGBA, rows top to bottom.
    public static func encode(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws -> [UInt8] {
        guard width > 0, height > 0, rgba.count >= width * height * 4, let base = rgba.baseAddress else {
            throw VideoError("PNG: \(rgba.count) bytes do not make a \(width)x\(height) RGBA image")
        }
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_PNG) else { throw VideoError("FFmpeg has no PNG encoder") }
        var ctx = avcodec_alloc_context3(encoder)
        defer { avcodec_free_context(&ctx) }
        guard let c = ctx else { throw VideoError("out of memory opening the PNG encoder") }
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.pix_fmt = AV_PIX_FMT_RGBA
        c.pointee.time_base = AVRational(num: 1, den: 1)
        try FFmpegError.check(avcodec_open2(c, encoder, nil), "opening the PNG encoder")
        let frame = try VideoFrame(format: AV_PIX_FMT_RGBA, width: width, height: height)
        frame.withPlanes { data, lines in
            let stride = Int(lines[0])
            for y in 0..<height {
                (data[0]! + y * stride).update(from: base + y * width * 4, count: width * 4)
            }
        }
        return try encodeStill(frame, with: c, "PNG")
    }
}
