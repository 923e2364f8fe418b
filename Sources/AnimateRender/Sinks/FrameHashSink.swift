public import AnimateDrawing
import AnimateVideo
public import Foundation

/// Hashes each frame: the MD5 (libavutil) of its straight RGBA bytes, optionally storing the
/// frame as a PNG reference beside the manifest (for `verify --diff`).
public final class FrameHashSink: FrameSink {
    /// Frame index and MD5, in order.
    public private(set) var hashes: [(index: Int, md5: String)] = []
    private let referenceDirectory: URL?

    /// With `referenceDirectory`, each frame is also written there as `FrameHashing.referenceName(index)`.
    public init(referenceDirectory: URL? = nil) throws {
        self.referenceDirectory = referenceDirectory
        if let referenceDirectory {
            try FileManager.default.createDirectory(at: referenceDirectory, withIntermediateDirectories: true)
        }
    }

    public func payload(of canvas: inout Bitmap, worker: Int) throws -> (md5: String, png: [UInt8]?) {
        let bytes = canvas.rgba8()
        let md5 = bytes.withUnsafeBufferPointer { MD5.hex($0) }
        let png = try referenceDirectory.map { _ in
            try bytes.withUnsafeBufferPointer { try PNGEncoder.encode(rgba: $0, width: canvas.width, height: canvas.height) }
        }
        return (md5, png)
    }

    public func consume(_ payload: (md5: String, png: [UInt8]?), frame: Int) throws {
        hashes.append((frame, payload.md5))
        if let referenceDirectory, let png = payload.png {
            try OutputFile.write(Data(png), to: referenceDirectory.appendingPathComponent(FrameHashing.referenceName(frame)))
        }
    }

    public func finish() throws -> [URL] { [] }
}
