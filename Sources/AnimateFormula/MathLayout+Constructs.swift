import Foundation
import AnimateDrawing
import CHarfBuzz

extension MathLayout {
    /// A fraction, binomial or stack (rule 15, with the MATH table's fraction and stack constants).
    func fraction(_ f: Fraction, style outer: MathStyle, source: Range<Int>) throws -> MathBox {
        let style = f.style.map { MathStyle(level: $0, cramped: outer.cramped) } ?? outer
        let num = try layout(f.numerator, style: style.numerator)
        let den = try layout(f.denominator, style: style.denominator)
        let display = style.level == .display
        let a = axis(style)
        var u: CGFloat, v: CGFloat, t: CGFloat = 0
        if f.hasRule {
            t = constant(HB_OT_MATH_CONSTANT_FRACTION_RULE_THICKNESS, style)
            u = max(constant(display ? HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_DISPLAY_STYLE_SHIFT_UP : HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_SHIFT_UP, style),
                    num.depth + a + t / 2 + constant(display ? HB_OT_MATH_CONSTANT_FRACTION_NUM_DISPLAY_STYLE_GAP_MIN : HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_GAP_MIN, style))
            v = max(constant(display ? HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_DISPLAY_STYLE_SHIFT_DOWN : HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_SHIFT_DOWN, style),
                    den.height - a + t / 2 + constant(display ? HB_OT_MATH_CONSTANT_FRACTION_DENOM_DISPLAY_STYLE_GAP_MIN : HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_GAP_MIN, style))
        } else {
            u = constant(display ? HB_OT_MATH_CONSTANT_STACK_TOP_DISPLAY_STYLE_SHIFT_UP : HB_OT_MATH_CONSTANT_STACK_TOP_SHIFT_UP, style)
            v = constant(display ? HB_OT_MATH_CONSTANT_STACK_BOTTOM_DISPLAY_STYLE_SHIFT_DOWN : HB_OT_MATH_CONSTANT_STACK_BOTTOM_SHIFT_DOWN, style)
            let minimum = constant(display ? HB_OT_MATH_CONSTANT_STACK_DISPLAY_STYLE_GAP_MIN : HB_OT_MATH_CONSTANT_STACK_GAP_MIN, style)
            let gap = (u - num.depth) - (den.height - v)
            if gap < minimum {
                u += (minimum - gap) / 2
                v += (minimum - gap) / 2
            }
        }
        // A little room each side (TeX's null delimiters), inside a binomial's parentheses too.
        let pad = 0.12 * fontSize(style)
        let inner = max(num.width, den.width)
        var box = MathBox(width: inner + 2 * pad, height: 0, depth: 0)
        box.add(num, dx: pad + (inner - num.width) / 2, dy: u)
        box.add(den, dx: pad + (inner - den.width) / 2, dy: -v)
        if f.hasRule {
            box.add(rule(width: inner, bottom: a - t / 2, thickness: t, source: source), dx: pad, dy: 0)
        }
        if f.left != nil || f.right != nil {
            return surround([box], with: [f.left, f.right], style: style, source: source, padding: 0)
        }
        return box
    }

