/// A premultiplied RGBA8 pixel buffer (little-endian `UInt32`, R in the low byte), rows top to bottom.
///
/// A reference type so every copy of a `GraphicsContext` draws into the same pixels, as in SwiftUI.
///
/// It also keeps a coarse history of its writes: per block of `ChangedBlocks.width` x 2 pixels,
/// the epoch of the last write to it. Two things read it: `changes(since:)`, so a video
/// converter compares only the blocks drawn since the frame before; and `fillBackground`, so a
/// background that the surface still holds (a clear colour, an opaque colour or a kept gradient
/// over the whole frame) is written again only where something was drawn over it.
final class Surface {
    let width: Int
    let height: Int
    private let buffer: UnsafeMutablePointer<UInt32>
    /// The colour of every pixel after a `fill` not written yet. A frame starts with a clear and
    /// almost always with an opaque full-frame background next, which replaces every pixel: the
    /// clear would be a whole-frame write for nothing (`discardPendingFill`).
    private var pendingFill: UInt32?
    var count: Int { width * height }

    /// Blocks in a row pair, and row pairs (the last one may be a single row).
    let blocksPerPair: Int
    let pairs: Int
    /// Per block, row pairs top to bottom and blocks left to right: the epoch of its last write.
    let written: UnsafeMutablePointer<UInt32>
    /// The epoch writes are stamped with now. It moves on when a revision is taken and when a
    /// background is complete, so later writes are told apart from earlier ones.
    private(set) var epoch: UInt32 = 2
    /// The last epoch at which every pixel was written.
    private var wholeEpoch: UInt32 = 1
    /// Identifies this surface in a `Canvas.Revision` (a surface's address can be reused).
    let identity = Identity()
    final class Identity: Sendable {}

    /// A background: every pixel one exact value, or the pixels of a gradient paint.
    enum Background: Equatable {
        case solid(UInt32)
        case gradient(Paint.Key)
    }
    /// The background the pixels equal in every block not written after `epoch`.
    private var background: (kind: Background, epoch: UInt32)? = (.solid(0), 1)
    /// When false no background is remembered and `fillBackground` writes every pixel, as a
    /// surface drawn from scratch every frame would (the raster benchmark compares that).
    var remembersBackground = true {
        didSet { if !remembersBackground { background = nil } }
    }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        buffer = .allocate(capacity: width * height)
        buffer.initialize(repeating: 0, count: width * height)
        blocksPerPair = (width + ChangedBlocks.width - 1) / ChangedBlocks.width
        pairs = (height + 1) / 2
        written = .allocate(capacity: blocksPerPair * pairs)
        written.initialize(repeating: 1, count: blocksPerPair * pairs)
    }

    deinit {
        buffer.deallocate()
        written.deallocate()
    }

    /// The pixels, with any pending fill written first.
    var pixels: UnsafeMutablePointer<UInt32> {
        if let value = pendingFill { fillBackground(solid: value) }
        return buffer
    }

    /// Rows drawn into since the surface was last cleared (all of them after `fill`), so layers
    /// clear and composite only what they touched.
    private(set) var dirtyRows: Range<Int> = 0..<0

    /// Sets every pixel to `value`; the write waits until the pixels are next used.
    func fill(_ value: UInt32) {
        pendingFill = value
        dirtyRows = 0..<height
    }

    /// Drops a pending fill: for a caller about to replace every pixel.
    func discardPendingFill() {
        pendingFill = nil
    }

    /// Notes that `rows` may have been drawn into, without saying where in them (`stamp` does).
    func markDirty(_ rows: Range<Int>) {
        let r = rows.clamped(to: 0..<height)
        guard !r.isEmpty else { return }
        dirtyRows = dirtyRows.isEmpty ? r : min(dirtyRows.lowerBound, r.lowerBound)..<max(dirtyRows.upperBound, r.upperBound)
    }

    /// Notes that every pixel of `rows` may be written. A pending fill is written first: it must
    /// not be stamped after (and so over) the writes this notes.
    func markWritten(_ rows: Range<Int>) {
        _ = pixels
        let r = rows.clamped(to: 0..<height)
        guard !r.isEmpty else { return }
        markDirty(r)
        let first = (r.lowerBound / 2) * blocksPerPair, end = ((r.upperBound + 1) / 2) * blocksPerPair
        (written + first).update(repeating: epoch, count: end - first)
    }

    /// Makes every pixel `kind`. `write(start, count)` writes the background's values to a run of
    /// pixels (offsets from the first pixel). When the surface already holds `kind`, only the
    /// blocks written since are written again; otherwise every pixel is.
    func fillBackground(_ kind: Background, write: (_ start: Int, _ count: Int) -> Void) {
        pendingFill = nil
        if let held = background, held.kind == kind {
            let since = held.epoch, bw = ChangedBlocks.width
            for pair in 0..<pairs {
                let row = written + pair * blocksPerPair
                var b = 0
                while b < blocksPerPair {
                    guard row[b] > since else { b += 1; continue }
                    var e = b + 1
                    while e < blocksPerPair && row[e] > since { e += 1 }
                    let x = b * bw, n = min(e * bw, width) - x
                    for y in (2 * pair)..<min(2 * pair + 2, height) { write(y * width + x, n) }
                    (row + b).update(repeating: epoch, count: e - b)
                    b = e
                }
            }
        } else {
            write(0, count)
            wholeEpoch = epoch
        }
        dirtyRows = 0..<height
        noteBackground(kind)
    }

    /// Makes every pixel `value` (see `fillBackground(_:write:)`).
    func fillBackground(solid value: UInt32) {
        fillBackground(.solid(value)) { start, count in (buffer + start).update(repeating: value, count: count) }
    }

    /// Every pixel has just been made `kind` (by a fill over the whole frame).
    func noteBackground(_ kind: Background) {
        background = remembersBackground ? (kind, epoch) : nil
        epoch &+= 1
    }

    /// Marks this moment in the history and returns its epoch: later writes are stamped after it.
    func revision() -> UInt32 {
        defer { epoch &+= 1 }
        return epoch
    }

    /// The blocks written after the moment `revision` returned `since`; nil when every pixel
    /// was written since (or the history does not reach back that far).
    func changes(since: UInt32) -> ChangedBlocks? {
        guard wholeEpoch <= since, since < epoch else { return nil }
        return ChangedBlocks(blocksPerRowPair: blocksPerPair, written: written, since: since)
    }

    /// Makes the surface transparent again, writing only the rows that were drawn.
    func clearDirty() {
        guard !dirtyRows.isEmpty else { return }
        let rows = dirtyRows
        (pixels + rows.lowerBound * width).update(repeating: 0, count: rows.count * width)
        markWritten(rows)
        dirtyRows = 0..<0
    }

    /// A surface with the same pixels. It is another surface, so no revision of this one applies
    /// to it, and its pixels are no background it could write again in part.
    func copy() -> Surface {
        let s = Surface(width: width, height: height)
        s.remembersBackground = remembersBackground
        s.buffer.update(from: pixels, count: count)
        s.background = nil
        return s
    }
}
