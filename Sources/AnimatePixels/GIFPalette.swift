/// A global palette of at most 255 colours for a GIF, built from sample frames, and the mapping of frames to it.
///
/// When the samples hold at most 255 distinct colours (flat motion graphics), the palette is
/// exactly those colours, so flat shapes stay flat. Otherwise a variance-splitting median cut over
/// the exact sampled colours (or, past 65,536 of them, an 18-bit histogram) picks the colours,
/// refined by k-means, and frames are mapped with Sierra Lite error diffusion at three-quarter
/// strength, so gradients dither instead of banding, while colours the palette already holds (to
/// within a level) stay flat. Deterministic: same samples, same palette, same indices.
package final class GIFPalette: @unchecked Sendable {
    /// Palette entries as 0xRRGGBB.
    package let colors: [UInt32]
    private let rgb: [SIMD4<Int32>]
    /// The entries as (g, r, b, index), sorted by green then index, for `nearest`'s pruned search.
    private let byGreen: [SIMD4<Int32>]
    /// Whether the palette holds every sampled colour exactly.
    package let isExact: Bool
    /// The most colours a palette holds: one fewer than a GIF allows, so that index 255 is never
    /// drawn and FFmpeg's encoder can always use it as the transparent index that leaves the
    /// previous frame's unchanged pixels in place. With all 256 in use it found no free index in
    /// 9 of starfield's 100 frames and wrote those frames whole.
    package static let maxColors = 255

    /// Builds a palette from sample frames of premultiplied RGBA (flattened over black).
    package convenience init(samples: [[UInt8]]) {
        var builder = Builder()
        for frame in samples { frame.withUnsafeBufferPointer { builder.add(premultipliedRGBA: $0) } }
        self.init(builder)
    }

    /// Builds the palette from the frames `builder` has seen.
    package init(_ builder: Builder) {
        colors = builder.isExact ? builder.counts.sorted().map(\.color) : GIFPalette.medianCut(builder, count: GIFPalette.maxColors)
        isExact = builder.isExact
        rgb = colors.map { SIMD4(Int32($0 >> 16), Int32(($0 >> 8) & 0xFF), Int32($0 & 0xFF), 0) }
        byGreen = rgb.enumerated().map { SIMD4($0.element.y, $0.element.x, $0.element.z, Int32($0.offset)) }
            .sorted { ($0.x, $0.w) < ($1.x, $1.w) }
    }

    /// Takes sample frames one at a time, so only one frame is held at once, not all the samples.
    /// It counts pixels per exact colour while there are at most
    /// `ColorCounts.limit` colours; past that it folds the counts into a histogram with 6 bits per
    /// channel, whose exact sums give each bin its mean colour, and goes on with the histogram alone.
    package struct Builder {
        fileprivate var counts = ColorCounts()
        /// Per 6-bit bin: pixels and channel sums; empty while the exact counts suffice.
        fileprivate var histogram: [(n: Int, r: Int, g: Int, b: Int)] = []

        package init() {}

        /// At most `maxColors` colours seen, each kept exactly.
        fileprivate var isExact: Bool { histogram.isEmpty && counts.count <= GIFPalette.maxColors }

        /// Adds one frame of premultiplied RGBA bytes.
        package mutating func add(premultipliedRGBA frame: UnsafeBufferPointer<UInt8>) {
            var i = 0
            while i + 3 < frame.count {
                let color = UInt32(frame[i]) << 16 | UInt32(frame[i + 1]) << 8 | UInt32(frame[i + 2])
                if !histogram.isEmpty || !counts.add(color) {
                    if histogram.isEmpty { foldCountsIntoHistogram() }
                    bin(color, 1)
                }
                i += 4
            }
        }

        private mutating func foldCountsIntoHistogram() {
            histogram = Array(repeating: (0, 0, 0, 0), count: 1 << 18)
            for entry in counts.sorted() { bin(entry.color, Int(entry.count)) }
            counts = ColorCounts()
        }

        private mutating func bin(_ color: UInt32, _ n: Int) {
            let r = Int(color >> 16), g = Int((color >> 8) & 0xFF), b = Int(color & 0xFF)
            let key = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
            histogram[key].n += n; histogram[key].r += r * n; histogram[key].g += g * n; histogram[key].b += b * n
        }
    }

    private static func medianCut(_ builder: Builder, count: Int) -> [UInt32] {
        struct Bin { var n: Double; var c: SIMD3<Double> }
        // Exact colours when there are not too many (hexagons: +1.1 dB against 6-bit bins); else
        // the bins, which bound the cost of the cut and of k-means.
        let bins = builder.histogram.isEmpty
            ? builder.counts.sorted().map { Bin(n: Double($0.count), c: SIMD3(Double($0.color >> 16), Double(($0.color >> 8) & 0xFF), Double($0.color & 0xFF))) }
            : builder.histogram.compactMap { h in h.n > 0 ? Bin(n: Double(h.n), c: SIMD3(Double(h.r), Double(h.g), Double(h.b)) / Double(h.n)) : nil }
        func stats(_ box: [Bin]) -> (error: Double, axis: Int, mean: SIMD3<Double>) {
            var n = 0.0, s = SIMD3<Double>.zero, s2 = SIMD3<Double>.zero
            for b in box { n += b.n; s += b.c * b.n; s2 += b.c * b.c * b.n }
            let mean = s / n
            let variance = s2 / n - mean * mean
            let axis = variance.x >= variance.y && variance.x >= variance.z ? 0 : (variance.y >= variance.z ? 1 : 2)
            // The box's total squared error: splitting the worst box first is what lowers the
            // mapping error most (a square-root weight on the count, meant to favour small clusters,
            // cost 1.4-2.7 dB of PSNR on hexagons, flower and starfield).
            return ((variance.x + variance.y + variance.z) * n, axis, mean)
        }
        var boxes = [bins]
        var info = [stats(bins)]
        while boxes.count < count {
            guard let pick = info.indices.filter({ boxes[$0].count > 1 }).max(by: { info[$0].error < info[$1].error }),
                  info[pick].error > 0 else { break }
            let axis = info[pick].axis
            let sorted = boxes[pick].sorted { a, b in a.c[axis] != b.c[axis] ? a.c[axis] < b.c[axis] : (a.c.x, a.c.y, a.c.z) < (b.c.x, b.c.y, b.c.z) }
            let total = sorted.reduce(0) { $0 + $1.n }
            var acc = 0.0, cut = 1
            for (i, b) in sorted.enumerated() {
                acc += b.n
                if acc >= total / 2 { cut = min(max(i + 1, 1), sorted.count - 1); break }
            }
            let low = Array(sorted[..<cut]), high = Array(sorted[cut...])
            boxes[pick] = low; info[pick] = stats(low)
            boxes.append(high); info.append(stats(high))
        }
        // Refine with a few k-means (Lloyd) passes over the histogram: each colour moves to the
        // weighted mean of the bins nearest to it.
        var centres = info.map(\.mean)
        for _ in 0..<6 {
            var sums = [SIMD3<Double>](repeating: .zero, count: centres.count)
            var weights = [Double](repeating: 0, count: centres.count)
            // The nearest centre of each bin (lowest index among equals), searched outwards in green
            // as `nearest` does: a few dozen centres a bin instead of 256.
            let byGreen = centres.indices.sorted { (centres[$0].y, $0) < (centres[$1].y, $1) }
            for bin in bins {
                var best = 0, bestD = Double.infinity
                @inline(__always) func consider(_ k: Int) {
                    let d = bin.c - centres[k]
                    let dist = (d * d).sum()
                    if dist < bestD || (dist == bestD && k < best) { bestD = dist; best = k }
                }
                searchOutwards(count: byGreen.count, keyAt: { centres[byGreen[$0]].y }, from: bin.c.y,
                               bound: { bestD }, visit: { consider(byGreen[$0]) })
                sums[best] += bin.c * bin.n
                weights[best] += bin.n
            }
            for k in centres.indices where weights[k] > 0 { centres[k] = sums[k] / weights[k] }
        }
        return centres.map { mean in
            let c = (mean + 0.5).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
            return UInt32(c.x) << 16 | UInt32(c.y) << 8 | UInt32(c.z)
        }
    }

    /// The palette entry nearest to `c` (squared RGB distance; the lowest index among equals).
    ///
    /// Searches outwards from `c`'s green in the entries sorted by green, and stops on each side once
    /// the green difference alone exceeds the best distance: exact, and a few dozen entries instead of
    /// 256 (a full scan per cache miss was two thirds of a dithered GIF's time).
    private func nearest(_ c: SIMD4<Int32>) -> Int {
        byGreen.withUnsafeBufferPointer { entries in
            guard !entries.isEmpty else { return 0 }
            var best = Int32.max, bestD = Int32.max
            @inline(__always) func consider(_ e: SIMD4<Int32>) {
                let dr = c.x &- e.y, dg = c.y &- e.x, db = c.z &- e.z
                let dist = dr &* dr &+ dg &* dg &+ db &* db
                if dist < bestD || (dist == bestD && e.w < best) { bestD = dist; best = e.w }
            }
            searchOutwards(count: entries.count, keyAt: { entries[$0].x }, from: c.y,
                           bound: { bestD }, visit: { consider(entries[$0]) })
            return Int(best)
        }
    }

    /// One thread's scratch for `map`: a direct-mapped cache of nearest indices keyed by the exact
    /// 24-bit colour, kept across frames (the palette never changes, so neither do the answers, and
    /// frames repeat most colours), and the two error rows of the diffusion.
    package final class MapScratch {
        static let cacheSize = 1 << 16
        let keys: UnsafeMutablePointer<UInt32>
        let values: UnsafeMutablePointer<UInt8>
        let errCur: UnsafeMutablePointer<SIMD4<Int32>>
        let errNext: UnsafeMutablePointer<SIMD4<Int32>>
        let width: Int

        /// Scratch for frames `width` pixels wide.
        package init(width: Int) {
            self.width = width
            keys = .allocate(capacity: Self.cacheSize)
            keys.initialize(repeating: UInt32.max, count: Self.cacheSize)
            values = .allocate(capacity: Self.cacheSize)
            values.initialize(repeating: 0, count: Self.cacheSize)
            errCur = .allocate(capacity: width + 2)
            errNext = .allocate(capacity: width + 2)
        }

        deinit {
            keys.deallocate(); values.deallocate(); errCur.deallocate(); errNext.deallocate()
        }
    }

    /// Maps premultiplied RGBA to palette indices and writes the palette (AV_PIX_FMT_PAL8 layout).
    package func map(premultipliedRGBA src: UnsafePointer<UInt8>, width: Int, height: Int,
             indices: UnsafeMutablePointer<UInt8>, stride: Int, paletteOut: UnsafeMutablePointer<UInt8>,
             scratch: MapScratch) {
        precondition(scratch.width >= width, "map scratch is narrower than the frame")
        let pal = UnsafeMutableRawPointer(paletteOut).assumingMemoryBound(to: UInt32.self)
        for i in 0..<256 { pal[i] = i < colors.count ? (0xFF00_0000 | colors[i]) : 0xFF00_0000 }
        let keys = scratch.keys, values = scratch.values
        // Error rows for Sierra Lite: current and next, with one pixel of padding each side.
        var errCur = scratch.errCur, errNext = scratch.errNext
        errCur.update(repeating: .zero, count: width + 2)
        errNext.update(repeating: .zero, count: width + 2)
        let diffuse = !isExact
        // The nearest entry to `c`, through the cache.
        @inline(__always) func lookup(_ c: SIMD4<Int32>) -> Int {
            let key = UInt32(c.x) << 16 | UInt32(c.y) << 8 | UInt32(c.z)
            let slot = Int((key &* 0x9E37_79B1) >> 16)
            if keys[slot] == key { return Int(values[slot]) }
            let index = nearest(c)
            keys[slot] = key; values[slot] = UInt8(index)
            return index
        }
        rgb.withUnsafeBufferPointer { rgb in
            for y in 0..<height {
                let row = src + y * width * 4
                let out = indices + y * stride
                for x in 0..<width {
                    var c = SIMD4(Int32(row[4 &* x]), Int32(row[4 &* x &+ 1]), Int32(row[4 &* x &+ 2]), 0)
                    var index = lookup(c)
                    let miss = c &- rgb[index]
                    // A colour the palette holds to within one level on every channel maps to that
                    // entry undithered and absorbs the incoming error: flat areas get no dither
                    // noise, and a change upstream stops here instead of re-dithering the rest of the
                    // row in every later frame, which GIF's frame differencing then has to store
                    // (starfield: -7% bytes, +0.7 dB).
                    if diffuse && (miss &* miss).wrappedSum() > 3 {
                        // Three-quarter strength: gradients still dither, with less noise that changes frame to frame.
                        c = (c &+ ((errCur[x &+ 1] &* 3) &>> 4)).clamped(lowerBound: .zero, upperBound: SIMD4(255, 255, 255, 0))
                        index = lookup(c)
                        // Sierra Lite: 2/4 right, 1/4 below-left, 1/4 below (errors kept in quarters).
                        let e = c &- rgb[index]
                        errCur[x &+ 2] &+= e &* 2
                        errNext[x] &+= e
                        errNext[x &+ 1] &+= e
                    }
                    out[x] = UInt8(index)
                }
                if diffuse {
                    swap(&errCur, &errNext)
                    errNext.update(repeating: .zero, count: width + 2)
                }
            }
        }
    }
}

