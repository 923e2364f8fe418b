import CFFmpeg

/// Empty frames of one pixel format and size, for a worker to fill: planar Y'CbCr frames come
/// from a `FramePool` (a render allocates its few buffers once), others are allocated one by one.
package final class VideoFrameSource {
    private let format: AVPixelFormat
    private let width: Int
    private let height: Int
    private let pool: FramePool?

    init(format: AVPixelFormat, width: Int, height: Int) throws {
        self.format = format
        self.width = width
        self.height = height
        pool = try PixelFormat.allCases.first { $0.avPixelFormat == format }.map { try FramePool(format: $0, width: width, height: height) }
    }

    /// Frames of 8-bit 4:2:0 Y'CbCr, as Y4M carries, without an encoder.
    package static func yuv420(width: Int, height: Int) throws -> VideoFrameSource {
        try VideoFrameSource(format: AV_PIX_FMT_YUV420P, width: width, height: height)
    }

    /// An empty frame.
    package func next() throws -> VideoFrame {
        if let pool { return try pool.frame() }
        return try VideoFrame(format: format, width: width, height: height)
    }
}
