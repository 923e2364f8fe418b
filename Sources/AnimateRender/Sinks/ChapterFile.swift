import AnimateScene
import AnimateVideo
public import Foundation

/// A WebVTT file of the render's chapters (`kind="chapters"` for a web page's `<track>`), timed
/// to the rendered frames, written with the output as the captions are.
public struct ChapterFile: Sendable {
    public let url: URL
    public let request: RenderRequest

    /// Checks that the path names a WebVTT file (never a render's output) and that the scene has sections.
    public init(path: String, request: RenderRequest) throws(RenderError) {
        let url = URL(fileURLWithPath: path)
        guard url.pathExtension.lowercased() == "vtt" else { throw .chaptersNotWebVTT(path) }
        guard !request.scene.sections.isEmpty else { throw .chaptersNeedSections(request.scene.name) }
        self.url = url
        self.request = request
    }

    /// Writes the chapters beside their destination, to be put in place by committing `file`.
    package func stage() throws -> (file: OutputFile, chapters: Int) {
        let chapters = request.chapters
        let file = try OutputFile(destination: url)
        try file.write(Data(VideoChapter.webVTT(chapters).utf8))
        return (file, chapters.count)
    }
}
