/// One drawing operation as recorded for banded drawing (`BandedDrawing`): everything the
/// context had decided (device-space outline, resolved paint, opacity, blend mode, clip), so
/// every band draws it alike without going back to the scene.
enum DrawCommand {
    /// A filled outline: a fill, a stroke's outline, an image's rectangle, a glyph run.
    case shape(RecordedShape)
    /// A layer without filters: its own commands, drawn into a transparent layer band by band
    /// and composited onto the band below.
    case layer(DrawRecording, mode: BlendMode, opacity: Float, clip: ClipMask?)
    /// A layer with filters, drawn and filtered whole when it was recorded (a blur reaches across
    /// bands), composited band by band.
    case surface(Surface, mode: BlendMode, opacity: Float, clip: ClipMask?)
}
