import Foundation
import AnimateDrawing
import CHarfBuzz

extension MathLayout {
    /// The most glyphs an extensible assembly is built of: a delimiter around thousands of rows
    /// stops growing there instead of costing without bound.
    static let assemblyLimit = 600

    /// A glyph grown to cover `target` points: the first of its size variants long enough, else
    /// built from its assembly's parts, else its largest variant. Vertical boxes keep the glyph's
    /// baseline; horizontal ones start at the pen.
    func stretched(_ c: Unicode.Scalar, target: CGFloat, vertical: Bool, style: MathStyle, source: Range<Int>) -> MathBox? {
        guard let base = font.glyph(c) else { return nil }
        let s = scale(style)
        let units = target / s
        let variants = font.variants(base, vertical: vertical)
        if let fit = variants.first(where: { $0.advance >= units }) {
            return glyphBox(fit.glyph, style: style, source: source)
        }
        let (parts, italic) = font.assembly(base, vertical: vertical)
        guard !parts.isEmpty else {
            return glyphBox(variants.last?.glyph ?? base, style: style, source: source)
        }
        // The fewest repeats of the extenders that reach the length with the least overlap allowed.
        let minOverlap = font.minConnectorOverlap(vertical: vertical)
        let extenders = parts.filter(\.isExtender).count
        var repeats = 0
        func sequence(_ n: Int) -> [MathFont.Part] { parts.flatMap { $0.isExtender ? Array(repeating: $0, count: n) : [$0] } }
        func longest(_ seq: [MathFont.Part]) -> CGFloat {
            seq.reduce(0) { $0 + $1.fullAdvance } - minOverlap * CGFloat(max(seq.count - 1, 0))
        }
        var seq = sequence(1)
        if extenders > 0 {
            repeats = 1
            while longest(seq) < units, seq.count + extenders <= Self.assemblyLimit {
                repeats += 1
                seq = sequence(repeats)
            }
            // None at all may already be enough.
            if longest(sequence(0)) >= units { seq = sequence(0) }
        }
        // Overlaps shared evenly, between the least allowed and what the connectors allow.
        let total = seq.reduce(0) { $0 + $1.fullAdvance }
        var overlap: CGFloat = 0
        if seq.count > 1 {
            var most = CGFloat.infinity
            for i in 1..<seq.count { most = min(most, seq[i - 1].endConnector, seq[i].startConnector) }
            overlap = min(max((total - units) / CGFloat(seq.count - 1), minOverlap), max(most, minOverlap))
        }
        var box = MathBox()
        var position: CGFloat = 0
        if vertical {
            // Parts stacked bottom to top by their ink, starting at the first part's bottom.
            let bottom = -font.ink(seq[0].glyph).depth
            for part in seq {
                let ink = font.ink(part.glyph)
                let y = bottom + position + ink.depth
                box.items.append(item(.glyph(font.face, part.glyph, scale: s), x: 0, y: y * s, source: source))
                box.width = max(box.width, font.advance(part.glyph) * s)
                position += part.fullAdvance - overlap
            }
            let length = position + overlap
            box.depth = -bottom * s
            box.height = (bottom + length) * s
            box.italic = italic * s
        } else {
            for part in seq {
                box.items.append(item(.glyph(font.face, part.glyph, scale: s), x: position * s, y: 0, source: source))
                let ink = font.ink(part.glyph)
                box.height = max(box.height, ink.height * s)
                box.depth = max(box.depth, ink.depth * s)
                position += part.fullAdvance - overlap
            }
            box.width = (position + overlap) * s
        }
        return box
    }

    /// A delimiter `height` points tall in all, centred on the axis.
    func delimiter(_ c: Unicode.Scalar, height: CGFloat, style: MathStyle, source: Range<Int>) -> MathBox {
        guard let box = stretched(c, target: height, vertical: true, style: style, source: source) else {
            return textBox(String(c), style: style, source: source, fontName: "DejaVu Sans")
        }
        let shift = (box.height - box.depth) / 2 - axis(style)
        var centred = box.raised(-shift)
        centred.glyph = nil
        return centred
    }

    /// The size `\left` and `\right` take around content reaching `height` and `depth`: its span
    /// around the axis, less a tenth of an em (Typst's rule; TeX's leaves up to 0.5 em uncovered,
    /// for Computer Modern's few sizes).
    func delimiterSize(height: CGFloat, depth: CGFloat, style: MathStyle) -> CGFloat {
        let a = axis(style)
        return 2 * max(height - a, depth + a) - 0.1 * fontSize(style)
    }

    /// `\left ... \middle ... \right` (and the delimiters of matrices and binomials).
    func delimited(_ delimiters: [Unicode.Scalar?], pieces: [MathList], style: MathStyle, source: Range<Int>) throws -> MathBox {
        let boxes = try pieces.map { try layout($0, style: style) }
        return surround(boxes, with: delimiters, style: style, source: source)
    }

    /// Boxes between delimiters sized to the tallest of them. `padding` (a fraction) sizes them to
    /// the boxes' whole height and a little more, as a binomial's and a matrix's reach past what
    /// they hold; without it, to the span around the axis, as `\left` and `\right`.
    func surround(_ boxes: [MathBox], with delimiters: [Unicode.Scalar?], style: MathStyle, source: Range<Int>, padding: CGFloat? = nil) -> MathBox {
        let height = boxes.map(\.height).max() ?? 0, depth = boxes.map(\.depth).max() ?? 0
        let size = padding.map { (1 + $0) * (height + depth) - 0.1 * fontSize(style) }
            ?? delimiterSize(height: height, depth: depth, style: style)
        var box = MathBox()
        for (i, d) in delimiters.enumerated() {
            if let d {
                box.append(delimiter(d, height: size, style: style, source: source))
            } else {
                box.width += 0.12 * fontSize(style)
            }
            if i < boxes.count { box.append(boxes[i]) }
        }
        box.glyph = nil
        box.italic = 0
        return box
    }
}
