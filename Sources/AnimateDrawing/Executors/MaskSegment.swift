/// Part of a mask run painted its own way (a run of text in its own colour): the pixel columns
/// its placements lie in, which no other segment of the run reaches, so painting the segments
/// in one pass gives the pixels painting each alone gives.
struct MaskSegment {
    let columns: Range<Int>
    let painting: ShapePainting
    /// Columns painted each in their own premultiplied colour instead of the painting's (a line
    /// of code in its token colours), side by side within `columns`; the painting blends normally,
    /// antialiased, without a mask (`Compositor.levelSpan(y:x:count:levels:colors:)`). Empty when
    /// the painting's paint applies.
    let colors: [(columns: Range<Int>, color: UInt32)]

    /// One painting for the whole run.
    init(_ painting: ShapePainting) {
        columns = Int.min..<Int.max
        self.painting = painting
        colors = []
    }

    init(columns: Range<Int>, painting: ShapePainting, colors: [(columns: Range<Int>, color: UInt32)] = []) {
        self.columns = columns
        self.painting = painting
        self.colors = colors
    }
}
