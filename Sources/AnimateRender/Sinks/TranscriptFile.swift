public import Foundation

/// A transcript written with a render (`Transcript`): an HTML page (`.html`, `.htm`) or plain
/// text (`.txt`), timed to the rendered frames, written atomically.
public struct TranscriptFile: Sendable {
    public let url: URL
    public let request: RenderRequest
    /// Whether it is the HTML page (else plain text).
    public let isHTML: Bool

    /// Checks that the path ends in .html, .htm or .txt and is not the render's own output.
    public init(path: String, request: RenderRequest) throws(RenderError) {
        let url = URL(fileURLWithPath: path)
        switch url.pathExtension.lowercased() {
        case "html", "htm": isHTML = true
        case "txt": isHTML = false
        default: throw .unknownTranscriptFormat(path)
        }
        if let output = request.output?.file, CaptionFile.sameFile(url, output) { throw .captionsAreTheOutput(path) }
        self.url = url; self.request = request
    }

    /// Writes the transcript beside its destination, to be put in place by committing `file`.
    package func stage() throws -> OutputFile {
        let transcript = try Transcript(request: request, stillWidth: isHTML ? 640 : 0)
        let file = try OutputFile(destination: url)
        try file.write(Data((isHTML ? transcript.html() : transcript.text()).utf8))
        return file
    }
}
