public import AnimateDrawing
public import Foundation

/// Text prepared for drawing, as SwiftUI's `GraphicsContext.ResolvedText`: measure it, change
/// its shading, and take it apart into glyphs and outlines.
///
/// Sizes passed to `measure(in:)`, `glyphs(in:)` and the others are the box the text is laid out
/// in: lines wrap at its width (an infinite width: only at line breaks), and positions are in
/// that box with its top-left corner at the origin, lines aligned as `draw(_:in:)` aligns them.
public struct ResolvedText: Sendable {
    /// The text.
    public let text: Text
    /// When set, fills every glyph instead of the runs' own colours.
    public var shading: GraphicsContext.Shading?

    /// The text on one line per explicit line break, laid out once: drawing the same resolved
    /// text again does not look its layout up again.
    let unwrapped: TextLayout

    /// `text` prepared without a context (what `context.resolve(text)` gives).
    package init(text: Text) {
        self.text = text
        shading = nil
        unwrapped = TextLayout(text, maxWidth: nil)
    }

    /// The text's characters, every run's in order: what `TextGlyph.range` indexes.
    public var string: String { text.runs.map(\.string).joined() }

    /// The size the text takes when wrapped to `size.width` (an infinite width: no wrapping).
    public func measure(in size: CGSize) -> CGSize {
        TextLayout(text, maxWidth: size.width, maxHeight: size.height).size
    }

    /// The size of the text on one line per explicit line break.
    public var size: CGSize { unwrapped.size }

    /// The distance from the box's top to the first line's baseline.
    public func firstBaseline(in size: CGSize) -> CGFloat {
        let layout = TextLayout(text, maxWidth: size.width, maxHeight: size.height)
        return layout.placements(origin: .zero, boxWidth: size.width).first?.baseline ?? 0
    }

    /// The distance from the box's top to the last line's baseline.
    public func lastBaseline(in size: CGSize) -> CGFloat {
        let layout = TextLayout(text, maxWidth: size.width, maxHeight: size.height)
        return layout.placements(origin: .zero, boxWidth: size.width).last?.baseline ?? 0
    }

    /// Every glyph of the text laid out in `size`, line by line, left to right.
    public func glyphs(in size: CGSize) -> [TextGlyph] {
        let layout = TextLayout(text, maxWidth: size.width, maxHeight: size.height)
        let full = string
        let placements = layout.placements(origin: .zero, boxWidth: size.width)
        var result: [TextGlyph] = []
        FontLibrary.shared.withLock {
            for (index, (line, placed)) in zip(layout.lines, placements).enumerated() {
                for g in line.glyphs {
                    let origin = CGPoint(x: placed.x + g.x - g.xOffset, y: placed.baseline)
                    let range = String.Index(utf16Offset: g.cluster.lowerBound, in: full)..<String.Index(utf16Offset: g.cluster.upperBound, in: full)
                    var path = Path()
                    var picture: (image: Image, rect: CGRect)?
                    if let rect = g.pictureRect(x: placed.x, baseline: placed.baseline), let glyphPicture = g.face.colorGlyph(g.glyph) {
                        picture = (glyphPicture.image, rect)
                    } else if !g.isSpace && !g.face.isColor {
                        path.addPath(g.face.outline(g.glyph), transform: TextLayout.transform(of: g, x: placed.x, baseline: placed.baseline))
                    }
                    let bounds = picture?.rect ?? (path.isEmpty ? CGRect(origin: origin, size: .zero) : path.boundingRect)
                    result.append(TextGlyph(id: g.glyph, path: path, picture: picture, range: range, line: index, run: g.run,
                                            origin: origin, advance: g.advance, bounds: bounds))
                }
            }
        }
        return result
    }

    /// The outline of every glyph laid out in `size`, as one path (colour emoji, which are
    /// pictures, are left out). Filling it with one colour gives the pixels drawing the text does
    /// where glyphs are drawn as outlines, and within an eighth of a pixel where they come from
    /// glyph masks (upright text up to 256 px).
    public func path(in size: CGSize) -> Path {
        var path = Path()
        for glyph in glyphs(in: size) where !glyph.path.isEmpty { path.addPath(glyph.path) }
        return path
    }

    /// The box the ink of the text laid out in `size` covers (outlines and emoji pictures, not the
    /// line boxes): what a label is placed by. `.null` when nothing is drawn.
    public func inkBounds(in size: CGSize) -> CGRect {
        glyphs(in: size).reduce(CGRect.null) { box, glyph in
            glyph.path.isEmpty && glyph.picture == nil ? box : box.union(glyph.bounds)
        }
    }
}

/// One glyph of a laid-out text: its outline, the characters it shows, and where it sits.
public struct TextGlyph: Sendable {
    /// The glyph's number in its font.
    public let id: UInt32
    /// Its outline in the layout box (empty for spaces and colour emoji).
    public let path: Path
    /// A colour emoji's picture and where it is drawn, instead of an outline.
    public let picture: (image: Image, rect: CGRect)?
    /// The characters it shows, in `ResolvedText.string` (a ligature shows several; several
    /// glyphs may show one cluster, as a Devanagari conjunct does).
    public let range: Range<String.Index>
    /// The line it is on, from 0.
    public let line: Int
    /// The text run it comes from (a `+` operand or an attributed run), from 0.
    public let run: Int
    /// Its pen position on the baseline.
    public let origin: CGPoint
    /// How far it moves the pen.
    public let advance: CGFloat
    /// The box of its ink (its origin, with no size, for a space).
    public let bounds: CGRect
}
