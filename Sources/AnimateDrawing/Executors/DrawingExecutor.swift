/// Where a context's operations go once it has decided them (`GraphicsContext` keeps SwiftUI's
/// surface: transforms, styles, strokes, clips, filters): drawn into the pixels at once
/// (`ImmediateDrawing`), recorded for a layer (`DrawRecording`), or recorded and drawn band by band
/// on several threads (`BandedDrawing`). Every executor receives the same three commands.
protocol DrawingExecutor: AnyObject {
    /// Paints a device-space outline.
    func fill(_ outline: Polylines, _ painting: ShapePainting)
    /// Paints coverage masks placed on the surface, reaching `rows` and `columns`, as one shape (`MaskRun`);
    /// `kept` are the masks placed, to keep while the placements are.
    func fill(masks: UnsafeBufferPointer<MaskPlacement>, keeping kept: [AnyObject], rows: Range<Int>, columns: Range<Int>,
              _ segments: [MaskSegment])
    /// Records a layer without filters: `content` draws into a new recording, which is composited
    /// with `compositing` band by band. False, and `content` not called, when this executor draws
    /// layers whole (`GraphicsContext.drawFilteredLayer`).
    func recordLayer(_ compositing: Compositing, _ content: (DrawRecording) throws -> Void) rethrows -> Bool
    /// Composites a whole surface (a filtered layer). True when the surface is kept (recorded, to
    /// be composited later): the caller must not reuse it.
    func composite(_ layer: Surface, _ compositing: Compositing) -> Bool
}
