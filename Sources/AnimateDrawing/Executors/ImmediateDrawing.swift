/// Draws each operation into a surface as it comes, on the calling thread.
final class ImmediateDrawing: DrawingExecutor {
    let surface: Surface
    private let rasterizer: Rasterizer
    private let compositingRows: CompositingRows

    init(surface: Surface, scratch: RenderScratch) {
        self.surface = surface
        rasterizer = scratch.rasterizer
        compositingRows = scratch.compositingRows
    }

    func fill(_ outline: Polylines, _ painting: ShapePainting) {
        guard surface.isWholeFrame(outline, painting) else { return rasterize(outline, painting) }
        surface.drawWholeFrame(with: painting.paint) { rasterize(outline, painting) }
    }

    @inline(__always)
    private func rasterize(_ outline: Polylines, _ painting: ShapePainting) {
        rasterizer.addPolygons(outline, simple: painting.simple)
        // Coverage only ever reaches the rows the edges touch.
        surface.markDirty(rasterizer.pendingRows, columns: rasterizer.pendingColumns)
        var sink = Compositor(surface: surface, painting, rows: compositingRows)
        rasterizer.sweep(rule: painting.rule, into: &sink)
    }

    func fill(masks: UnsafeBufferPointer<MaskPlacement>, keeping kept: [AnyObject], rows: Range<Int>, columns: Range<Int>,
              _ segments: [MaskSegment]) {
        surface.markDirty(rows, columns: columns)
        _ = MaskRun.draw(masks, rows: rows, into: surface, segments, scratch: compositingRows)
    }

    func recordLayer(_ compositing: Compositing, _ content: (DrawRecording) throws -> Void) rethrows -> Bool { false }

    func composite(_ layer: Surface, _ compositing: Compositing) -> Bool {
        surface.composite(layer, compositing)
        return false
    }
}
