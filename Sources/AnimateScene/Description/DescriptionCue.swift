/// What the picture shows at `time`, said for those who cannot see it (audio description): spoken
/// in the narration's next silence, or with the picture held in an extended render.
public struct DescriptionCue: Sendable, Hashable {
    public var text: String
    /// Scene time in seconds of what it describes.
    public var time: Double

    public init(_ text: String, at time: Double) {
        self.text = text; self.time = time
    }
}
