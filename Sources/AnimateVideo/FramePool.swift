import CFFmpeg

/// Recycles the pixel buffers of YUV frames through an `AVBufferPool`: a buffer goes back to the
/// pool when FFmpeg drops its last reference (x264 copies a picture as it takes it), so a render
/// allocates its few frames once instead of one per frame, and memory does not drift
/// with allocator fragmentation over long renders. Thread-safe (FFmpeg's pool locks).
final class FramePool {
    let format: PixelFormat
    let width: Int
    let height: Int
    /// Bytes per row of each plane, and where each plane starts in the buffer.
    private let strides: [Int]
    private let offsets: [Int]
    private var pool: OpaquePointer?

    /// A pool of planar frames in `format`.
    init(format: PixelFormat, width: Int, height: Int) throws {
        self.format = format
        self.width = width
        self.height = height
        let subsampled = format.isSubsampled, sample = format.isTenBit ? 2 : 1
        let cw = subsampled ? (width + 1) / 2 : width, ch = subsampled ? (height + 1) / 2 : height
        // 64-byte aligned rows and planes, as FFmpeg's own SIMD code expects.
        func aligned(_ n: Int) -> Int { (n * sample + 63) & ~63 }
        strides = [aligned(width), aligned(cw), aligned(cw)]
        offsets = [0, strides[0] * height, strides[0] * height + strides[1] * ch]
        // Extra padding past the last plane: FFmpeg may read a little beyond a row.
        let size = offsets[2] + strides[2] * ch + 64
        guard let p = av_buffer_pool_init(size, nil) else { throw VideoError.outOfMemory("creating a frame pool") }
        pool = p
    }

    deinit { av_buffer_pool_uninit(&pool) }

    /// A frame whose planes live in a pooled buffer.
    func frame() throws -> VideoFrame {
        guard let buffer = av_buffer_pool_get(pool) else { throw VideoError.outOfMemory("allocating a frame") }
        let frame = try VideoFrame(format: format.avPixelFormat, width: width, height: height, buffer: buffer)
        withPlanes(of: frame.frame) { data, lines in
            for plane in 0..<3 {
                data[plane] = buffer.pointee.data + offsets[plane]
                lines[plane] = Int32(strides[plane])
            }
        }
        return frame
    }
}
