import Foundation

/// What one thread needs to draw recorded commands into bands of a frame's rows, one band at a
/// time: a rasterizer whose buffers hold one band (aimed at each band it draws), a row of paint
/// colours and one of weights.
///
/// Every band draws into the same surfaces, the frame's and one layer per nesting depth, each
/// only into its own rows. Bands start on even rows, so the row pairs of a surface's
/// written-block record are each band's alone too.
final class BandWorker {
    let rasterizer: Rasterizer
    let compositingRows: CompositingRows

    init(width: Int, height: Int, bandHeight: Int) {
        rasterizer = Rasterizer(width: width, height: height, rows: 0..<min(bandHeight, height))
        compositingRows = CompositingRows(width: width)
    }

    /// Draws `recording`'s commands into `rows` of `target`, with `layers[0]` for layers at the
    /// next depth (transparent in these rows, and left so). Returns the rows drawn into, for the
    /// caller to note in the surface's own record once every band is done.
    func draw(_ recording: DrawRecording, rows: Range<Int>, into target: Surface, layers: ArraySlice<Surface>) -> Range<Int> {
        rasterizer.aim(at: rows)
        var drawn = 0..<0
        let reach = recording.reach
        for i in reach.indices where reach[i].overlaps(rows) {
            switch recording.commands[i] {
            case .shape(let shape):
                rasterizer.add(shape.edges, of: recording.edges)
                drawn = drawn.hull(rasterizer.pendingRows)
                var sink = Compositor(surface: target, shape.painting, rows: compositingRows)
                rasterizer.sweep(rule: shape.painting.rule, into: &sink)
            case let .masks(range, masked, segments):
                let written = recording.placements.withUnsafeBufferPointer { all in
                    MaskRun.draw(UnsafeBufferPointer(rebasing: all[range]), rows: masked.clamped(to: rows), into: target, segments,
                                 scratch: compositingRows)
                }
                drawn = drawn.hull(written)
            case let .layer(inner, compositing):
                let layer = layers[layers.startIndex]
                let layerRows = draw(inner, rows: rows, into: layer, layers: layers.dropFirst())
                // Normal blending visits the rows drawn (as `Surface.compositingRows`), others every row.
                let compositedRows = compositing.mode == .normal ? layerRows : rows
                // Normal blending visits the columns the layer's commands reach, others every column.
                let compositedColumns = compositing.mode == .normal ? inner.columns : 0..<layer.width
                drawn = drawn.hull(composite(layer, rows: compositedRows.clamped(to: rows), columns: compositedColumns,
                                             onto: target, compositing))
                // Only the columns the layer's commands reach were drawn.
                layer.clear(rows: layerRows, columns: inner.columns)
            case let .surface(layer, compositing):
                let layerRows = Surface.compositingRows(of: layer, mode: compositing.mode)
                let columns = Surface.compositingColumns(of: layer, mode: compositing.mode)
                drawn = drawn.hull(composite(layer, rows: layerRows.clamped(to: rows), columns: columns, onto: target, compositing))
            }
        }
        return drawn
    }

    /// Composites `rows` of `layer` onto `target`; returns the rows visited.
    private func composite(_ layer: Surface, rows: Range<Int>, columns: Range<Int>, onto target: Surface,
                           _ compositing: Compositing) -> Range<Int> {
        guard !rows.isEmpty else { return rows }
        target.reuse.stamp(rows: rows)
        target.composite(layer, rows: rows, columns: columns, compositing)
        return rows
    }
}
