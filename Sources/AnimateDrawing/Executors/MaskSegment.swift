/// Part of a mask run painted its own way (a run of text in its own colour): the pixel columns
/// its placements lie in, which no other segment of the run reaches, so painting the segments
/// in one pass gives the pixels painting each alone gives.
struct MaskSegment {
    let columns: Range<Int>
    let painting: ShapePainting

    /// One painting for the whole run.
    init(_ painting: ShapePainting) {
        columns = Int.min..<Int.max
        self.painting = painting
    }

    init(columns: Range<Int>, painting: ShapePainting) {
        self.columns = columns
        self.painting = painting
    }
}
