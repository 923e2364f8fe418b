public import AnimateDrawing
public import Foundation

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
        let layout = text.unwrapped
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
        var gathered = GlyphPieces(transform: transform, pieces: runs.count)
        // One piece per run and synthetic-bold state on each line.
        var pieces: [(run: Int, bold: Bool, line: Int)] = []
        pieces.reserveCapacity(runs.count)
        var backgrounds: [(color: Color, rect: CGRect)] = []
        var decorations: [(color: Color, rect: CGRect)] = []
        var pictures: [(image: Image, rect: CGRect)] = []
        let placements = layout.placements(origin: origin, boxWidth: boxWidth)
        // Glyph outlines are fetched under the font lock, then filled without it.
        FontLibrary.shared.withLock {
            for (lineIndex, (line, placed)) in zip(layout.lines, placements).enumerated() {
                var start = 0
                while start < line.glyphs.count {
                    let g0 = line.glyphs[start]
                    var end = start
                    let piece = gathered.startPiece()
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
                        // Synthetic bold widens outlines with a stroke: those stay outlines.
                        gathered.add(face: g.face, glyph: g.glyph, em: g.scale * g.face.unitsPerEm, italic: g.syntheticItalic,
                                     outline: TextLayout.transform(of: g, x: placed.x, baseline: placed.baseline),
                                     masked: !g.syntheticBold, to: piece)
                    }
                    let last = line.glyphs[end - 1]
                    let left = g0.x - g0.xOffset, right = last.x - last.xOffset + last.advance
                    if let background = runs[g0.run].background {
                        backgrounds.append((background, CGRect(x: placed.x + min(left, right), y: placed.top,
                                                               width: abs(right - left), height: line.height)))
                    }
                    if runs[g0.run].underline != nil || runs[g0.run].strikethrough != nil {
                        // Lines a fifteenth of the size thick: under the baseline, and through the middle of lower case.
                        let size = (runs[g0.run].font?.size ?? TextLayout.defaultFont.size) * layout.scale
                        let thickness = max(size / 15, 0.5), colour = runs[g0.run].color ?? .primary
                        for (decoration, y) in [(runs[g0.run].underline, size * 0.12), (runs[g0.run].strikethrough, -size * 0.3)] {
                            guard let decoration else { continue }
                            decorations.append((decoration.color ?? colour, CGRect(x: placed.x + min(left, right), y: placed.baseline + y - thickness / 2,
                                                                                  width: abs(right - left), height: thickness)))
                        }
                    }
                    pieces.append((g0.run, g0.syntheticBold, lineIndex))
                    start = end
                }
            }
        }
        let keep = gathered.finish()
        for b in backgrounds { fill(Path(b.rect), with: .color(b.color)) }
        for p in pictures { draw(p.image, in: p.rect) }
        // Styles (gradients) span the whole text, not each glyph.
        let bounds = CGRect(origin: origin, size: CGSize(width: boxWidth.isFinite ? boxWidth : layout.size.width, height: layout.size.height))
        // Masked runs side by side on a line (a line of code in its colours) are painted together:
        // their placements are one slice of the gathered ones.
        // A run in a plain colour keeps it as a `Color` until its group is painted: a line in
        // several colours goes to the canvas as colours by column, without a shading per run.
        // Other runs' shadings wait in `shadings` (a group's entry holds the index, or -1).
        var groupStart = 0, groupEnd = -1, groupLine = -1, groupSolid = true
        var groupRuns: [(end: Int, color: Color, shading: Int)] = [], shadings: [Shading] = []
        func shading(of run: Int) -> Shading {
            (override ?? runs[run].style.map { .style($0) } ?? .color(runs[run].color ?? .primary)).resolved(in: bounds)
        }
        groupRuns.reserveCapacity(runs.count)
        func flush() {
            guard let last = groupRuns.last else { return }
            let slice = gathered.placements[groupStart..<last.end]
            if groupRuns.count == 1 {
                fill(slice, keeping: keep, with: last.shading < 0 ? .color(last.color) : shadings[last.shading])
            } else if groupSolid {
                fill(slice, colors: groupRuns.map { ($0.end, $0.color) }, keeping: keep)
            } else {
                fill(slice, runs: groupRuns.map { ($0.end, $0.shading < 0 ? .color($0.color) : shadings[$0.shading]) }, keeping: keep)
            }
            groupRuns.removeAll(keepingCapacity: true)
            shadings.removeAll(keepingCapacity: true)
            groupSolid = true
        }
        for (i, piece) in pieces.enumerated() {
            let masks = gathered.maskRange(i), outlined = gathered.hasOutline(i)
            guard outlined || !masks.isEmpty else { continue }
            // The run's fields read in place (a run copied whole retains its strings and font).
            let plain = override == nil && runs[piece.run].style == nil
            let color = plain ? runs[piece.run].color ?? .primary : .black
            // A group goes on while its pieces follow each other on one line, masks only.
            if piece.line != groupLine || outlined || (!groupRuns.isEmpty && groupEnd != masks.lowerBound) { flush() }
            groupLine = piece.line
            if !masks.isEmpty {
                if groupRuns.isEmpty { groupStart = masks.lowerBound }
                groupEnd = masks.upperBound
                if plain {
                    groupRuns.append((masks.upperBound, color, -1))
                } else {
                    groupRuns.append((masks.upperBound, color, shadings.count))
                    shadings.append(shading(of: piece.run))
                    groupSolid = false
                }
            }
            if !outlined { continue }
            let path = gathered.paths[i], outlineShading = plain ? .color(color) : shading(of: piece.run)
            flush()
            fill(path, with: outlineShading)
            if piece.bold {
                // Synthetic bold: widen the outline by a stroke of 4% of the size.
                let size = (runs[piece.run].font?.size ?? TextLayout.defaultFont.size) * layout.scale
                stroke(path, with: outlineShading, style: StrokeStyle(lineWidth: size * 0.04, lineJoin: .round))
            }
        }
        flush()
        for d in decorations { fill(Path(d.rect), with: override.map { $0.resolved(in: bounds) } ?? .color(d.color)) }
    }
}
