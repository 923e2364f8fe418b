/// An outline and how it is painted, as `GraphicsContext.rasterize` receives it.
struct RecordedShape {
    /// Its contours in the recording's `outlines`.
    let contours: Range<Int>
    /// The rows its edges can reach: a band elsewhere skips the shape.
    let rows: Range<Int>
    let simple: Bool
    let rule: FillRule
    let antialiased: Bool
    let paint: Paint
    let mode: BlendMode
    /// Context opacity times any hairline fade, 0...1.
    let opacity: Float
    let clip: ClipMask?
}
