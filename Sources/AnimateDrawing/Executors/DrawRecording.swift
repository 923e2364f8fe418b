/// The commands a context (or a layer inside it) recorded, in order: the executor of a layer
/// drawn band by band, and what `BandedDrawing` records the canvas's drawing into.
final class DrawRecording: DrawingExecutor {
    /// The height of the frame drawn into, in pixels.
    let height: Int
    private(set) var commands: [DrawCommand] = []
    /// Every shape's outline, one after another in one buffer kept between frames.
    private(set) var outlines = Polylines()
    /// Every mask run's placements, one after another.
    private(set) var placements: [MaskPlacement] = []
    /// The masks they place, kept until drawn.
    private var keptMasks: [[AnyObject]] = []
    /// The rows the shapes reach and the filtered layers were drawn in (layers inside included).
    private(set) var rows: Range<Int> = 0..<0
    /// The banded drawing whose calling thread records here (nil for a layer's recording): told
    /// of every command, to hand chunks over.
    weak var owner: BandedDrawing?

    init(height: Int) {
        self.height = height
    }

    var isEmpty: Bool { commands.isEmpty }

    func fill(_ outline: Polylines, _ painting: ShapePainting) {
        let rows = outline.rows(height: height)
        append(.shape(RecordedShape(contours: outlines.append(contentsOf: outline), rows: rows, painting: painting)))
    }

    func fill(masks: UnsafeBufferPointer<MaskPlacement>, keeping kept: [AnyObject], rows: Range<Int>, _ segments: [MaskSegment]) {
        let start = placements.count
        placements.append(contentsOf: masks)
        keptMasks.append(kept)
        append(.masks(start..<placements.count, rows: rows, segments))
    }

    func recordLayer(_ compositing: Compositing, _ content: (DrawRecording) throws -> Void) rethrows -> Bool {
        let inner = DrawRecording(height: height)
        try content(inner)
        if compositing.opacity > 0 && !inner.isEmpty { append(.layer(inner, compositing)) }
        return true
    }

    func composite(_ layer: Surface, _ compositing: Compositing) -> Bool {
        append(.surface(layer, compositing))
        return true
    }

    private func append(_ command: DrawCommand) {
        commands.append(command)
        switch command {
        case .shape(let shape): rows = rows.hull(shape.rows)
        case .masks(_, let masked, _): rows = rows.hull(masked)
        case .layer(let inner, _): rows = rows.hull(inner.rows)
        case .surface(let layer, _): rows = rows.hull(layer.dirtyRows)
        }
        owner?.recorded()
    }

    /// Swaps commands and outlines with `other` (buffers and all).
    func exchangeContents(with other: DrawRecording) {
        swap(&commands, &other.commands)
        swap(&outlines, &other.outlines)
        swap(&placements, &other.placements)
        swap(&keptMasks, &other.keptMasks)
        swap(&rows, &other.rows)
    }

    func removeAll() {
        commands.removeAll(keepingCapacity: true)
        outlines.removeAll()
        placements.removeAll(keepingCapacity: true)
        keptMasks.removeAll(keepingCapacity: true)
        rows = 0..<0
    }
}
