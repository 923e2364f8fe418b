import CKernels
/// A premultiplied RGBA8 pixel buffer (little-endian `UInt32`, R in the low byte), rows top to bottom.
///
/// A reference type so every copy of a `GraphicsContext` draws into the same pixels, as in SwiftUI.
/// What it keeps from frame to frame (the written-block record, the held background, the kept
/// gradient) is its `reuse`.
final class Surface {
    let width: Int
    let height: Int
    private let buffer: UnsafeMutablePointer<UInt32>
    /// The colour of every pixel after a `fill` not written yet. A frame starts with a clear and
    /// almost always with an opaque full-frame background next, which replaces every pixel: the
    /// clear would be a whole-frame write for nothing (`drawWholeFrame` drops it).
    private var pendingFill: UInt32?
    var count: Int { width * height }
    /// What is kept from frame to frame.
    let reuse: FrameReuse

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        buffer = .allocate(capacity: width * height)
        buffer.initialize(repeating: 0, count: width * height)
        reuse = FrameReuse(width: width, height: height)
    }

    deinit {
        buffer.deallocate()
    }

    /// Writes a pending fill (`fill`) and returns the pixels. Whoever reads or writes the pixels
    /// gets them this way, so the fill lands before, not over, what they do.
    func settledPixels() -> UnsafeMutablePointer<UInt32> {
        if let value = pendingFill { fillBackground(solid: value) }
        return buffer
    }

    /// Rows drawn into since the surface was last cleared (all of them after `fill`), so layers
    /// clear, filter and composite only what they touched.
    private(set) var dirtyRows: Range<Int> = 0..<0
    /// Columns drawn into since the surface was last cleared: outside `dirtyRows` x `dirtyColumns`
    /// every pixel is as the clear left it.
    private(set) var dirtyColumns: Range<Int> = 0..<0

    /// Sets every pixel to `value`; the write waits until the pixels are next used.
    func fill(_ value: UInt32) {
        pendingFill = value
        dirtyRows = 0..<height
        dirtyColumns = 0..<width
    }

    /// Notes that `rows` (within them `columns`, every column unless given) may have been drawn
    /// into, without saying where (`stamp` does).
    func markDirty(_ rows: Range<Int>, columns: Range<Int>? = nil) {
        let r = rows.clamped(to: 0..<height), c = (columns ?? 0..<width).clamped(to: 0..<width)
        guard !r.isEmpty, !c.isEmpty else { return }
        dirtyRows = dirtyRows.hull(r)
        dirtyColumns = dirtyColumns.hull(c)
    }

    /// Notes that every pixel of `rows` (within them `columns`, every column unless given) may be
    /// written. A pending fill is written first: it must not be stamped after (and so over) the
    /// writes this notes.
    func markWritten(_ rows: Range<Int>, columns: Range<Int>? = nil) {
        _ = settledPixels()
        let r = rows.clamped(to: 0..<height)
        guard !r.isEmpty else { return }
        markDirty(r, columns: columns)
        reuse.stamp(rows: r)
    }

    /// Makes every pixel `kind`; `write(start, count)` writes its values to a run of pixels
    /// (see `FrameReuse.fill`: a held background is written again only where it was drawn over).
    func fillBackground(_ kind: FrameReuse.Background, write: (_ start: Int, _ count: Int) -> Void) {
        pendingFill = nil
        reuse.fill(kind, write: write)
        dirtyRows = 0..<height
        dirtyColumns = 0..<width
    }

    /// Makes every pixel `value` (see `fillBackground(_:write:)`).
    func fillBackground(solid value: UInt32) {
        fillBackground(.solid(value)) { start, count in ak_fill(value, buffer + start, count) }
    }

    /// Whether painting `outline` replaces every pixel with a pure function of the paint: an
    /// opaque paint, drawn normally at full opacity and unclipped, over a rectangle holding the
    /// whole frame (coverage exactly 1 on each pixel). Such a background is what `FrameReuse` keeps.
    func isWholeFrame(_ outline: Polylines, _ painting: ShapePainting) -> Bool {
        let c = painting.compositing
        return c.opacity == 1 && c.mode == .normal && c.clip == nil && painting.paint.isOpaque
            && outline.isRectangle(containingWidth: width, height: height)
    }

    /// Paints every pixel with an opaque `paint` (see `isWholeFrame`). A pending clear is dropped.
    /// A colour, or a gradient whose pixels are kept, is written here; anything else is drawn by
    /// `draw` and then held, to be kept if the next frame draws it again.
    func drawWholeFrame(with paint: Paint, _ draw: () -> Void) {
        pendingFill = nil
        if let color = paint.solidColor { return fillBackground(solid: color) }
        if let key = paint.key, let kept = reuse.keptPixels(of: key) {
            return fillBackground(.gradient(key)) { start, count in (buffer + start).update(from: kept + start, count: count) }
        }
        draw()
        guard let key = paint.key else { return }
        reuse.hold(.gradient(key))
        reuse.drewGradient(into: buffer)
    }

    /// Makes the surface transparent again, writing only the part that was drawn.
    func clearDirty() {
        clear(rows: dirtyRows, columns: dirtyColumns)
        dirtyRows = 0..<0
        dirtyColumns = 0..<0
    }

    /// Makes `rows` (within them `columns`, every column unless given) transparent and stamps the
    /// rows written, leaving the drawn-row record alone (bands clear their own rows of a shared
    /// layer this way).
    func clear(rows: Range<Int>, columns: Range<Int>? = nil) {
        let columns = (columns ?? 0..<width).clamped(to: 0..<width)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let p = settledPixels()
        if columns.count == width {
            (p + rows.lowerBound * width).update(repeating: 0, count: rows.count * width)
        } else {
            for y in rows { (p + y * width + columns.lowerBound).update(repeating: 0, count: columns.count) }
        }
        reuse.stamp(rows: rows)
    }

    /// The rows compositing `layer` with `mode` visits: with normal blending only those drawn
    /// (elsewhere the layer is transparent, which changes nothing); other modes can change pixels
    /// under transparency, so every row.
    static func compositingRows(of layer: Surface, mode: BlendMode) -> Range<Int> {
        mode == .normal ? layer.dirtyRows : 0..<layer.height
    }

    /// The columns compositing `layer` with `mode` visits (as `compositingRows`).
    static func compositingColumns(of layer: Surface, mode: BlendMode) -> Range<Int> {
        mode == .normal ? layer.dirtyColumns : 0..<layer.width
    }

    /// Composites `layer` onto this surface, every pixel it can change (`compositingRows`).
    func composite(_ layer: Surface, _ compositing: Compositing) {
        let rows = Surface.compositingRows(of: layer, mode: compositing.mode)
        let columns = Surface.compositingColumns(of: layer, mode: compositing.mode)
        markWritten(rows, columns: columns)
        composite(layer, rows: rows, columns: columns, compositing)
    }

    /// Composites the pixels of `rows` and `columns` of `layer` onto the same pixels of this
    /// surface with `opacity`, `mode` and `clip`. The caller notes them as written.
    func composite(_ layer: Surface, rows: Range<Int>, columns: Range<Int>, _ compositing: Compositing) {
        let src = layer.settledPixels(), dst = settledPixels()
        let mode = compositing.mode, opacity = compositing.opacity
        let mask = compositing.clip?.coverage
        let columns = columns.clamped(to: 0..<layer.width)
        let w = layer.width
        for y in rows {
            for i in (y * w + columns.lowerBound)..<(y * w + columns.upperBound) {
                let s = src[i]
                if s == 0 && mode == .normal { continue }
                var k = opacity
                if let mask { k *= Float(mask[i]) * (1 / 255) }
                if k <= 0 { continue }
                if mode == .normal {
                    dst[i] = Pixel.over(s, dst[i], UInt32(k * 255 + 0.5))
                } else {
                    let d = Pixel.unpack(dst[i])
                    let b = Blending.apply(mode, source: Pixel.unpack(s), destination: d)
                    dst[i] = Pixel.pack(d + (b - d) * k)
                }
            }
        }
    }

    /// A surface with the same pixels. It is another surface, so no revision of this one applies
    /// to it, and its pixels are no background it could write again in part.
    func copy() -> Surface {
        let s = Surface(width: width, height: height)
        s.buffer.update(from: settledPixels(), count: count)
        s.reuse.isEnabled = reuse.isEnabled
        s.reuse.forgetBackground()
        return s
    }
}
