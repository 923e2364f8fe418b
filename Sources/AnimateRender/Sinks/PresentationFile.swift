public import Foundation
import AnimateScene

/// A presentation (`SlideDeck`, one offline HTML page) or a handout (`Handout`, a PDF) written
/// with a render: made before the render's first frame and put in place together with its
/// output, so a failure of either replaces neither.
public struct PresentationFile: Sendable {
    public enum Kind: Sendable { case slides, handout }

    public let url: URL
    public let kind: Kind
    public let request: RenderRequest

    /// Checks the extension (.html or .htm for slides, .pdf for a handout) and that the path is
    /// not the render's own output.
    public init(path: String, kind: Kind, request: RenderRequest) throws(RenderError) {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        switch kind {
        case .slides: guard ext == "html" || ext == "htm" else { throw .unknownSlidesFormat(path) }
        case .handout: guard ext == "pdf" else { throw .unknownHandoutFormat(path) }
        }
        if let output = request.output?.file, CaptionFile.sameFile(url, output) { throw .sideFileIsTheOutput(option: kind == .slides ? "--slides" : "--handout", path: path) }
        self.url = url; self.kind = kind; self.request = request
    }

    /// Writes the file beside its destination, to be put in place by committing `file`;
    /// `count` is its slides or pages. `isCancelled` is polled between the slides' frames.
    package func stage(isCancelled: @escaping () -> Bool = { false }) throws -> (file: OutputFile, count: Int) {
        let file = try OutputFile(destination: url)
        switch kind {
        case .slides:
            let deck = try SlideDeck(request: request, isCancelled: isCancelled)
            if isCancelled() { throw CancellationError() }
            try file.write(Data(deck.html().utf8))
            return (file, deck.slides.count)
        case .handout:
            try file.write(try Handout(request: request).pdf())
            return (file, request.scene.slides.count)
        }
    }
}
