/// A shape as a recording keeps it: its edges in the recording's edge list, and its painting.
struct RecordedShape {
    /// Its edges in the recording's `edges`, binned by rows.
    let edges: EdgeList.Shape
    /// The rows its edges reach: a band elsewhere skips the shape.
    var rows: Range<Int> { edges.rows }
    let painting: ShapePainting
}
