import CKernels
import Foundation

/// Blends a paint into premultiplied RGBA8 pixels wherever the rasterizer reports coverage.
///
/// Source-over with integer arithmetic is the fast path (solid runs become stores); other blend
/// modes, and the clip mask, go through a per-pixel float path.
struct Compositor: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let paint: Paint
    let mode: BlendMode
    /// Context opacity times any hairline fade, 0...1.
    let opacity: Float
    let clip: UnsafePointer<UInt8>?
    /// The clip's rectangle when it is exactly one (`ClipMask.rectangle`): runs are cut to it and
    /// the mask, whose factor inside is exactly 1 (255 * (1/255) rounds to 1), is not read; the
    /// bytes are those the mask would give (see `unmasked` for which path draws them).
    let clipRectangle: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    /// No mask to apply: no clip, or a rectangle clip at full opacity, where the fast paths below
    /// round exactly as the blending path would (`weights(c, opacity * 255)` and
    /// `weights(c * opacity, 255)` agree when the opacity is 1).
    let unmasked: Bool
    let antialiased: Bool
    /// Scratch for one row of paint colours, and one of per-pixel weights.
    let colors: UnsafeMutablePointer<UInt32>
    let weights: UnsafeMutablePointer<Float>
    let levelCoverage: UnsafeMutablePointer<Float>
    /// The surface's written-block record (`FrameReuse.written`), stamped with `epoch` for every span.
    let written: UnsafeMutablePointer<UInt32>
    let blocksPerPair: Int
    let epoch: UInt32

    /// A compositor painting a shape into `surface` as `painting` says, writing the pixels and
    /// stamping the surface's write history.
    @inline(__always)
    init(surface: Surface, _ painting: ShapePainting, rows: CompositingRows) {
        let c = painting.compositing
        pixels = surface.settledPixels()
        width = surface.width
        written = surface.reuse.written
        blocksPerPair = surface.reuse.blocksPerPair
        epoch = surface.reuse.epoch
        paint = painting.paint
        mode = c.mode
        opacity = c.opacity
        clip = c.clip.map { UnsafePointer($0.coverage) }
        clipRectangle = c.clip?.rectangle
        unmasked = Self.isUnmasked(c)
        antialiased = painting.antialiased
        colors = rows.colors
        weights = rows.weights
        levelCoverage = rows.coverage
    }

    /// Notes that pixels `x..<x+count` of row `y` are about to be written.
    @inline(__always) private func stamp(y: Int, x: Int, count: Int) {
        let row = written + (y &>> 1) &* blocksPerPair
        var block = x / ChangedBlocks.width
        let last = (x &+ count &- 1) / ChangedBlocks.width
        while block <= last { row[block] = epoch; block &+= 1 }
    }

    /// `stamp` for a run no longer than a block, which touches one block or two neighbours.
    @inline(__always) private func stampShort(y: Int, x: Int, count: Int) {
        let row = written + (y &>> 1) &* blocksPerPair
        row[x / ChangedBlocks.width] = epoch
        row[(x &+ count &- 1) / ChangedBlocks.width] = epoch
    }

    @inline(__always) private func weight(_ coverage: Float) -> Float {
        antialiased ? coverage : (coverage >= 0.5 ? 1 : 0)
    }

    /// The part of pixels `x..<x+count` of row `y` inside the clip rectangle, if there is one.
    @inline(__always) private func clipped(y: Int, x: Int, count: Int) -> (x: Int, count: Int) {
        guard let r = clipRectangle else { return (x, count) }
        guard y >= r.minY, y < r.maxY else { return (x, 0) }
        let start = max(x, r.minX), end = min(x &+ count, r.maxX)
        return (start, max(end &- start, 0))
    }

    var solidOver: ak_solid_over? {
        guard mode == .normal, clip == nil, antialiased, let c = paint.solidColor else { return nil }
        return ak_solid_over(pixels: pixels, width: width, color: c, factor: opacity * 255, written: written,
                             blocks_per_pair: blocksPerPair, epoch: epoch)
    }

    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: Float) {
        let (x, count) = clipped(y: y, x: x, count: count)
        if count == 0 { return }
        let k = weight(coverage) * opacity
        if k <= 0 { return }
        stamp(y: y, x: x, count: count)
        let row = pixels + y * width + x
        // Weights round exactly as `span` and `blendRun` round them, so a pixel's value does not
        // depend on whether the sweep reports it in a block or in a constant run.
        if mode == .normal, unmasked, let c = paint.solidColor {
            let k8 = antialiased ? ak_weight(coverage, opacity * 255) : ak_weight(k, 255)
            if k8 == 0 { return }
            if k8 == 255 && c >> 24 == 255 {
                ak_fill(c, row, count)
            } else {
                let s = k8 == 255 ? c : ak_scale(c, k8)
                Pixel.overConstant(s, row, count)
            }
            return
        }
        // Full coverage of an opaque paint, or a copy: the shaded colours are the result.
        // "Full" as the path that would otherwise blend rounds it: `lerp` for a copy, `weights` for over.
        if mode == .copy || (mode == .normal && paint.isOpaque), unmasked,
           mode == .copy ? k * 255 + 0.5 >= 255 : ak_weight(k, 255) == 255 {
            paint.shade(y: y, x: x, count: count, into: row)
            return
        }
        paint.shade(y: y, x: x, count: count, into: colors)
        if mode == .copy, unmasked {
            let k8 = UInt32(k * 255 + 0.5)
            for i in 0..<count { row[i] = Pixel.lerp(row[i], colors[i], k8) }
            return
        }
        blendRun(row: row, y: y, x: x, count: count) { _ in k }
    }

    mutating func span(y: Int, x first: Int, count whole: Int, coverage all: UnsafePointer<Float>) {
        let (x, count) = clipped(y: y, x: first, count: whole)
        if count == 0 { return }
        let coverage = all + (x &- first)
        if count <= ChangedBlocks.width { stampShort(y: y, x: x, count: count) } else { stamp(y: y, x: x, count: count) }
        let row = pixels + y * width + x
        let op = opacity
        if mode == .normal, unmasked, antialiased, let c = paint.solidColor {
            Pixel.overConstant(c, row, coverage: coverage, opacity: op, count)
            return
        }
        paint.shade(y: y, x: x, count: count, into: colors)
        if mode == .normal, unmasked, antialiased {
            Pixel.over(colors, row, coverage: coverage, opacity: op, count)
            return
        }
        blendRun(row: row, y: y, x: x, count: count) { i in weight(coverage[i]) * op }
    }

    /// Whether no mask applies to `c`: no clip, or a rectangle clip at full opacity, where the
    /// fast paths round exactly as the blending path would.
    @inline(__always) static func isUnmasked(_ c: Compositing) -> Bool {
        c.clip == nil || (c.clip?.rectangle != nil && c.opacity == 1)
    }

    /// `levelSpan` in a colour per pixel, for a compositor blending normally without a mask:
    /// pixel `x + i` painted in `colors[i]`, all in one pass (this compositor's clip and opacity).
    mutating func levelSpan(y: Int, x first: Int, count whole: Int, levels all: UnsafePointer<UInt8>, colors: UnsafePointer<UInt32>) {
        let (x, count) = clipped(y: y, x: first, count: whole)
        if count == 0 { return }
        stamp(y: y, x: x, count: count)
        ak_over_colors_levels(colors + (x &- first), pixels + y * width + x, all + (x &- first), opacity, count)
    }

    /// Pixels `x..<x+count` of row `y` have coverage `levels[0..<count]` / 255 (summed masks).
    mutating func levelSpan(y: Int, x first: Int, count whole: Int, levels all: UnsafePointer<UInt8>) {
        if mode == .normal, unmasked, antialiased, let c = paint.solidColor {
            let (x, count) = clipped(y: y, x: first, count: whole)
            if count == 0 { return }
            stamp(y: y, x: x, count: count)
            ak_over_constant_levels(c, pixels + y * width + x, all + (x &- first), opacity, count)
            return
        }
        ak_levels_to_coverage(all, levelCoverage, whole)
        span(y: y, x: first, count: whole, coverage: levelCoverage)
    }

    @inline(__always)
    private func blendRun(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, weightAt: (Int) -> Float) {
        let mask = clipRectangle == nil ? clip.map { $0 + y * width + x } : nil
        if mode == .copy {
            for i in 0..<count {
                var k = weightAt(i)
                if let mask { k *= Float(mask[i]) * (1 / 255) }
                let k8 = UInt32(k * 255 + 0.5)
                if k8 != 0 { row[i] = Pixel.lerp(row[i], colors[i], k8) }
            }
            return
        }
        if mode == .normal {
            // The weights in a row, then the kernel (which rounds k * 1 as k, `ak_weight(k, 255)`).
            for i in 0..<count {
                var k = weightAt(i)
                if let mask { k *= Float(mask[i]) * (1 / 255) }
                weights[i] = k
            }
            Pixel.over(colors, row, coverage: weights, opacity: 1, count)
            return
        }
        for i in 0..<count {
            var k = weightAt(i)
            if let mask { k *= Float(mask[i]) * (1 / 255) }
            if k <= 0 { continue }
            let d = Pixel.unpack(row[i])
            let s = Pixel.unpack(colors[i])
            let blended = Blending.apply(mode, source: s, destination: d)
            row[i] = Pixel.pack(d + (blended - d) * min(k, 1))
        }
    }
}
