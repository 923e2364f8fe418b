/// One drawing operation as a recording keeps it (`DrawRecording`): what the context decided,
/// so every band draws it alike without going back to the scene.
enum DrawCommand {
    /// A filled outline: a fill, a stroke's outline, an image's rectangle, a glyph run.
    case shape(RecordedShape)
    /// Coverage masks painted as one shape (in segments, each painted its own way): their
    /// placements in the recording's `placements`, and the rows they reach.
    case masks(Range<Int>, rows: Range<Int>, [MaskSegment])
    /// A layer without filters: its own commands, drawn into a transparent layer band by band
    /// and composited onto the band below.
    case layer(DrawRecording, Compositing)
    /// A layer with filters, drawn and filtered whole when it was recorded (a blur reaches across
    /// bands), composited band by band.
    case surface(Surface, Compositing)
}
