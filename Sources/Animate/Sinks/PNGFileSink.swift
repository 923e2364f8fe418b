import Foundation

/// Writes each frame as a PNG: one still, or a numbered sequence named by a `%05d`-style pattern.
/// Each file is written atomically.
public final class PNGFileSink: FrameSink {
    private let name: (Int) -> URL
    private var written: [URL] = []

    /// Frames named by `pattern` (`frame_%05d.png` -> `frame_00042.png`).
    public init(pattern: String) {
        name = { URL(fileURLWithPath: FramePattern.expand(pattern, $0)) }
    }

    /// Every frame to `url` (for one still).
    public init(still url: URL) {
        name = { _ in url }
    }

    public func payload(of canvas: inout Canvas, worker: Int) throws -> [UInt8] {
        try canvas.rgba8().withUnsafeBufferPointer {
            try PNGEncoder.encode(rgba: $0, width: canvas.width, height: canvas.height)
        }
    }

    public func consume(_ png: [UInt8], frame: Int) throws {
        let url = name(frame)
        try OutputFile.write(Data(png), to: url)
        written.append(url)
    }

    public func finish() throws -> [URL] { written }
}
