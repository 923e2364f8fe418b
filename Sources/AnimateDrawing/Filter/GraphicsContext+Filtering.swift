import AnimateMath
import Foundation

extension GraphicsContext {
    /// Whether drawing goes through filters (text draws its glyphs as one layer then).
    package var hasFilters: Bool { !filters.isEmpty }

    /// With filters, draws `body` alone into a layer, filters it and composites the result, and
    /// returns true; without, returns false and the caller draws directly.
    func drawFiltered(_ body: (inout GraphicsContext) -> Void) -> Bool {
        guard !filters.isEmpty else { return false }
        drawFilteredLayer(body)
        return true
    }

    /// The layer after every filter (the layer itself, changed, or a new one). As in SwiftUI, a
    /// filter added later applies first: `addFilter(.alphaThreshold(...))` then `addFilter(.blur(...))`
    /// blurs, then thresholds.
    func applyFilters(to layer: Surface) -> Surface {
        var current = layer
        for filter in Self.mergingBlurs(filters.reversed()) {
            switch filter.kind {
            case let .matrix(matrix):
                Self.apply(matrix, to: current)
            case let .alphaThreshold(min, max, color):
                Self.threshold(current, min: min, max: max, color: color)
            case let .blur(radius, options):
                GaussianBlur(sigma: Double(radius * userScale), clampEdges: options.contains(.opaque))
                    .apply(to: current, buffer: &scratch.blurBuffer, line: &scratch.blurLine)
            case let .shadow(color, radius, x, y, mode, options):
                let next = shadow(of: current, color: color, radius: radius, x: x, y: y, mode: mode, options: options)
                if next !== current {
                    if current !== layer { scratch.recycle(current) }
                    current = next
                }
            }
        }
        return current
    }

    /// `filters` with each run of blurs of the same edges made one blur: Gaussians in a row are
    /// one Gaussian whose variance is the sum of theirs.
    static func mergingBlurs(_ filters: some Sequence<Filter>) -> [Filter] {
        var merged: [Filter] = []
        for filter in filters {
            if case let .blur(radius, options) = filter.kind, let last = merged.last,
               case let .blur(previous, previousOptions) = last.kind, options == previousOptions {
                merged[merged.count - 1] = .blur(radius: (previous * previous + radius * radius).squareRoot(), options: options)
            } else {
                merged.append(filter)
            }
        }
        return merged
    }

    /// The context's mean scale from user to device units (for radii).
    var userScale: CGFloat {
        let t = transform
        return abs(t.a * t.d - t.b * t.c).squareRoot()
    }

    /// Applies `matrix` to straight colours of the drawn rows (every row if it can lift transparency).
    static func apply(_ matrix: ColorMatrix, to surface: Surface) {
        let rows = matrix.liftsTransparency ? 0..<surface.height : surface.dirtyRows
        guard !rows.isEmpty else { return }
        let p = surface.settledPixels()
        for i in (rows.lowerBound * surface.width)..<(rows.upperBound * surface.width) {
            let c = Pixel.unpack(p[i])
            let straight = c.w > 0 ? SIMD4(c.x / c.w, c.y / c.w, c.z / c.w, c.w) : .zero
            p[i] = Pixel.pack(premultiplying: matrix.apply(straight).clamped(lowerBound: .zero, upperBound: .one))
        }
        surface.markWritten(rows)
        surface.markDirty(rows)
    }

    /// Pixels with alpha in `min...max` become `color`, the rest transparent.
    static func threshold(_ surface: Surface, min: Double, max: Double, color: Color) {
        let rows = surface.dirtyRows
        guard !rows.isEmpty else { return }
        let fill = Pixel.pack(premultiplying: SIMD4(Float(color.red), Float(color.green), Float(color.blue), Float(color.opacity)))
        // Alpha levels compared as 8-bit values, inclusive.
        let low = UInt32((Swift.max(0, min) * 255).rounded(.up)), high = UInt32((Swift.min(1, max) * 255).rounded(.down))
        let p = surface.settledPixels()
        for i in (rows.lowerBound * surface.width)..<(rows.upperBound * surface.width) {
            let a = p[i] >> 24
            p[i] = a > 0 && a >= low && a <= high ? fill : 0
        }
        surface.markWritten(rows)
    }

    /// The layer with its shadow: a new layer holding shadow and content as `options` say.
    func shadow(of layer: Surface, color: Color, radius: CGFloat, x: CGFloat, y: CGFloat, mode: BlendMode,
                options: ShadowOptions) -> Surface {
        let w = layer.width, h = layer.height
        let shadow = scratch.layerSurface()
        let invert = options.contains(.invertsShadow)
        // The offset is in user space; only the transform's linear part moves it.
        // Offsets past the layer's size all move it wholly off: the same as the size itself.
        let dx = max(-w, min(w, Int(saturating: (transform.a * x + transform.c * y).rounded())))
        let dy = max(-h, min(h, Int(saturating: (transform.b * x + transform.d * y).rounded())))
        let src = layer.settledPixels(), dst = shadow.settledPixels()
        let drawn = layer.dirtyRows
        let target = invert ? 0..<h : ((drawn.lowerBound + dy)..<(drawn.upperBound + dy)).clamped(to: 0..<h)
        for row in target {
            let from = row - dy
            for col in 0..<w {
                let sx = col - dx
                var a: UInt32 = 0
                if from >= 0, from < h, sx >= 0, sx < w { a = src[from * w + sx] >> 24 }
                if invert { a = 255 - a }
                dst[row * w + col] = a << 24
            }
        }
        shadow.markDirty(target)
        shadow.markWritten(target)
        GaussianBlur(sigma: Double(radius * userScale), clampEdges: invert)
            .apply(to: shadow, buffer: &scratch.blurBuffer, line: &scratch.blurLine)
        // Tint: the blurred alpha times the colour (premultiplied).
        let tint = SIMD4(Float(color.red), Float(color.green), Float(color.blue), 1) * Float(color.opacity)
        let rows = shadow.dirtyRows
        for i in (rows.lowerBound * w)..<(rows.upperBound * w) {
            let a = Float(dst[i] >> 24) * (1 / 255)
            dst[i] = Pixel.pack(tint * a)
        }
        if options.contains(.shadowOnly) { return shadow }
        let result = scratch.layerSurface()
        let out = result.settledPixels()
        let all = rows.hull(layer.dirtyRows)
        for i in (all.lowerBound * w)..<(all.upperBound * w) {
            let content = src[i], shade = dst[i]
            if options.contains(.shadowAbove) {
                out[i] = Self.blend(shade, over: content, mode: mode)
            } else {
                out[i] = Pixel.over(content, Self.blend(shade, over: 0, mode: mode), 255)
            }
        }
        result.markDirty(all)
        result.markWritten(all)
        scratch.recycle(shadow)
        return result
    }

    /// `source` composited over `destination` with `mode`.
    static func blend(_ source: UInt32, over destination: UInt32, mode: BlendMode) -> UInt32 {
        if mode == .normal { return Pixel.over(source, destination, 255) }
        let d = Pixel.unpack(destination)
        return Pixel.pack(Blending.apply(mode, source: Pixel.unpack(source), destination: d))
    }
}
