/// The pixels of a full-frame opaque gradient fill, kept so that a background drawn the same way
/// frame after frame is copied instead of shaded again (a radial sky is a fifth of a starfield
/// frame's work). Such a fill replaces every pixel with a pure function of the paint, so the copy
/// is the same bytes. Pixels are kept only once the same fill comes twice in a row: a background
/// that changes every frame never pays for the copy. One per canvas; not shared between threads.
final class BackgroundCache {
    private let count: Int
    /// The last full-frame fill seen, whether it was also the one before, and the fill whose
    /// pixels are kept.
    private var lastSeen: Paint.Key?
    private var lastWasRepeat = false
    private var keptKey: Paint.Key?
    private var kept: UnsafeMutablePointer<UInt32>?
    /// When false nothing is kept (and what was kept is released).
    var isEnabled = true {
        didSet {
            if !isEnabled { kept?.deallocate(); kept = nil; keptKey = nil; lastSeen = nil; lastWasRepeat = false }
        }
    }

    init(width: Int, height: Int) {
        count = width * height
    }

    deinit { kept?.deallocate() }

    /// Notes a full-frame fill with `key` and writes its kept pixels to `surface` (only where it
    /// was drawn over, when it still holds them); false if they are not kept, and the caller
    /// draws the fill and then calls `drew(into:)`.
    func restore(_ key: Paint.Key, into surface: Surface) -> Bool {
        guard isEnabled else { return false }
        lastWasRepeat = lastSeen == key
        lastSeen = key
        guard let kept, keptKey == key else { return false }
        let pixels = surface.pixels
        surface.fillBackground(.gradient(key)) { start, count in (pixels + start).update(from: kept + start, count: count) }
        return true
    }

    /// The fill noted by the last failed `restore` has been drawn into `pixels`: keeps them if
    /// the same fill came the time before too.
    func drew(into pixels: UnsafePointer<UInt32>) {
        guard isEnabled, lastWasRepeat, let key = lastSeen else { return }
        let buffer = kept ?? .allocate(capacity: count)
        buffer.update(from: pixels, count: count)
        kept = buffer
        keptKey = key
    }
}
