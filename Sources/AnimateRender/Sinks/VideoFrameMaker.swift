package import AnimateDrawing
import AnimatePixels
package import AnimateVideo

/// Turns a worker's canvas into an encoder's frame: an empty frame from the encoder's source,
/// its planes filled by the pixel conversion its layout names. One per worker thread.
package final class VideoFrameMaker {
    private let source: VideoFrameSource
    private let converter: FrameConverter

    /// Frames for `encoder`; `incremental` converts only what changed since this maker's last
    /// frame (same bytes, more memory).
    package init(for encoder: VideoEncoder, incremental: Bool = true) throws {
        source = try encoder.makeFrameSource()
        converter = FrameConverter(layout: try encoder.frameLayout(), width: encoder.width, height: encoder.height,
                                   incremental: incremental)
    }

    /// 8-bit 4:2:0 frames for Y4M, without an encoder.
    package init(yuv420Width width: Int, height: Int, incremental: Bool = true) throws {
        source = try VideoFrameSource.yuv420(width: width, height: height)
        converter = FrameConverter(layout: .yuv(subsampled: true, tenBit: false), width: width, height: height, incremental: incremental)
    }

    /// The frame of a canvas's pixels.
    package func frame(of canvas: Bitmap) throws -> VideoFrame {
        let frame = try source.next()
        converter.convert(canvas, into: frame.planes)
        return frame
    }

    /// The frame of premultiplied RGBA bytes (`width * height * 4`, rows top to bottom).
    package func frame(premultipliedRGBA pixels: UnsafeBufferPointer<UInt8>) throws -> VideoFrame {
        guard pixels.count >= converter.width * converter.height * 4 else {
            throw VideoError.frameSizeMismatch(bytes: pixels.count, expected: converter.width * converter.height * 4)
        }
        let frame = try source.next()
        converter.convert(premultipliedRGBA: pixels, into: frame.planes)
        return frame
    }
}
