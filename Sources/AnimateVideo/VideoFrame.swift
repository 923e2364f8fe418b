package import AnimatePixels
import CFFmpeg

/// A frame converted for the encoder (YUV for H.264, palette indices for GIF).
/// Filled on a worker thread (`planes`), consumed by `VideoEncoder.append`.
package final class VideoFrame: @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>

    init(format: AVPixelFormat, width: Int, height: Int) throws {
        guard let f = av_frame_alloc() else { throw VideoError.outOfMemory("allocating a frame") }
        frame = f
        f.pointee.format = format.rawValue
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        try FFmpegError.check(av_frame_get_buffer(f, 0), "allocating a \(width)x\(height) frame")
    }

    /// A frame that takes ownership of `buffer` (from a `FramePool`); the caller sets its planes.
    init(format: AVPixelFormat, width: Int, height: Int, buffer: UnsafeMutablePointer<AVBufferRef>) throws {
        guard let f = av_frame_alloc() else {
            var b: UnsafeMutablePointer<AVBufferRef>? = buffer
            av_buffer_unref(&b)
            throw VideoError.outOfMemory("allocating a frame")
        }
        frame = f
        f.pointee.format = format.rawValue
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        f.pointee.buf.0 = buffer
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    /// The frame's planes, for a converter to fill.
    package var planes: Planes {
        withPlanes { data, lines in
            let count = (0..<4).firstIndex { data[$0] == nil } ?? 4
            return Planes(base: (0..<count).map { data[$0]! }, strides: (0..<count).map { Int(lines[$0]) })
        }
    }

    /// Plane pointers and strides, as C arrays.
    func withPlanes<R>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int32>) throws -> R) rethrows -> R {
        try AnimateVideo.withPlanes(of: frame, body)
    }
}

/// The plane pointers (`data`) and strides (`linesize`) of any AVFrame as C arrays: the fixed-size
/// tuples FFmpeg declares, seen as the pointers its functions take.
func withPlanes<R>(of frame: UnsafeMutablePointer<AVFrame>,
                   _ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int32>) throws -> R) rethrows -> R {
    try withUnsafeMutablePointer(to: &frame.pointee.data) { data in
        try withUnsafeMutablePointer(to: &frame.pointee.linesize) { lines in
            try data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { d in
                try lines.withMemoryRebound(to: Int32.self, capacity: 8) { l in try body(d, l) }
            }
        }
    }
}
