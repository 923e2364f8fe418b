import AnimateDrawing
import Foundation

extension GraphicsContext {
    /// Prepares `text` for measuring and drawing.
    public func resolve(_ text: Text) -> ResolvedText { ResolvedText(text: text) }

    /// Draws `text` unwrapped, with `anchor` of its bounding box at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }

    /// Draws `text` wrapped to `rect`'s width, from its top-left corner, lines aligned by the text's alignment.
    public func draw(_ text: Text, in rect: CGRect) { draw(resolve(text), in: rect) }

    /// Draws resolved text unwrapped, with `anchor` of its bounding box at `point`.
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        let layout = TextLayout(text.text, maxWidth: nil)
        let origin = CGPoint(x: point.x - anchor.x * layout.size.width, y: point.y - anchor.y * layout.size.height)
        draw(layout, shading: text.shading, origin: origin, boxWidth: layout.size.width)
    }

    /// Draws resolved text wrapped to `rect`'s width.
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        let r = rect.standardized
        let layout = TextLayout(text.text, maxWidth: r.width, maxHeight: r.height)
        draw(layout, shading: text.shading, origin: r.origin, boxWidth: r.width)
    }

    private func draw(_ layout: TextLayout, shading override: Shading?, origin: CGPoint, boxWidth: CGFloat) {
        // Filters see the text as one drawing, not glyph by glyph.
        if hasFilters {
            drawLayer { $0.draw(layout, shading: override, origin: origin, boxWidth: boxWidth) }
            return
        }
        let runs = layout.text.runs
        // Glyphs that keep their shape on the device (moved and scaled alike both ways, not
        // turned or sheared) come from cached coverage masks at quarter-pixel positions; others
        // are filled as outlines.
        let t = transform
        let maskScale: CGFloat? = t.b == 0 && t.c == 0 && t.a == t.d && t.a > 0 && t.a.isFinite && t.tx.isFinite && t.ty.isFinite ? t.a : nil
        // Glyph outlines are fetched under the font lock, then filled without it.
        var pieces: [(run: Int, bold: Bool, path: Path, masks: [MaskPlacement])] = []
        var backgrounds: [(color: Color, rect: CGRect)] = []
        var pictures: [(image: Image, rect: CGRect)] = []
        // The cache's masks as they are now: most glyphs are found there; the others are made
        // after the walk.
        var (known, generation) = maskScale == nil ? ([:], nil) : GlyphMaskCache.shared.snapshot()
        var requests: [GlyphMaskCache.Request] = [], keys: [UInt64] = []
        var spots: [(piece: Int, x: Int, y: Int, outline: CGAffineTransform)] = []
        let placements = layout.placements(origin: origin, boxWidth: boxWidth)
        FontLibrary.shared.withLock {
            for (line, placed) in zip(layout.lines, placements) {
                var start = 0
                while start < line.glyphs.count {
                    // One piece per run and synthetic-bold state on this line.
                    let g0 = line.glyphs[start]
                    var end = start
                    var path = Path()
                    var masks: [MaskPlacement] = []
                    // Synthetic bold widens outlines with a stroke: those stay outlines.
                    let masked = g0.syntheticBold ? nil : maskScale
                    while end < line.glyphs.count, line.glyphs[end].run == g0.run, line.glyphs[end].syntheticBold == g0.syntheticBold {
                        let g = line.glyphs[end]
                        end += 1
                        if g.isSpace { continue }
                        if g.face.isColor {
                            // Colour emoji are pictures in their own colours, scaled to the font size.
                            if let rect = g.pictureRect(x: placed.x, baseline: placed.baseline), let picture = g.face.colorGlyph(g.glyph) {
                                pictures.append((picture.image, rect))
                            }
                            continue
                        }
                        let outline = TextLayout.transform(of: g, x: placed.x, baseline: placed.baseline)
                        if let s = masked, let spot = Self.maskSpot(g, scale: s, x: s * outline.tx + t.tx, y: s * outline.ty + t.ty),
                           let key = spot.request.key {
                            switch known[key] {
                            case .mask(let shape)?: masks.append(MaskPlacement(shape, x: spot.x, y: spot.y))
                            case .empty?: break
                            case .tooLarge?: path.addPath(g.face.outline(g.glyph), transform: outline)
                            case nil:
                                requests.append(spot.request)
                                keys.append(key)
                                spots.append((pieces.count, spot.x, spot.y, outline))
                            }
                        } else {
                            path.addPath(g.face.outline(g.glyph), transform: outline)
                        }
                    }
                    if let background = runs[g0.run].background {
                        let last = line.glyphs[end - 1]
                        let left = g0.x - g0.xOffset, right = last.x - last.xOffset + last.advance
                        backgrounds.append((background, CGRect(x: placed.x + min(left, right), y: placed.top,
                                                               width: abs(right - left), height: line.height)))
                    }
                    pieces.append((g0.run, g0.syntheticBold, path, masks))
                    start = end
                }
            }
        }
        // The masks missing are made (the snapshot let go first, so adding them copies nothing);
        // their generations and the snapshot's keep the masks until they are drawn.
        known = [:]
        var keep: [AnyObject] = generation.map { [$0] } ?? []
        generation = nil
        let (made, kept) = requests.isEmpty ? ([], []) : GlyphMaskCache.shared.masks(for: requests, keys: keys)
        keep += kept as [AnyObject]
        for i in made.indices {
            let spot = spots[i]
            switch made[i] {
            case .mask(let shape):
                pieces[spot.piece].masks.append(MaskPlacement(shape, x: spot.x, y: spot.y))
            case .empty: break
            case .tooLarge:
                let request = requests[i]
                let outline = FontLibrary.shared.withLock { request.face.outline(request.glyph) }
                pieces[spot.piece].path.addPath(outline, transform: spot.outline)
            }
        }
        for b in backgrounds { fill(Path(b.rect), with: .color(b.color)) }
        for p in pictures { draw(p.image, in: p.rect) }
        // Styles (gradients) span the whole text, not each glyph.
        let bounds = CGRect(origin: origin, size: CGSize(width: boxWidth.isFinite ? boxWidth : layout.size.width, height: layout.size.height))
        for piece in pieces where !piece.path.isEmpty || !piece.masks.isEmpty {
            let run = runs[piece.run]
            let shading = (override ?? run.style.map { .style($0) } ?? .color(run.color ?? .black)).resolved(in: bounds)
            if !piece.masks.isEmpty { fill(piece.masks, keeping: keep, with: shading) }
            if piece.path.isEmpty { continue }
            fill(piece.path, with: shading)
            if piece.bold {
                // Synthetic bold: widen the outline by a stroke of 4% of the size.
                let size = (run.font?.size ?? TextLayout.defaultFont.size) * layout.scale
                stroke(piece.path, with: shading, style: StrokeStyle(lineWidth: size * 0.04, lineJoin: .round))
            }
        }
    }

    /// The mask a glyph whose pen lands at device (`x`, `y`) is drawn with, under a uniform
    /// `scale`: its pen rounded to a quarter pixel, split into the whole pixel and the phase.
    /// Nil for glyphs too large for masks, or placed where pixels cannot be counted.
    private static func maskSpot(_ g: TextLayout.Glyph, scale: CGFloat, x: CGFloat, y: CGFloat)
        -> (request: GlyphMaskCache.Request, x: Int, y: Int)? {
        let em = g.scale * g.face.unitsPerEm * scale
        guard em > 0, em <= GlyphMaskCache.largestSize, abs(x) < 268_435_456, abs(y) < 268_435_456 else { return nil }
        let size = Int((em * 64).rounded())
        let qx = Int((x * 4).rounded()), qy = Int((y * 4).rounded())
        guard size > 0 else { return nil }
        return (GlyphMaskCache.Request(face: g.face, glyph: g.glyph, size: size, phaseX: qx & 3, phaseY: qy & 3, italic: g.syntheticItalic),
                qx >> 2, qy >> 2)
    }
}
