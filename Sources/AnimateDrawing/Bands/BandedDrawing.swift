import Foundation

/// Draws a canvas's frames on several threads, each a band of rows, with the same bytes as one
/// thread.
///
/// A context drawing into the canvas records its operations (`DrawRecording`) instead of drawing
/// them: paths are flattened, stroked and their paints resolved once, on the calling thread. The
/// recording is drawn band by band when it has to be (`flush`): at the end of the draw call,
/// before an opaque background replaces every pixel (which the canvas may rewrite only where it
/// was drawn over), and before a filtered layer is composited (a blur reads across bands, so
/// filtered layers are drawn whole on the calling thread). Each band's rasterizer computes its
/// rows exactly as a whole-frame one does, so where the cuts fall changes no pixel.
final class BandedDrawing {
    let surface: Surface
    let threads: Int
    let recording = DrawRecording()
    private let bands: [DrawingBand]
    /// One transparent layer per nesting depth, shared by the bands (each draws its own rows).
    private var layers: [Surface] = []

    /// Bands for `threads` threads over `surface`: a few per thread, so that a thread whose band
    /// holds little takes another, each starting on an even row.
    init(surface: Surface, threads: Int) {
        self.surface = surface
        self.threads = max(1, threads)
        let h = surface.height
        let count = max(1, min(self.threads * Self.bandsPerThread, h / Self.minimumBandHeight))
        bands = (0..<count).map { i in
            let top = (h * i / count) & ~1, bottom = i == count - 1 ? h : (h * (i + 1) / count) & ~1
            return DrawingBand(width: surface.width, height: h, rows: top..<bottom)
        }
    }

    /// How deep layers nest in `recording`.
    private static func depth(of recording: DrawRecording) -> Int {
        recording.commands.reduce(0) { deepest, command in
            guard case .layer(let inner, _, _, _) = command else { return deepest }
            return max(deepest, 1 + depth(of: inner))
        }
    }

    static let bandsPerThread = 2
    static let minimumBandHeight = 16

    /// Draws what was recorded, every band in parallel, and forgets it.
    func flush() {
        guard !recording.isEmpty else { return }
        _ = surface.pixels   // a pending clear is written first, on this thread
        let depth = Self.depth(of: recording)
        while layers.count < depth { layers.append(Surface(width: surface.width, height: surface.height)) }
        let lock = NSLock()
        var next = 0
        var drawn: [Range<Int>] = Array(repeating: 0..<0, count: bands.count)
        let bands = self.bands, recording = self.recording, surface = self.surface, layers = self.layers[...]
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
        recording.removeAll()
    }
}
