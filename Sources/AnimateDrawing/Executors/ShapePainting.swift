/// How an outline is painted: everything a context decides about a fill, a stroke's outline, an
/// image's rectangle or a glyph run, so an executor draws it without going back to the scene.
struct ShapePainting {
    let paint: Paint
    let rule: FillRule
    let antialiased: Bool
    /// The contours are known not to cross or meet in a pixel (see `Rasterizer.addPolygons`).
    let simple: Bool
    let compositing: Compositing
}
