/// The pixels of a full-frame opaque gradient fill, kept so that a background drawn the same way
/// frame after frame is copied instead of shaded again (a radial sky is a fifth of a starfield
/// frame's work). Such a fill replaces every pixel with a pure function of the paint, so the copy
/// is the same bytes. Pixels are kept only once the same fill comes twice in a row: a background
/// that changes every frame never pays for the copy. One per canvas; not shared between threads.
final class BackgroundCache {
    private let count: Int
    /// The last full-frame fill seen, and the one whose pixels are kept.
    private var lastSeen: Paint.Key?
    private var keptKey: Paint.Key?
    private var kept: UnsafeMutablePointer<UInt32>?
    /// When false nothing is kept (and what was kept is released).
    var isEnabled = true {
        didSet {
            if !isEnabled { kept?.deallocate(); kept = nil; keptKey = nil; lastSeen = nil }
        }
    }

    init(width: Int, height: Int) {
        count = width * height
    }

    deinit { kept?.deallocate() }

    /// Writes the kept pixels of `key` to `pixels`; false if they are not kept.
    func restore(_ key: Paint.Key, into pixels: UnsafeMutablePointer<UInt32>) -> Bool {
        guard isEnabled else { return false }
        lastSeen = key
        guard let kept, keptKey == key else { return false }
        pixels.update(from: kept, count: count)
        return true
    }

    /// Notes that `key` was just drawn into `pixels` (after a failed `restore`), keeping the
    /// pixels if the same fill came the time before too.
    func drew(_ key: Paint.Key, from pixels: UnsafePointer<UInt32>, repeated: Bool) {
        guard repeated, isEnabled else { return }
        let buffer = kept ?? .allocate(capacity: count)
        buffer.update(from: pixels, count: count)
        kept = buffer
        keptKey = key
    }

    /// Whether `key` is the fill seen last (read before `restore` records the new one).
    func isRepeat(_ key: Paint.Key) -> Bool { lastSeen == key }
}
