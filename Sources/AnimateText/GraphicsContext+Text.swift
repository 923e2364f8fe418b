import AnimateDrawing
import Foundation

/// Text prepared for drawing, as SwiftUI's `GraphicsContext.ResolvedText`: measure it, change its shading.
public struct ResolvedText: Sendable {
    /// The text.
    public let text: Text
    /// When set, fills every glyph instead of the runs' own colours.
    public var shading: GraphicsContext.Shading?

    /// The size the text takes when wrapped to `size.width` (an infinite width: no wrapping).
    public func measure(in size: CGSize) -> CGSize {
        TextLayout(text, maxWidth: size.width).size
    }

    /// The size of the text on one line per explicit line break.
    public var size: CGSize { TextLayout(text, maxWidth: nil).size }
}

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
        let layout = TextLayout(text.text, maxWidth: r.width)
        draw(layout, shading: text.shading, origin: r.origin, boxWidth: r.width)
    }

    private func draw(_ layout: TextLayout, shading override: Shading?, origin: CGPoint, boxWidth: CGFloat) {
        // Filters see the text as one drawing, not glyph by glyph.
        if hasFilters {
            drawLayer { $0.draw(layout, shading: override, origin: origin, boxWidth: boxWidth) }
            return
        }
        let runs = layout.text.runs
        var top = origin.y
        // Glyph outlines are fetched under the font lock, then filled without it.
        var pieces: [(run: Int, bold: Bool, path: Path)] = []
        var backgrounds: [(color: Color, rect: CGRect)] = []
        var pictures: [(image: Image, rect: CGRect)] = []
        FontLibrary.shared.withLock {
            for line in layout.lines {
                let slack = boxWidth.isFinite ? boxWidth - line.width : 0
                let shift: CGFloat
                switch (layout.text.alignment, line.isRightToLeft) {
                case (.leading, false), (.trailing, true): shift = 0
                case (.center, _): shift = slack / 2
                case (.trailing, false), (.leading, true): shift = slack
                }
                let baseline = top + line.ascent + max(0, line.height - line.ascent - line.descent) / 2
                var start = 0
                while start < line.glyphs.count {
                    // One piece per run and synthetic-bold state on this line.
                    let g0 = line.glyphs[start]
                    var end = start
                    var path = Path()
                    while end < line.glyphs.count, line.glyphs[end].run == g0.run, line.glyphs[end].syntheticBold == g0.syntheticBold {
                        let g = line.glyphs[end]
                        if !g.isSpace, g.face.isColor {
                            // Colour emoji are pictures in their own colours, scaled to the font size.
                            if let picture = g.face.colorGlyph(g.glyph) {
                                let x = origin.x + shift + g.x + picture.left * g.scale
                                pictures.append((picture.image, CGRect(x: x, y: baseline + g.y - picture.top * g.scale,
                                                                       width: picture.width * g.scale, height: picture.height * g.scale)))
                            }
                        } else if !g.isSpace {
                            // Font units (y up) to user space (y down), optionally sheared for a synthetic oblique.
                            // (An oblique moves points right in proportion to their height above the baseline.)
                            let t = CGAffineTransform(a: g.scale, b: 0, c: g.syntheticItalic ? 0.2 * g.scale : 0, d: -g.scale,
                                                      tx: origin.x + shift + g.x, ty: baseline + g.y)
                            path.addPath(g.face.outline(g.glyph), transform: t)
                        }
                        end += 1
                    }
                    if let background = runs[g0.run].background {
                        let last = line.glyphs[end - 1]
                        backgrounds.append((background, CGRect(x: origin.x + shift + g0.x, y: top,
                                                               width: last.x + last.advance - g0.x, height: line.height)))
                    }
                    pieces.append((g0.run, g0.syntheticBold, path))
                    start = end
                }
                top += line.height
            }
        }
        for b in backgrounds { fill(Path(b.rect), with: .color(b.color)) }
        for p in pictures { draw(p.image, in: p.rect) }
        // Styles (gradients) span the whole text, not each glyph.
        let bounds = CGRect(origin: origin, size: CGSize(width: boxWidth.isFinite ? boxWidth : layout.size.width, height: layout.size.height))
        for piece in pieces where !piece.path.isEmpty {
            let run = runs[piece.run]
            let shading = (override ?? run.style.map { .style($0) } ?? .color(run.color ?? .black)).resolved(in: bounds)
            fill(piece.path, with: shading)
            if piece.bold {
                // Synthetic bold: widen the outline by a stroke of 4% of the size.
                let size = run.font?.size ?? TextLayout.defaultFont.size
                stroke(piece.path, with: shading, style: StrokeStyle(lineWidth: size * 0.04, lineJoin: .round))
            }
        }
    }
}
