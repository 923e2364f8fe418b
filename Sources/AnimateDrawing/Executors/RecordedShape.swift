/// A shape as a recording keeps it: its outline in the recording's buffer, and its painting.
struct RecordedShape {
    /// Its contours in the recording's `outlines`.
    let contours: Range<Int>
    /// The rows its edges can reach: a band elsewhere skips the shape.
    let rows: Range<Int>
    let painting: ShapePainting
}
