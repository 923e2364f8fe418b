import Foundation
import AnimateDrawing
import CHarfBuzz

extension MathLayout {
    /// Superscript and subscript beside a nucleus (rule 18, with the MATH table's constants and
    /// cut-in kerning).
    func scripts(_ nucleus: MathBox, sup: MathList?, sub: MathList?, style: MathStyle, isLargeOperator: Bool, textLike: Bool) throws -> MathBox {
        let supBox = try sup.map { try layout($0, style: style.superscriptStyle) }
        let subBox = try sub.map { try layout($0, style: style.subscriptStyle) }
        // A lone glyph's scripts sit by the font's shifts; a bigger box's also by its own height and
        // depth (the drops are the base size's, as the MATH table gives them).
        let isGlyph = textLike && !isLargeOperator
        var u: CGFloat = isGlyph ? 0 : nucleus.height - constant(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BASELINE_DROP_MAX, style)
        var v: CGFloat = isGlyph ? 0 : nucleus.depth + constant(HB_OT_MATH_CONSTANT_SUBSCRIPT_BASELINE_DROP_MIN, style)
        if let supBox {
            let shiftUp = constant(style.cramped ? HB_OT_MATH_CONSTANT_SUPERSCRIPT_SHIFT_UP_CRAMPED : HB_OT_MATH_CONSTANT_SUPERSCRIPT_SHIFT_UP, style)
            u = max(u, shiftUp, supBox.depth + constant(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BOTTOM_MIN, style))
        }
        if let subBox {
            v = max(v, constant(HB_OT_MATH_CONSTANT_SUBSCRIPT_SHIFT_DOWN, style),
                    subBox.height - constant(HB_OT_MATH_CONSTANT_SUBSCRIPT_TOP_MAX, style))
        }
        if let supBox, let subBox {
            let gap = (u - supBox.depth) - (subBox.height - v)
            let minimum = constant(HB_OT_MATH_CONSTANT_SUB_SUPERSCRIPT_GAP_MIN, style)
            if gap < minimum {
                v += minimum - gap
                let most = constant(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BOTTOM_MAX_WITH_SUBSCRIPT, style)
                let lift = most - (u - supBox.depth)
                if lift > 0 {
                    u += lift
                    v -= lift
                }
            }
        }
        var box = nucleus
        box.glyph = nil
        let after = constant(HB_OT_MATH_CONSTANT_SPACE_AFTER_SCRIPT, style)
        var width = nucleus.width
        if let supBox {
            // A large operator's superscript stays at its advance; a slanted glyph's moves past its slant.
            var x = nucleus.width + (isLargeOperator ? 0 : nucleus.italic)
            x += cutIn(nucleus, supBox, corner: HB_OT_MATH_KERN_TOP_RIGHT, script: HB_OT_MATH_KERN_BOTTOM_LEFT,
                       baseHeight: u - supBox.depth + 0, scriptHeight: supBox.depth - 0, shift: u, superscript: true)
            box.add(supBox, dx: x, dy: u)
            width = max(width, x + supBox.width)
        }
        if let subBox {
            // A large operator's subscript tucks under its slant.
            var x = nucleus.width - (isLargeOperator ? nucleus.italic : 0)
            x += cutIn(nucleus, subBox, corner: HB_OT_MATH_KERN_BOTTOM_RIGHT, script: HB_OT_MATH_KERN_TOP_LEFT,
                       baseHeight: subBox.height - v, scriptHeight: subBox.height, shift: -v, superscript: false)
            box.add(subBox, dx: x, dy: -v)
            width = max(width, x + subBox.width)
        }
        box.width = width + after
        box.italic = 0
        return box
    }

    /// The MATH table's kerning between a glyph nucleus's corner and its script's opposite
    /// corner, read at the two heights where they come closest (as the OpenType spec describes).
    private func cutIn(_ nucleus: MathBox, _ script: MathBox, corner: hb_ot_math_kern_t, script scriptCorner: hb_ot_math_kern_t,
                       baseHeight: CGFloat, scriptHeight: CGFloat, shift: CGFloat, superscript: Bool) -> CGFloat {
        guard let g = nucleus.glyph, nucleus.glyphScale > 0 else { return 0 }
        let s = nucleus.glyphScale
        // Heights in the nucleus's frame: for a superscript, its bottom and the nucleus's top;
        // for a subscript, its top and the nucleus's bottom.
        let heights: [CGFloat] = superscript ? [shift - script.depth, nucleus.height] : [shift + script.height, -nucleus.depth]
        var best = CGFloat.infinity
        for h in heights {
            let base = font.kern(g, corner: corner, height: h / s) * s
            var other: CGFloat = 0
            if let sg = script.glyph, script.glyphScale > 0 {
                other = font.kern(sg, corner: scriptCorner, height: (h - shift) / script.glyphScale) * script.glyphScale
            }
            best = min(best, base + other)
        }
        return best.isFinite ? best : 0
    }

    /// Limits above and below an operator (rule 13a), shifted by half its italic correction.
    func limits(_ nucleus: MathBox, over: MathList?, under: MathList?, style: MathStyle) throws -> MathBox {
        let overBox = try over.map { try layout($0, style: style.superscriptStyle) }
        let underBox = try under.map { try layout($0, style: style.subscriptStyle) }
        let width = max(nucleus.width, overBox?.width ?? 0, underBox?.width ?? 0)
        var box = MathBox(width: width, height: nucleus.height, depth: nucleus.depth)
        let delta = nucleus.italic
        box.add(nucleus, dx: (width - nucleus.width) / 2, dy: 0)
        if let overBox {
            let gap = max(constant(HB_OT_MATH_CONSTANT_UPPER_LIMIT_GAP_MIN, style),
                          constant(HB_OT_MATH_CONSTANT_UPPER_LIMIT_BASELINE_RISE_MIN, style) - overBox.depth)
            box.add(overBox, dx: (width - overBox.width) / 2 + delta / 2, dy: nucleus.height + gap + overBox.depth)
        }
        if let underBox {
            let gap = max(constant(HB_OT_MATH_CONSTANT_LOWER_LIMIT_GAP_MIN, style),
                          constant(HB_OT_MATH_CONSTANT_LOWER_LIMIT_BASELINE_DROP_MIN, style) - underBox.height)
            box.add(underBox, dx: (width - underBox.width) / 2 - delta / 2, dy: -(nucleus.depth + gap + underBox.height))
        }
        return box
    }
}
