public import Foundation

/// What a finished render did, for the summary line.
public struct RenderSummary: Sendable {
    /// Frames rendered.
    public let frames: Int
    /// Their duration in scene time.
    public let seconds: Double
    /// How long the render took.
    public let wallSeconds: Double
    /// Bytes written to files.
    public let bytes: Int
    /// The files written (none for standard output or a sink that writes no file).
    public let paths: [URL]
    /// Cues in the caption file written with the render (`Renderer.captions`), if any.
    public internal(set) var captionCues: Int? = nil
    /// The number of chapters written with `--chapters`, when asked for.
    public internal(set) var chapters: Int? = nil
    /// The slides of the presentation written with `Renderer.slides`, when asked for.
    public internal(set) var slides: Int? = nil
    /// The pages of the handout written with `Renderer.handout`, when asked for.
    public internal(set) var handoutPages: Int? = nil
}
