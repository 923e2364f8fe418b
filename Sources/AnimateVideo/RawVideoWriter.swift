package import AnimateTimeline
import CFFmpeg
package import Foundation

/// Writes raw frames for other tools: YUV4MPEG2 (`.y4m`, 4:2:0 BT.709 limited range, which any
/// encoder reads: `animate starfield --format y4m -o - | ffmpeg -i - ...`) or bare straight RGBA
/// (`.rgba`, `width * height * 4` bytes per frame, no header).
package final class RawVideoWriter {
    package enum Kind: Sendable { case y4m, rgba }
    package let kind: Kind
    private let handle: FileHandle
    private let width: Int
    private let height: Int
    private var buffer: [UInt8] = []

    /// A writer on an open file (or standard output). For Y4M the stream header is written at once.
    package init(kind: Kind, handle: FileHandle, width: Int, height: Int, rate: FrameRate) throws {
        self.kind = kind
        self.handle = handle
        self.width = width
        self.height = height
        if kind == .y4m {
            let header = "YUV4MPEG2 W\(width) H\(height) F\(rate.numerator):\(rate.denominator) Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n"
            try write(Array(header.utf8))
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        // A reader that stopped reading blocks the write: an interruption ends it.
        let failed = try bytes.withUnsafeBytes { try OutputInterruption.write($0, to: handle.fileDescriptor) }
        if failed == EPIPE { throw VideoError.readerClosedEarly }
        if failed != 0 { throw VideoError.rawWriteFailed(reason: String(cString: strerror(failed))) }
    }

    /// Appends a converted 4:2:0 frame (Y4M).
    package func append(_ frame: VideoFrame) throws {
        precondition(kind == .y4m)
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: Array("FRAME\n".utf8))
        frame.withPlanes { data, lines in
            for (plane, w, h) in [(0, width, height), (1, (width + 1) / 2, (height + 1) / 2), (2, (width + 1) / 2, (height + 1) / 2)] {
                for y in 0..<h {
                    buffer.append(contentsOf: UnsafeBufferPointer(start: data[plane]! + y * Int(lines[plane]), count: w))
                }
            }
        }
        try write(buffer)
    }

    /// Appends straight RGBA bytes (RGBA).
    package func append(rgba: [UInt8]) throws {
        precondition(kind == .rgba)
        try write(rgba)
    }
}
