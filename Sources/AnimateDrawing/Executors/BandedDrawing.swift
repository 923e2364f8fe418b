import Foundation

/// Draws a canvas's frames band by band: every command of a stretch of the frame's drawing over
/// one band of rows, then over the next, so the band's pixels stay in the processor's cache while
/// shape after shape lands on them; with several threads, bands in parallel. The executor of a
/// canvas; the same bytes for every thread count.
///
/// A context drawing into the canvas records its operations (`DrawRecording`) instead of drawing
/// them: paths are flattened, stroked, clipped into edges binned by rows, and their paints
/// resolved once, on the calling thread (with one thread, a run of glyphs is drawn at once after
/// what was recorded before it: `MaskRun` already works a strip of rows at a time). Every
/// `chunkSize` commands the recording so far is drawn: with one thread at once, with several
/// handed to a queue that draws it while the calling thread records the next; chunks are drawn in order, so each band sees every command in order.
/// The calling thread waits for the queue (`flush`) at the end of the draw call, before an opaque
/// background replaces every pixel (which the canvas may rewrite only where it was drawn over),
/// and before a filtered layer is composited (a blur reads across bands, so filtered layers are
/// drawn whole on the calling thread). A band's rasterizer computes its rows exactly as a
/// whole-frame one does, so where the cuts fall changes no pixel.
final class BandedDrawing: DrawingExecutor {
    let surface: Surface
    let threads: Int
    let bandHeight: Int
    /// What the calling thread records into; its commands move to a chunk when handed over.
    let recording: DrawRecording
    /// Rows of `bandHeight` (the last fewer), taken in turn by the threads.
    private let bands: [Range<Int>]
    /// One per thread: aimed at each band it takes.
    private let workers: [BandWorker]
    /// One transparent layer per nesting depth, shared by the bands (each draws its own rows).
    /// Only the queue touches it.
    private var layers: [Surface] = []
    /// Draws handed-over chunks in order.
    private let queue = DispatchQueue(label: "animate.bands")
    /// Chunks handed over and not drawn yet, at most `chunksInFlight`.
    private let inFlight = DispatchSemaphore(value: BandedDrawing.chunksInFlight)
    /// Drawn chunks, emptied, for the next hand-overs.
    private var spareChunks: [DrawRecording] = []
    private let spareLock = NSLock()
    /// Whether chunks went to the queue since the last flush (the calling thread's to know).
    private var handedOver = false

    static let chunkSize = 256
    static let chunksInFlight = 2

    /// Bands of `surface` of `bandHeight` rows (even) for `threads` threads.
    init(surface: Surface, threads: Int, bandHeight: Int = BandedDrawing.bandHeight) {
        self.surface = surface
        self.threads = max(1, threads)
        self.bandHeight = max(2, bandHeight & ~1)
        let h = surface.height, step = self.bandHeight
        recording = DrawRecording(width: surface.width, height: h)
        bands = stride(from: 0, to: h, by: step).map { $0..<min($0 + step, h) }
        workers = (0..<min(self.threads, bands.count)).map { _ in
            BandWorker(width: surface.width, height: h, bandHeight: step)
        }
        recording.owner = self
    }

    /// Rows a band holds: with a frame's width, its pixels and the rasterizer's cells stay in a
    /// core's cache.
    static let bandHeight = 32

    func fill(_ outline: Polylines, _ painting: ShapePainting) {
        guard surface.isWholeFrame(outline, painting) else { return recording.fill(outline, painting) }
        // Drawn in order, a background over the whole canvas lets it rewrite only what was drawn
        // over (inside a layer it is a shape like any other).
        flush()
        surface.drawWholeFrame(with: painting.paint) {
            recording.fill(outline, painting)
            flush()
        }
    }

    func fill(masks: UnsafeBufferPointer<MaskPlacement>, keeping kept: [AnyObject], rows: Range<Int>, columns: Range<Int>,
              _ segments: [MaskSegment]) {
        guard workers.count == 1 else { return recording.fill(masks: masks, keeping: kept, rows: rows, columns: columns, segments) }
        // One thread draws a run of glyphs at once, after what came before it: its strips of
        // rows already keep their pixels in cache, and its placements need no copy.
        flush()
        surface.markDirty(rows, columns: columns)
        _ = MaskRun.draw(masks, rows: rows, into: surface, segments, scratch: workers[0].compositingRows)
    }