    /// A square root, or an nth root with its degree (rule 11).
    func radical(degree: MathList?, body: MathList, style: MathStyle, source: Range<Int>) throws -> MathBox {
        let inner = try layout(body, style: style.crampedStyle)
        let t = constant(HB_OT_MATH_CONSTANT_RADICAL_RULE_THICKNESS, style)
        var gap = constant(style.level == .display ? HB_OT_MATH_CONSTANT_RADICAL_DISPLAY_STYLE_VERTICAL_GAP : HB_OT_MATH_CONSTANT_RADICAL_VERTICAL_GAP, style)
        let target = inner.height + inner.depth + gap + t
        guard let sign = stretched("\u{221A}", target: target, vertical: true, style: style, source: source) else {
            return inner
        }
        let excess = sign.height + sign.depth - target
        if excess > 0 { gap += excess / 2 }
        let ruleBottom = inner.height + gap
        // The sign's top meets the rule's top.
        let lift = ruleBottom + t - sign.height
        var box = MathBox()
        var x: CGFloat = 0
        if let degree {
            let degreeBox = try layout(degree, style: MathStyle(level: .scriptScript, cramped: true))
            let before = constant(HB_OT_MATH_CONSTANT_RADICAL_KERN_BEFORE_DEGREE, style)
            let after = constant(HB_OT_MATH_CONSTANT_RADICAL_KERN_AFTER_DEGREE, style)
            let raise = font.constant(HB_OT_MATH_CONSTANT_RADICAL_DEGREE_BOTTOM_RAISE_PERCENT) / 100 * (sign.height + sign.depth)
            box.add(degreeBox, dx: before, dy: lift - sign.depth + raise + degreeBox.depth)
            x = max(0, before + degreeBox.width + after)
            box.width = max(x, before + degreeBox.width)
        }
        box.add(sign, dx: x, dy: lift)
        x += sign.width
        box.add(rule(width: inner.width, bottom: ruleBottom, thickness: t, source: source), dx: x, dy: 0)
        box.add(inner, dx: x, dy: 0)
        box.width = max(box.width, x + inner.width)
        box.height = max(box.height, ruleBottom + t + constant(HB_OT_MATH_CONSTANT_RADICAL_EXTRA_ASCENDER, style))
        return box
    }

    /// An accent over (or under) its body, centred on the body's accent attachment (rule 12).
    func accent(_ c: Unicode.Scalar, body: MathList, stretchy: Bool, under: Bool, style: MathStyle, source: Range<Int>) throws -> MathBox {
        let base = try layout(body, style: style.crampedStyle)
        var mark: MathBox?
        if stretchy {
            mark = wideAccent(c, width: base.width, style: style, source: source)
        } else {
            mark = symbol(c, style: style, source: source)
        }
        guard let mark else { return base }
        let markAttach: CGFloat
        if let g = mark.glyph, !stretchy { markAttach = font.topAccentAttachment(g) * mark.glyphScale } else { markAttach = mark.width / 2 }
        let baseAttach: CGFloat
        if let g = base.glyph, base.glyphScale > 0 { baseAttach = font.topAccentAttachment(g) * base.glyphScale } else { baseAttach = base.width / 2 }
        var box = base
        box.glyph = nil
        if under {
            // Marks below are drawn to hang under the baseline; a deeper body lowers them.
            box.add(mark, dx: baseAttach - markAttach, dy: -max(0, base.depth))
        } else {
            // Accents are drawn to sit over a body as tall as the accent base height; a taller body lifts them.
            let accentBase = constant(HB_OT_MATH_CONSTANT_ACCENT_BASE_HEIGHT, style)
            box.add(mark, dx: baseAttach - markAttach, dy: max(0, base.height - accentBase))
        }
        return box
    }

    /// A stretchy accent for a body `width` wide: TeX's choice, the widest size variant not wider
    /// than the body (the smallest when none fits), or an assembly for arrows that must span it.
    func wideAccent(_ c: Unicode.Scalar, width: CGFloat, style: MathStyle, source: Range<Int>) -> MathBox? {
        guard let base = font.glyph(c) else { return nil }
        let s = scale(style)
        let variants = font.variants(base, vertical: false)
        let fitting = variants.last(where: { $0.advance * s <= width }) ?? variants.first
        if font.assembly(base, vertical: false).parts.isEmpty || (fitting.map { $0.advance * s >= width * 0.99 } ?? false) {
            return glyphBox(fitting?.glyph ?? base, style: style, source: source)
        }
        return stretched(c, target: width, vertical: false, style: style, source: source)
    }

