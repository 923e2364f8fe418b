package import AnimateDrawing
package import AnimateVideo
package import Foundation

/// Writes raw frames for other tools, Y4M (4:2:0) or bare RGBA, to a file (atomically) or to
/// standard output.
package final class RawFrameSink: FrameSink {
    /// What a worker hands over: YUV samples for Y4M, straight RGBA bytes otherwise.
    package enum Payload { case yuv(VideoFrame), rgba([UInt8]) }

    private let kind: RawVideoWriter.Kind
    private let file: OutputFile?
    /// Files put in place with the frames, all or none.
    private let companions: [OutputFile]
    private let handle: FileHandle
    private let writer: RawVideoWriter
    private let width: Int
    private let height: Int
    private let incremental: Bool
    private var makers: [VideoFrameMaker] = []

    package init(kind: RawVideoWriter.Kind, to destination: Output.RawDestination, request: RenderRequest,
                 companions: [OutputFile] = []) throws {
        self.kind = kind
        self.companions = companions
        switch destination {
        case .file(let url):
            let file = try OutputFile(destination: url)
            self.file = file
            handle = try file.openForWriting()
        case .standardOutput:
            file = nil
            // Closed when the program started (`>&-`; the command line holds its number with
            // /dev/null, `markStandardOutputClosed`), or closed now: the frames would go nowhere.
            guard !OutputInterruption.standardOutputIsClosed, fcntl(1, F_GETFD) != -1 else {
                throw OutputError.cannotWrite(path: "standard output", .other("it is closed"))
            }
            let fd = OutputInterruption.standardOutputForWriting()
            handle = FileHandle(fileDescriptor: fd, closeOnDealloc: fd != 1)
        }
        writer = try RawVideoWriter(kind: kind, handle: handle, width: request.width, height: request.height, rate: request.rate)
        width = request.width
        height = request.height
        incremental = request.reusesPreviousFrame
    }

    package func begin(workers: Int) throws {
        guard kind == .y4m else { return }
        makers = try (0..<workers).map { _ in try VideoFrameMaker(yuv420Width: width, height: height, incremental: incremental) }
    }

    package func payload(of canvas: inout Bitmap, worker: Int) throws -> Payload {
        kind == .y4m ? .yuv(try makers[worker].frame(of: canvas)) : .rgba(canvas.rgba8())
    }

    package func consume(_ payload: Payload, frame: Int) throws {
        switch payload {
        case .yuv(let f): try writer.append(f)
        case .rgba(let bytes): try writer.append(rgba: bytes)
        }
    }

    package func finish() throws -> [URL] {
        guard let file else { try OutputFile.commit(companions); return [] }
        try handle.close()
        try OutputFile.commit([file] + companions)
        return [file.destination]
    }

    package func stop(keepingPartial: Bool) throws -> PartialRender? {
        file?.discard()
        return nil
    }
}
