public import AnimateAudio
public import Foundation
import AnimateScene

/// A caption sidecar for a render: the narration's captions timed to the rendered frames, as
/// WebVTT or SubRip by the file's extension, written atomically.
public struct CaptionFile: Sendable {
    public let url: URL
    public let format: CaptionFormat
    public let request: RenderRequest
    /// WebVTT cues with each word's time inline (`<00:00:01.200>word`).
    public var wordTimes = false
    /// The audio description's text, each cue from when it is spoken until it ends (a WebVTT
    /// `descriptions` track), instead of the narration's captions.
    public let describes: Bool

    /// Checks that the path names a caption format and that the scene has a narration (or,
    /// for `describes`, descriptions).
    public init(path: String, request: RenderRequest, describes: Bool = false) throws(RenderError) {
        let url = URL(fileURLWithPath: path)
        guard let format = CaptionFormat(pathExtension: url.pathExtension) else { throw .unknownCaptionFormat(path) }
        if describes {
            guard request.scene.hasDescriptions else { throw .descriptionsMissing(request.scene.name) }
        } else {
            guard request.scene.narration != nil else { throw .captionsNeedNarration(request.scene.name) }
        }
        if let output = request.output?.file, Self.sameFile(url, output) { throw .captionsAreTheOutput(path) }
        self.url = url; self.format = format; self.request = request; self.describes = describes
    }

    /// Whether `a` and `b` name one file: the same path once symbolic links are followed, or the same inode.
    static func sameFile(_ a: URL, _ b: URL) -> Bool {
        if a.standardizedFileURL.resolvingSymlinksInPath().path == b.standardizedFileURL.resolvingSymlinksInPath().path { return true }
        var x = stat(), y = stat()
        return stat(a.path, &x) == 0 && stat(b.path, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// Writes the file; returns the number of cues.
    @discardableResult
    public func write() throws -> Int {
        let staged = try stage()
        try staged.file.commit()
        return staged.cues
    }

    /// Writes the captions beside their destination, to be put in place by committing `file`
    /// (discarded, leaving any previous file, if it is not).
    package func stage() throws -> (file: OutputFile, cues: Int) {
        let cues = describes ? try request.descriptionCues() : try request.captions()
        let file = try OutputFile(destination: url)
        try file.write(Data(format.text(cues, wordTimes: wordTimes).utf8))
        return (file, cues.count)
    }
}
