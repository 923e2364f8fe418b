import Foundation

/// Draws a canvas's frames on several threads, each a band of rows, with the same bytes as one
/// thread: the executor of a canvas with more than one drawing thread.
///
/// A context drawing into the canvas records its operations (`DrawRecording`) instead of drawing
/// them: paths are flattened, stroked and their paints resolved once, on the calling thread. Every
/// `chunkSize` commands the recording so far is handed to a queue that draws it, every band in
/// parallel, while the calling thread records the next; chunks are drawn in order, so each band
/// sees every command in order. The calling thread waits for the queue (`flush`) at the end of
/// the draw call, before an opaque background replaces every pixel (which the canvas may rewrite
/// only where it was drawn over), and before a filtered layer is composited (a blur reads across
/// bands, so filtered layers are drawn whole on the calling thread). Each band's rasterizer
/// computes its rows exactly as a whole-frame one does, so where the cuts fall changes no pixel.
final class BandedDrawing: DrawingExecutor {
    let surface: Surface
    let threads: Int
    /// What the calling thread records into; its commands move to a chunk when handed over.
    let recording: DrawRecording
    private let bands: [DrawingBand]
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

    /// Bands for `threads` threads over `surface`: a few per thread, so that a thread whose band
    /// holds little takes another, each starting on an even row.
    init(surface: Surface, threads: Int) {
        self.surface = surface
        self.threads = max(1, threads)
        let h = surface.height
        recording = DrawRecording(height: h)
        let count = max(1, min(self.threads * Self.bandsPerThread, h / Self.minimumBandHeight))
        bands = (0..<count).map { i in
            let top = (h * i / count) & ~1, bottom = i == count - 1 ? h : (h * (i + 1) / count) & ~1
            return DrawingBand(width: surface.width, height: h, rows: top..<bottom)
        }
        recording.owner = self
    }

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

    func fill(masks: UnsafeBufferPointer<MaskPlacement>, keeping kept: [AnyObject], rows: Range<Int>, _ segments: [MaskSegment]) {
        recording.fill(masks: masks, keeping: kept, rows: rows, segments)
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

    /// Called by the recording after each command: a full chunk is handed over.
    func recorded() {
        if recording.commands.count >= Self.chunkSize { handOver() }
    }

    /// Hands what was recorded to the queue, without waiting for it to be drawn.
    private func handOver() {
        guard !recording.isEmpty else { return }
        _ = surface.settledPixels()   // a pending clear is written first, on this thread
        spareLock.lock()
        let chunk = spareChunks.popLast() ?? DrawRecording(height: surface.height)
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

    static let bandsPerThread = 2
    static let minimumBandHeight = 16

    /// Draws `recording` into the surface, every band in parallel (on the queue, or on the
    /// calling thread once the queue is idle).
    private func draw(_ recording: DrawRecording) {
        let depth = Self.depth(of: recording)
        while layers.count < depth { layers.append(Surface(width: surface.width, height: surface.height)) }
        let lock = NSLock()
        var next = 0
        var drawn: [Range<Int>] = Array(repeating: 0..<0, count: bands.count)
        let bands = self.bands, surface = self.surface, layers = self.layers[...]
        drawn.withUnsafeMutableBufferPointer { drawn in
            DispatchQueue.concurrentPerform(iterations: min(threads, bands.count)) { _ in
                while true {
                    lock.lock()
                    let i = next
                    next += 1
                    lock.unlock()
                    guard i < bands.count else { return }
                    drawn[i] = bands[i].draw(recording, into: surface, layers: layers)
                }
            }
        }
        for rows in drawn { surface.markDirty(rows) }
    }
}
