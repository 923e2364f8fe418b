/// One drawing operation as recorded for banded drawing (`BandedDrawing`): everything the
/// context had decided (device-space outline, resolved paint, opacity, blend mode, clip), so
/// every band draws it alike without going back to the scene.
enum DrawCommand {
    /// A filled outline: a fill, a stroke's outline, an image's rectangle, a glyph run.
    case shape(RecordedShape)
    /// A layer without filters: its own commands, drawn into a transparent layer band by band
    /// and composited onto the band below.
    case layer(DrawRecording, mode: BlendMode, opacity: Float, clip: ClipMask?)
    /// A layer with filters, drawn and filtered whole when it was recorded (a blur reaches across
    /// bands), composited band by band.
    case surface(Surface, mode: BlendMode, opacity: Float, clip: ClipMask?)
}

/// An outline and how it is painted, as `GraphicsContext.rasterize` receives it.
struct RecordedShape {
    /// Its contours in the recording's `outlines`.
    let contours: Range<Int>
    /// The rows its edges can reach: a band elsewhere skips the shape.
    let rows: Range<Int>
    let simple: Bool
    let rule: FillRule
    let antialiased: Bool
    let paint: Paint
    let mode: BlendMode
    /// Context opacity times any hairline fade, 0...1.
    let opacity: Float
    let clip: ClipMask?
}

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
