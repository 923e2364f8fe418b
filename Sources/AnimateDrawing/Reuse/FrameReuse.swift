/// Everything a canvas keeps from one frame to the next so that the next costs less, in one place.
/// The bytes drawn are the same with it or without it (`isEnabled` false draws every background
/// whole, as from scratch).
///
/// - **The written-block record**: per block of `ChangedBlocks.width` x 2 pixels, the epoch of the
///   last write to it. Compositors stamp it for every span they write. A `revision()` marks a
///   moment; `changes(since:)` then tells a consumer (the video converter) which blocks may differ.
/// - **The held background**: when every pixel was last made one background (a clear colour, an
///   opaque colour or gradient over the whole frame), the same background again is written only
///   in the blocks drawn over since (`fill`).
/// - **The kept gradient**: a full-frame opaque gradient drawn the same way twice in a row is kept
///   (4 bytes a pixel) and copied afterwards instead of shaded. Such a fill replaces every pixel
///   with a pure function of the paint, so the copy is the same bytes; a background that changes
///   every frame never pays for the copy.
///
/// One per surface; not shared between threads.
final class FrameReuse {
    /// A background: every pixel one exact value, or the pixels of a gradient paint.
    enum Background: Equatable {
        case solid(UInt32)
        case gradient(Paint.Key)
    }

    let width: Int
    let height: Int
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
    /// Identifies the surface in a `Bitmap.Revision` (a surface's address can be reused).
    let identity = Identity()
    final class Identity: Sendable {}

    /// The background the pixels equal in every block not written after `epoch`.
    private var background: (kind: Background, epoch: UInt32)? = (.solid(0), 1)
    /// The last full-frame gradient seen, whether it was also the one before, and the one whose
    /// pixels are kept.
    private var lastGradient: Paint.Key?
    private var lastGradientRepeated = false
    private var keptKey: Paint.Key?
    private var kept: UnsafeMutablePointer<UInt32>?

    /// When false no background is held or kept (and what was kept is released): every
    /// background is written whole. The written-block record is kept either way.
    var isEnabled = true {
        didSet {
            guard !isEnabled else { return }
            background = nil
            kept?.deallocate(); kept = nil; keptKey = nil; lastGradient = nil; lastGradientRepeated = false
        }
    }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        blocksPerPair = (width + ChangedBlocks.width - 1) / ChangedBlocks.width
        pairs = (height + 1) / 2
        written = .allocate(capacity: blocksPerPair * pairs)
        written.initialize(repeating: 1, count: blocksPerPair * pairs)
    }

    deinit {
        written.deallocate()
        kept?.deallocate()
    }

    // MARK: The written-block record

    /// Notes that every pixel of `rows` (within the frame) may be written now.
    func stamp(rows: Range<Int>) {
        let first = (rows.lowerBound / 2) * blocksPerPair, end = ((rows.upperBound + 1) / 2) * blocksPerPair
        (written + first).update(repeating: epoch, count: end - first)
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

    // MARK: The held background

    /// Makes every pixel `kind`: `write(start, count)` writes the background's values to a run of
    /// pixels (offsets from the first pixel). When `kind` is held, only the blocks written since
    /// are written again; otherwise every pixel is.
    func fill(_ kind: Background, write: (_ start: Int, _ count: Int) -> Void) {
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
            write(0, width * height)
            wholeEpoch = epoch
        }
        hold(kind)
    }

    /// Every pixel has just been made `kind` (by a fill over the whole frame).
    func hold(_ kind: Background) {
        background = isEnabled ? (kind, epoch) : nil
        epoch &+= 1
    }

    /// The pixels are no longer any background (a copy's, say): the next is written whole.
    func forgetBackground() {
        background = nil
    }

    // MARK: The kept gradient

    /// Notes a full-frame opaque fill of the gradient `key`; its kept pixels, if they are kept.
    func keptPixels(of key: Paint.Key) -> UnsafePointer<UInt32>? {
        guard isEnabled else { return nil }
        lastGradientRepeated = lastGradient == key
        lastGradient = key
        guard let kept, keptKey == key else { return nil }
        return UnsafePointer(kept)
    }

    /// The gradient noted by the last `keptPixels` that had none has been drawn into `pixels`:
    /// keeps them if the same gradient came the time before too.
    func drewGradient(into pixels: UnsafePointer<UInt32>) {
        guard isEnabled, lastGradientRepeated, let key = lastGradient else { return }
        let buffer = kept ?? .allocate(capacity: width * height)
        buffer.update(from: pixels, count: width * height)
        kept = buffer
        keptKey = key
    }
}
