import Foundation

/// Joins rendered segments (the shards of one render) into one MP4 by stream copy: no re-encode,
/// continuous timestamps, the exact frame count. Written atomically, like every output.
public struct SegmentJoin: Sendable {
    public let segments: [URL]
    public let output: URL

    /// Checks the description: at least one segment, and an `.mp4` output.
    public init(segments: [URL], output: URL) throws(RenderError) {
        guard !segments.isEmpty else { throw .noSegments }
        guard output.pathExtension.lowercased() == "mp4" else { throw .joinedFileNotMP4(output.path) }
        self.segments = segments
        self.output = output
    }

    /// Joins the segments; returns the frames in the joined file. Segments that differ in size,
    /// rate or encoder setup are refused, and the previous output is kept.
    @discardableResult
    public func run() throws -> Int {
        let file = try OutputFile(destination: output)
        defer { file.discard() }
        let frames = try VideoConcatenator.concatenate(segments.map(\.path), to: file.temporary.path)
        try file.commit()
        return frames
    }
}
