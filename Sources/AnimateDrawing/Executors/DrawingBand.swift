import Foundation

/// A band of a frame's rows and what one thread needs to draw recorded commands into it: its own
/// rasterizer (whose buffers hold only these rows), a row of paint colours and one of weights.
///
/// Every band draws into the same surfaces, the frame's and one layer per nesting depth, each
/// only into its own rows. Bands start on even rows, so the row pairs of a surface's
/// written-block record are each band's alone too.
final class DrawingBand {
    let rows: Range<Int>
    let rasterizer: Rasterizer
    let compositingRows: CompositingRows

    init(width: Int, height: Int, rows: Range<Int>) {
        self.rows = rows
        rasterizer = Rasterizer(width: width, height: height, rows: rows)
        compositingRows = CompositingRows(width: width)
    }

    /// Draws `recording`'s commands into this band of `target`, with `layers[0]` for layers at
    /// the next depth (transparent in this band, and left so). Returns the rows drawn into,
    /// for the caller to note in the surface's own record once every band is done.
    func draw(_ recording: DrawRecording, into target: Surface, layers: ArraySlice<Surface>) -> Range<Int> {
        var drawn = 0..<0
        for command in recording.commands {
            switch command {
            case .shape(let shape):
                guard shape.rows.overlaps(rows) else { continue }
                rasterizer.addPolygons(recording.outlines, contours: shape.contours, simple: shape.painting.simple)
                drawn = drawn.hull(rasterizer.pendingRows)
                var sink = Compositor(surface: target, shape.painting, rows: compositingRows)
                rasterizer.sweep(rule: shape.painting.rule, into: &sink)
            case let .masks(range, masked, segments):
                guard masked.overlaps(rows) else { continue }
                let written = recording.placements.withUnsafeBufferPointer { all in
                    MaskRun.draw(UnsafeBufferPointer(rebasing: all[range]), rows: masked.clamped(to: rows), into: target, segments,
                                 scratch: compositingRows)
                }
                drawn = drawn.hull(written)
            case let .layer(inner, compositing):
                // Normal blending of a layer drawn elsewhere changes nothing here.
                if compositing.mode == .normal && !inner.rows.overlaps(rows) { continue }
                let layer = layers[layers.startIndex]
                let layerRows = draw(inner, into: layer, layers: layers.dropFirst())
                // Normal blending visits the rows drawn (as `Surface.compositingRows`), others every row.
                let rows = compositing.mode == .normal ? layerRows : self.rows
                // A band's layer keeps no record of its columns: every one is visited.
                drawn = drawn.hull(composite(layer, rows: rows, columns: 0..<layer.width, onto: target, compositing))
                layer.clear(rows: layerRows)
            case let .surface(layer, compositing):
                let rows = Surface.compositingRows(of: layer, mode: compositing.mode)
                let columns = Surface.compositingColumns(of: layer, mode: compositing.mode)
                drawn = drawn.hull(composite(layer, rows: rows, columns: columns, onto: target, compositing))
            }
        }
        return drawn
    }

    /// Composites this band's part of `rows` of `layer` onto `target`; returns the rows visited.
    private func composite(_ layer: Surface, rows: Range<Int>, columns: Range<Int>, onto target: Surface,
                           _ compositing: Compositing) -> Range<Int> {
        let rows = rows.clamped(to: self.rows)
        guard !rows.isEmpty else { return rows }
        target.reuse.stamp(rows: rows)
        target.composite(layer, rows: rows, columns: columns, compositing)
        return rows
    }
}