    /// `\overline` and `\underline` (rules 9 and 10).
    func bar(over: Bool, body: MathList, style: MathStyle, source: Range<Int>) throws -> MathBox {
        let base = try layout(body, style: over ? style.crampedStyle : style)
        var box = base
        box.glyph = nil
        if over {
            let gap = constant(HB_OT_MATH_CONSTANT_OVERBAR_VERTICAL_GAP, style)
            let t = constant(HB_OT_MATH_CONSTANT_OVERBAR_RULE_THICKNESS, style)
            box.add(rule(width: base.width, bottom: base.height + gap, thickness: t, source: source), dx: 0, dy: 0)
            box.height = base.height + gap + t + constant(HB_OT_MATH_CONSTANT_OVERBAR_EXTRA_ASCENDER, style)
        } else {
            let gap = constant(HB_OT_MATH_CONSTANT_UNDERBAR_VERTICAL_GAP, style)
            let t = constant(HB_OT_MATH_CONSTANT_UNDERBAR_RULE_THICKNESS, style)
            box.add(rule(width: base.width, bottom: -(base.depth + gap + t), thickness: t, source: source), dx: 0, dy: 0)
            box.depth = base.depth + gap + t + constant(HB_OT_MATH_CONSTANT_UNDERBAR_EXTRA_DESCENDER, style)
        }
        return box
    }

    /// `\overbrace` / `\underbrace`: a brace stretched over (or under) its body; its label is
    /// placed as a limit.
    func brace(_ c: Unicode.Scalar, over: Bool, body: MathList, style: MathStyle, source: Range<Int>) throws -> MathBox {
        let base = try layout(body, style: style)
        guard let mark = stretched(c, target: base.width, vertical: false, style: style, source: source) else { return base }
        var box = MathBox(width: max(base.width, mark.width), height: 0, depth: 0)
        box.add(base, dx: (box.width - base.width) / 2, dy: 0)
        if over {
            let gap = constant(HB_OT_MATH_CONSTANT_STRETCH_STACK_GAP_BELOW_MIN, style)
            box.add(mark, dx: (box.width - mark.width) / 2, dy: base.height + gap + mark.depth)
        } else {
            let gap = constant(HB_OT_MATH_CONSTANT_STRETCH_STACK_GAP_ABOVE_MIN, style)
            box.add(mark, dx: (box.width - mark.width) / 2, dy: -(base.depth + gap + mark.height))
        }
        return box
    }

    /// A brace's label beyond the brace (and any other script on the body's side), at the MATH
    /// table's stretch-stack gaps.
    func braceLabels(_ nucleus: MathBox, label: MathList?, other: MathList?, overBrace: Bool, style: MathStyle) throws -> MathBox {
        let label = try label.map { try layout($0, style: overBrace ? style.superscriptStyle : style.subscriptStyle) }
        let other = try other.map { try layout($0, style: overBrace ? style.subscriptStyle : style.superscriptStyle) }
        let width = max(nucleus.width, label?.width ?? 0, other?.width ?? 0)
        var box = MathBox(width: width, height: 0, depth: 0)
        box.add(nucleus, dx: (width - nucleus.width) / 2, dy: 0)
        let gap = constant(overBrace ? HB_OT_MATH_CONSTANT_STRETCH_STACK_GAP_ABOVE_MIN : HB_OT_MATH_CONSTANT_STRETCH_STACK_GAP_BELOW_MIN, style)
        if let label {
            let dy = overBrace ? nucleus.height + gap + label.depth : -(nucleus.depth + gap + label.height)
            box.add(label, dx: (width - label.width) / 2, dy: dy)
        }
        if let other {
            let g = constant(overBrace ? HB_OT_MATH_CONSTANT_LOWER_LIMIT_GAP_MIN : HB_OT_MATH_CONSTANT_UPPER_LIMIT_GAP_MIN, style)
            let dy = overBrace ? -(nucleus.depth + g + other.height) : nucleus.height + g + other.depth
            box.add(other, dx: (width - other.width) / 2, dy: dy)
        }
        return box
    }

