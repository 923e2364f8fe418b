/// The commands a context (or a layer inside it) recorded, in order.
final class DrawRecording {
    private(set) var commands: [DrawCommand] = []
    /// Every shape's outline, one after another in one buffer kept between frames.
    private(set) var outlines = Polylines()
    /// The rows the shapes reach and the filtered layers were drawn in (layers inside included).
    private(set) var rows: Range<Int> = 0..<0
    /// The banded drawing whose calling thread records here (nil for a layer's recording): told
    /// of every command, to hand chunks over.
    weak var owner: BandedDrawing?

    var isEmpty: Bool { commands.isEmpty }

    /// Records `polygons` to be painted as `shape` says.
    func appendShape(_ polygons: Polylines, height: Int,
                     _ shape: (_ contours: Range<Int>, _ rows: Range<Int>) -> RecordedShape) {
        let rows = polygons.rows(height: height)
        append(.shape(shape(outlines.append(contentsOf: polygons), rows)))
    }

    func append(_ command: DrawCommand) {
        commands.append(command)
        switch command {
        case .shape(let shape): rows = rows.hull(shape.rows)
        case .layer(let inner, _, _, _): rows = rows.hull(inner.rows)
        case .surface(let layer, _, _, _): rows = rows.hull(layer.dirtyRows)
        }
        owner?.recorded()
    }

    /// Swaps commands and outlines with `other` (buffers and all).
    func exchangeContents(with other: DrawRecording) {
        swap(&commands, &other.commands)
        swap(&outlines, &other.outlines)
        swap(&rows, &other.rows)
    }

    func removeAll() {
        commands.removeAll(keepingCapacity: true)
        outlines.removeAll()
        rows = 0..<0
    }
}
