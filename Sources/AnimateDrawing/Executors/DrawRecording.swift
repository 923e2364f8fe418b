/// The commands a context (or a layer inside it) recorded, in order: the executor of a layer
/// drawn band by band, and what `BandedDrawing` records the canvas's drawing into.
final class DrawRecording: DrawingExecutor {
    /// The size of the frame drawn into, in pixels.
    let width: Int
    let height: Int
    private(set) var commands: [DrawCommand] = []
    /// Per command, the rows outside which it changes no pixel (a band elsewhere skips it
    /// without looking at it).
    private(set) var reach: [Range<Int>] = []
    /// Every shape's edges, clipped and binned by rows when recorded, kept between frames.
    private(set) var edges: EdgeList
    /// Every mask run's placements, one after another.
    private(set) var placements: [MaskPlacement] = []
    /// The masks they place, kept until drawn.
    private var keptMasks: [[AnyObject]] = []
    /// The rows the shapes reach and the filtered layers were drawn in (layers inside included).
    private(set) var rows: Range<Int> = 0..<0
    /// The columns they reach.
    private(set) var columns: Range<Int> = 0..<0
    /// The banded drawing whose calling thread records here (nil for a layer's recording): told
    /// of every command, to hand chunks over.
    weak var owner: BandedDrawing?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        edges = EdgeList(width: width, height: height)
    }

    var isEmpty: Bool { commands.isEmpty }

    func fill(_ outline: Polylines, _ painting: ShapePainting) {
        let shape = edges.append(outline, contours: 0..<outline.contours.count, simple: painting.simple, binned: true)
        append(.shape(RecordedShape(edges: shape, painting: painting)), columns: shape.columns)
    }

    func fill(masks: UnsafeBufferPointer<MaskPlacement>, keeping kept: [AnyObject], rows: Range<Int>, columns: Range<Int>,
                     _ segments: [MaskSegment]) {
        let start = placements.count
        placements.append(contentsOf: masks)
        keptMasks.append(kept)
        append(.masks(start..<placements.count, rows: rows, segments), columns: columns)
    }

    func recordLayer(_ compositing: Compositing, _ content: (DrawRecording) throws -> Void) rethrows -> Bool {
        let inner = DrawRecording(width: width, height: height)
        try content(inner)
        if compositing.opacity > 0 && !inner.isEmpty { append(.layer(inner, compositing), columns: inner.columns) }
        return true
    }

    func composite(_ layer: Surface, _ compositing: Compositing) -> Bool {
        append(.surface(layer, compositing), columns: layer.dirtyColumns)
        return true
    }

    private func append(_ command: DrawCommand, columns reached: Range<Int>) {
        commands.append(command)
        columns = columns.hull(reached)
        // A layer blended otherwise than normally changes pixels where it has none.
        let drawn: Range<Int>, everywhere: Bool
        switch command {
        case .shape(let shape): (drawn, everywhere) = (shape.rows, false)
        case .masks(_, let masked, _): (drawn, everywhere) = (masked, false)
        case .layer(let inner, let compositing): (drawn, everywhere) = (inner.rows, compositing.mode != .normal)
        case .surface(let layer, let compositing): (drawn, everywhere) = (layer.dirtyRows, compositing.mode != .normal)
        }
        rows = rows.hull(drawn)
        reach.append(everywhere ? 0..<height : drawn)
        owner?.recorded()
    }

    /// Swaps commands and outlines with `other` (buffers and all).
    func exchangeContents(with other: DrawRecording) {
        swap(&commands, &other.commands)
        swap(&reach, &other.reach)
        swap(&edges, &other.edges)
        swap(&placements, &other.placements)
        swap(&keptMasks, &other.keptMasks)
        swap(&rows, &other.rows)
        swap(&columns, &other.columns)
    }

    func removeAll() {
        commands.removeAll(keepingCapacity: true)
        reach.removeAll(keepingCapacity: true)
        edges.removeAll()
        placements.removeAll(keepingCapacity: true)
        keptMasks.removeAll(keepingCapacity: true)
        rows = 0..<0
        columns = 0..<0
    }
}