/// Visits the entries of a list sorted by `keyAt` outwards from `key`, both ways, and stops each way
/// once the key difference squared exceeds `bound()`. With the best squared distance so far as the
/// bound and a key that is one coordinate of that distance, this is an exact nearest-neighbour
/// search: an entry whose coordinate alone is farther than the best cannot be nearer, nor tie.
@inline(__always)
private func searchOutwards<Key: Numeric & Comparable>(count: Int, keyAt: (Int) -> Key, from key: Key,
                                                       bound: () -> Key, visit: (Int) -> Void) {
    // The first entry whose key is >= `key`.
    var lo = 0, hi = count
    while lo < hi {
        let mid = (lo + hi) / 2
        if keyAt(mid) < key { lo = mid + 1 } else { hi = mid }
    }
    var up = lo, down = lo - 1
    while up < count || down >= 0 {
        if up < count {
            let d = keyAt(up) - key
            if d * d > bound() { up = count } else { visit(up); up += 1 }
        }
        if down >= 0 {
            let d = key - keyAt(down)
            if d * d > bound() { down = -1 } else { visit(down); down -= 1 }
        }
    }
}

/// Pixel counts per exact 24-bit colour: an open-addressing hash table of at most `limit` colours.
struct ColorCounts {
    static let limit = 1 << 16
    private var keys = [UInt32](repeating: ColorCounts.empty, count: 1 << 12)
    private var values = [UInt32](repeating: 0, count: 1 << 12)
    /// Distinct colours held.
    private(set) var count = 0
    private static let empty = UInt32.max

