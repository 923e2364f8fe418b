import CFFmpeg
import Foundation

/// Encodes RGBA8 images to baseline JPEG (JFIF: BT.601, full range, 4:2:0) with FFmpeg's MJPEG
/// encoder: a fast, small picture for previews, not an exact one (PNG is exact).
package enum JPEGEncoder {
    /// JPEG bytes for a `width x height` image of premultiplied RGBA (read as the image flattened
    /// over black), rows top to bottom. `quality` is FFmpeg's q scale: 2 (best) ... 31.
    package static func encode(premultipliedRGBA rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, quality: Int = 3) throws -> [UInt8] {
        guard width > 0, height > 0, rgba.count >= width * height * 4, let base = rgba.baseAddress else {
            throw VideoError.notRGBA(format: "JPEG", bytes: rgba.count, width: width, height: height)
        }
        let lambda = Int32(min(max(quality, 2), 31)) * FF_QP2LAMBDA
        return try encodeStill(AV_CODEC_ID_MJPEG, "JPEG", width: width, height: height, format: AV_PIX_FMT_YUVJ420P, configure: { c in
            c.pointee.color_range = AVCOL_RANGE_JPEG
            c.pointee.flags |= AV_CODEC_FLAG_QSCALE
            c.pointee.global_quality = lambda
        }, fill: { frame, _ in
            frame.frame.pointee.quality = lambda
            guard let sws = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height), AV_PIX_FMT_YUVJ420P,
                                           SWS_BILINEAR, nil, nil, nil) else {
                throw VideoError.conversionFailed(format: "JPEG", width: width, height: height)
            }
            defer { sws_freeContext(sws) }
            var source: [UnsafePointer<UInt8>?] = [base, nil, nil, nil]
            var sourceStride: [Int32] = [Int32(width * 4), 0, 0, 0]
            let rows = frame.withPlanes { data, lines in
                sws_scale(sws, &source, &sourceStride, 0, Int32(height), data, lines)
            }
            guard rows == Int32(height) else { throw VideoError.conversionFailed(format: "JPEG", width: width, height: height) }
        })
    }
}
