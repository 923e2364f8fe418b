package import AnimateAudio
package import AnimateDrawing
package import AnimatePixels
package import AnimateVideo
package import Foundation

/// Encodes frames into a video file (`VideoContainer`), with the render's sound as AAC where the
/// container carries sound, written atomically: a temporary file beside the target, renamed over it only when complete.
package final class VideoFileSink: FrameSink {
    private let file: OutputFile
    /// Files put in place with the video, all or none (its captions).
    private let companions: [OutputFile]
    private let encoder: VideoEncoder
    private let incremental: Bool
    private var makers: [VideoFrameMaker] = []

    /// Opens `url` for the frames of `request`. A GIF needs its global `palette`; MP4, QuickTime
    /// and Matroska get `audio` as their soundtrack (and `described`, the audio description, as a
    /// second sound stream); the containers `SegmentJoin` joins get a tag
    /// naming the render (see `SegmentTag`). `companions` are committed with the video, all or none.
    package init(url: URL, container: VideoContainer, request: RenderRequest, palette: GIFPalette? = nil,
                audio: AudioMix? = nil, described: AudioMix? = nil, companions: [OutputFile] = []) throws {
        file = try OutputFile(destination: url)
        self.companions = companions
        encoder = try VideoEncoder(path: file.temporary.path, container: container, width: request.width, height: request.height,
                                   rate: request.rate, settings: request.encoding, palette: palette, audio: audio,
                                   described: described, comment: container.codecs.isEmpty ? nil : SegmentTag(request).text, chapters: request.chapters,
                                   displayPath: url.path)
        incremental = request.reusesPreviousFrame
    }

    package func begin(workers: Int) throws {
        makers = try (0..<workers).map { _ in try VideoFrameMaker(for: encoder, incremental: incremental) }
    }

    package func payload(of canvas: inout Bitmap, worker: Int) throws -> VideoFrame {
        try makers[worker].frame(of: canvas)
    }

    package func consume(_ frame: VideoFrame, frame index: Int) throws {
        try encoder.append(frame)
    }

    package func finish() throws -> [URL] {
        try encoder.finish()
        try OutputFile.commit([file] + companions)
        return [file.destination]
    }

    package func stop(keepingPartial: Bool) throws -> PartialRender? {
        defer { file.discard() }
        guard keepingPartial, encoder.frameCount > 0 else { return nil }
        try encoder.finish(cuttingAudioToVideo: true)
        try OutputFile.commit([file] + companions)
        return PartialRender(frames: encoder.frameCount, url: file.destination)
    }
}