    func recordLayer(_ compositing: Compositing, _ content: (DrawRecording) throws -> Void) rethrows -> Bool {
        try recording.recordLayer(compositing, content)
    }

    /// A filtered layer is composited on the calling thread, after everything recorded before it.
    func composite(_ layer: Surface, _ compositing: Compositing) -> Bool {
        flush()
        surface.composite(layer, compositing)
        return false
    }

    /// Called by the recording after each command: a full chunk is drawn (one thread) or handed over.
    func recorded() {
        guard recording.commands.count >= Self.chunkSize else { return }
        if workers.count == 1 { flush() } else { handOver() }
    }

    /// Hands what was recorded to the queue, without waiting for it to be drawn.
    private func handOver() {
        guard !recording.isEmpty else { return }
        _ = surface.settledPixels()   // a pending clear is written first, on this thread
        spareLock.lock()
        let chunk = spareChunks.popLast() ?? DrawRecording(width: surface.width, height: surface.height)
        spareLock.unlock()
        chunk.exchangeContents(with: recording)
        handedOver = true
        inFlight.wait()
        queue.async { [self] in
            draw(chunk)
            chunk.removeAll()
            spareLock.lock()
            spareChunks.append(chunk)
            spareLock.unlock()
            inFlight.signal()
        }
    }

    /// Draws everything recorded so far: waits for the chunks handed over, then draws the rest
    /// on this thread (with the bands' threads), as a frame of fewer commands than a chunk is
    /// drawn altogether.
    func flush() {
        if handedOver {
            queue.sync {}
            handedOver = false
        }
        guard !recording.isEmpty else { return }
        _ = surface.settledPixels()   // a pending clear is written first
        draw(recording)
        recording.removeAll()
    }

    /// How deep layers nest in `recording`.
    private static func depth(of recording: DrawRecording) -> Int {
        recording.commands.reduce(0) { deepest, command in
            guard case .layer(let inner, _) = command else { return deepest }
            return max(deepest, 1 + depth(of: inner))
        }
    }

    /// Draws `recording` into the surface band by band, bands in parallel with several threads
    /// (on the queue, or on the calling thread once the queue is idle).
    private func draw(_ recording: DrawRecording) {
        let depth = Self.depth(of: recording)
        while layers.count < depth { layers.append(Surface(width: surface.width, height: surface.height)) }
        var drawn = 0..<0
        let bands = self.bands, workers = self.workers, surface = self.surface, layers = self.layers[...]
        if workers.count == 1 {
            for rows in bands { drawn = drawn.hull(workers[0].draw(recording, rows: rows, into: surface, layers: layers)) }
        } else {
            let claims = BandClaims(count: bands.count)
            DispatchQueue.concurrentPerform(iterations: workers.count) { w in
                var mine = 0..<0
                while let i = claims.next() {
                    mine = mine.hull(workers[w].draw(recording, rows: bands[i], into: surface, layers: layers))
                }
                claims.add(drawn: mine)
            }
            drawn = claims.drawn
        }
        surface.markDirty(drawn)
    }
}

/// The bands of one drawing as threads take them, one at a time, and the rows they drew.
private final class BandClaims: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var taken = 0
    private var rows = 0..<0

    init(count: Int) { self.count = count }

    /// The next band no thread has taken, or nil when all are.
    func next() -> Int? {
        lock.withLock {
            guard taken < count else { return nil }
            taken += 1
            return taken - 1
        }
    }

    func add(drawn: Range<Int>) { lock.withLock { rows = rows.hull(drawn) } }

    var drawn: Range<Int> { lock.withLock { rows } }
}

// Sharing across the band threads, which the compiler cannot see is safe: while a recording is
// drawn nothing records into it; each band's rows of the surface and its layers are written by
// the one thread that took the band; each worker is used by one thread (its index in
// `concurrentPerform`); and the executor's own state is the calling thread's, but for the
// spare chunks (under their lock) and the layers (only the queue's).
extension BandedDrawing: @unchecked Sendable {}
extension DrawRecording: @unchecked Sendable {}
extension Surface: @unchecked Sendable {}
extension BandWorker: @unchecked Sendable {}