    /// Counts one pixel of `color`; false, counting nothing, when that would be colour `limit + 1`.
    mutating func add(_ color: UInt32) -> Bool {
        let mask = keys.count - 1
        var slot = Int((color &* 0x9E37_79B1) >> 12) & mask
        while true {
            let k = keys[slot]
            if k == color { values[slot] &+= 1; return true }
            if k == Self.empty { break }
            slot = (slot + 1) & mask
        }
        if count == Self.limit { return false }
        keys[slot] = color
        values[slot] = 1
        count += 1
        if count * 2 > keys.count { grow() }
        return true
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt32](repeating: Self.empty, count: oldKeys.count * 2)
        values = [UInt32](repeating: 0, count: oldKeys.count * 2)
        let mask = keys.count - 1
        for (k, v) in zip(oldKeys, oldValues) where k != Self.empty {
            var slot = Int((k &* 0x9E37_79B1) >> 12) & mask
            while keys[slot] != Self.empty { slot = (slot + 1) & mask }
            keys[slot] = k
            values[slot] = v
        }
    }

    /// The colours seen and their counts, in colour order (so the palette does not depend on
    /// the table's layout).
    func sorted() -> [(color: UInt32, count: UInt32)] {
        zip(keys, values).filter { $0.0 != Self.empty }.map { (color: $0.0, count: $0.1) }.sorted { $0.color < $1.color }
    }
}
