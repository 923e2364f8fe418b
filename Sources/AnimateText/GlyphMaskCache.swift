import AnimateDrawing
import Foundation

/// Glyph coverage masks by face, glyph, device size and quarter-pixel phase, shared by every
/// frame and thread: text drawn at a size it was drawn at before costs a copy of its masks, not
/// a rasterization. A mask depends only on its key, so a drawing is the same bytes whether its
/// masks come from here or are made again.
///
/// Masks live in generations: past its memory budget the cache starts a new one, and the old
/// one is freed when the last drawing that placed its masks lets go of it (drawings keep the
/// generations they use, so masks are copied without reference counting).
final class GlyphMaskCache: @unchecked Sendable {
    static let shared = GlyphMaskCache()

    /// What a mask depends on.
    struct Request {
        /// Not counted: the font library keeps its faces for good. Nil for a rule.
        unowned(unsafe) let face: FontFace?
        let glyph: UInt32
        /// The em in device pixels, in 64ths.
        let size: Int
        /// Quarter pixels right and down of the whole pixel the glyph's pen is placed at.
        let phaseX: Int
        let phaseY: Int
        let italic: Bool
        /// A rule (a formula's fraction bar) instead of a glyph: no face, `glyph` its width in
        /// quarter pixels and `size` its height in 64ths.
        var isRule: Bool { face == nil }

        /// The face serial rule keys carry, which no face has.
        static let ruleSerial = (1 << 16) - 1

        /// The request packed in 64 bits, or nil when a part does not fit its field.
        var key: UInt64? {
            let serial = face?.serial ?? Self.ruleSerial
            guard serial < Self.ruleSerial || face == nil, glyph < 1 << 20, size > 0, size < 1 << 20 else { return nil }
            return UInt64(serial) | UInt64(glyph) << 16 | UInt64(size) << 36 | UInt64(phaseX & 3) << 56
                | UInt64(phaseY & 3) << 58 | (italic ? 1 << 60 : 0)
        }
    }

    /// What the cache knows of a glyph.
    enum Entry {
        case mask(MaskShape)
        /// The glyph covers nothing.
        case empty
        /// Too large for a mask: filled as an outline.
        case tooLarge
    }

    /// Masks made since the cache last started afresh, and the objects that own them.
    final class Generation: @unchecked Sendable {
        fileprivate var entries: [UInt64: Entry] = [:]
        fileprivate var owners: [CoverageMask] = []
        fileprivate var bytes = 0
    }

    /// The largest em drawn through masks, in device pixels; larger text is filled as outlines.
    static let largestSize: CGFloat = 256

    private let lock = NSLock()
    private var current = Generation()
    private let budget: Int

    init(budget: Int = 64 << 20) {
        self.budget = budget
    }

    /// Starts a new generation, as a full cache does (tests show drawings do not depend on it).
    package static func startAfresh() {
        shared.lock.withLock { shared.current = Generation() }
    }

    /// The masks made so far, and the generation that keeps them: a value to look glyphs up in
    /// without the cache's lock.
    func snapshot() -> (entries: [UInt64: Entry], generation: Generation) {
        lock.withLock { (current.entries, current) }
    }

    /// What the cache has for each request, looked up together; the masks missing are rasterized
    /// from the glyphs' outlines outside the cache's lock. `keys[i]` is `requests[i].key`. The
    /// shapes are valid while `keep` is held.
    func masks(for requests: [Request], keys: [UInt64]) -> (entries: [Entry], keep: [Generation]) {
        var result = [Entry](repeating: .empty, count: requests.count)
        var missing: [Int] = []
        let looked = lock.withLock {
            for i in requests.indices {
                if let found = current.entries[keys[i]] { result[i] = found } else { missing.append(i) }
            }
            return current
        }
        guard !missing.isEmpty else { return (result, [looked]) }
        // One rasterization per distinct key, however often the frame uses it.
        var made: [UInt64: Entry] = [:]
        var owners: [CoverageMask] = []
        let unit = Path(CGRect(x: 0, y: 0, width: 1, height: 1))
        let outlines = FontLibrary.shared.withLock { missing.map { requests[$0].face?.outline(requests[$0].glyph) ?? unit } }
        for (i, outline) in zip(missing, outlines) {
            let key = keys[i]
            if let entry = made[key] { result[i] = entry; continue }
            let r = requests[i]
            let transform: CGAffineTransform
            if let face = r.face {
                let s = CGFloat(r.size) / 64 / face.unitsPerEm
                transform = CGAffineTransform(a: s, b: 0, c: r.italic ? 0.2 * s : 0, d: -s,
                                              tx: CGFloat(r.phaseX) / 4, ty: CGFloat(r.phaseY) / 4)
            } else {
                // The unit square stretched to the rule, its corner at the phase.
                transform = CGAffineTransform(a: CGFloat(r.glyph) / 4, b: 0, c: 0, d: CGFloat(r.size) / 64,
                                              tx: CGFloat(r.phaseX) / 4, ty: CGFloat(r.phaseY) / 4)
            }
            let entry: Entry
            switch CoverageMask.make(outline, transform: transform) {
            case .mask(let mask):
                owners.append(mask)
                entry = .mask(mask.shape)
            case .empty: entry = .empty
            case .tooLarge: entry = .tooLarge
            }
            made[key] = entry
            result[i] = entry
        }
        let kept = lock.withLock {
            let generation = current
            for (key, entry) in made where generation.entries[key] == nil { generation.entries[key] = entry }
            generation.owners += owners
            generation.bytes += owners.reduce(64 * made.count) { $0 + $1.byteCount }
            if generation.bytes > budget { current = Generation() }
            return generation
        }
        return (result, looked === kept ? [kept] : [looked, kept])
    }
}