    /// Rows of cells: matrices, cases, aligned and gathered equations, arrays; centred on the axis.
    func array(_ array: MathArray, style outer: MathStyle, source: Range<Int>) throws -> MathBox {
        let style = array.display ? MathStyle.display : MathStyle(level: outer.level == .display ? .text : outer.level, cramped: outer.cramped)
        let em = fontSize(style)
        let columns = array.rows.map(\.count).max() ?? 0
        func alignment(_ column: Int) -> MathArray.Alignment {
            if array.alternatingGap { return column % 2 == 0 ? .right : .left }
            return array.alignments[min(column, array.alignments.count - 1)]
        }
        // Cells that start an aligned pair's right half keep the space of a leading relation.
        let cells: [[MathBox]] = try array.rows.map { row in
            try row.enumerated().map { (column, list) in
                if array.alternatingGap && column % 2 == 1 && !list.isEmpty {
                    return try layout([MathAtom(kind: .group([]), atomClass: .ord, source: source.lowerBound..<source.lowerBound)] + list, style: style)
                }
                return try layout(list, style: style)
            }
        }
        var widths = [CGFloat](repeating: 0, count: columns)
        for row in cells { for (c, cell) in row.enumerated() { widths[c] = max(widths[c], cell.width) } }
        // Rows at least as tall and deep as a parenthesis, so rows of short letters keep their
        // baselines 1.2 em apart as TeX's array struts do.
        let paren = symbol("(", style: style, source: source)
        let strutHeight = paren?.height ?? 0.75 * em, strutDepth = paren?.depth ?? 0.25 * em
        let heights = cells.map { row in max(strutHeight, row.map(\.height).max() ?? 0) }
        let depths = cells.map { row in max(strutDepth, row.map(\.depth).max() ?? 0) }
        let rowGap = array.rowGap * em
        var gaps = [CGFloat](repeating: 0, count: max(columns - 1, 0))
        for i in gaps.indices { gaps[i] = array.alternatingGap ? (i % 2 == 0 ? 0 : array.columnGap * em) : array.columnGap * em }
        var xs: [CGFloat] = []
        var x: CGFloat = 0
        let ruleThickness = constant(HB_OT_MATH_CONSTANT_FRACTION_RULE_THICKNESS, style)
        var ruleXs: [CGFloat] = []
        for c in 0..<columns {
            if array.rulesBefore.contains(c) { ruleXs.append(c == 0 ? x : x - gaps[c - 1] / 2 - ruleThickness / 2) }
            xs.append(x)
            x += widths[c] + (c < gaps.count ? gaps[c] : 0)
        }
        if array.rulesBefore.contains(columns) { ruleXs.append(x) }
        let total = heights.reduce(0, +) + depths.reduce(0, +) + rowGap * CGFloat(max(cells.count - 1, 0))
        // Baselines from the top; the whole centred on the axis.
        let top = total / 2 + axis(outer)
        var box = MathBox(width: x, height: 0, depth: 0)
        var y = top
        for (r, row) in cells.enumerated() {
            let baseline = y - heights[r]
            for (c, cell) in row.enumerated() {
                let slack = widths[c] - cell.width
                let dx: CGFloat
                switch alignment(c) {
                case .left: dx = 0
                case .center: dx = slack / 2
                case .right: dx = slack
                }
                box.add(cell, dx: xs[c] + dx, dy: baseline)
            }
            y = baseline - depths[r] - rowGap
        }
        for rx in ruleXs {
            box.add(rule(width: ruleThickness, bottom: top - total, thickness: total, source: source), dx: rx, dy: 0)
        }
        box.height = max(box.height, top)
        box.depth = max(box.depth, total - top)
        if array.left != nil || array.right != nil {
            var framed = surround([box], with: [array.left, array.right], style: outer, source: source, padding: 0.1)
            framed.glyph = nil
            return framed
        }
        return box
    }
}
