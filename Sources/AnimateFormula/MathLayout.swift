import Foundation
import AnimateDrawing
import AnimateText
import CHarfBuzz

/// Turns math lists into boxes by the rules of the TeXbook's Appendix G, with the font's
/// OpenType MATH constants in place of TeX's font parameters (as LuaTeX and MathML Core do).
/// Lengths are in points, y up from the baseline.
struct MathLayout {
    let font: MathFont
    /// The font size of display and text style, in points.
    let size: CGFloat
    /// The colour set by `\color` around what is being laid out; nil: the caller's.
    var color: Color? = nil
    /// The named parts around what is being laid out, outermost first.
    var parts: [String] = []

    // MARK: Sizes

    /// The font size at a style's level.
    func fontSize(_ style: MathStyle) -> CGFloat {
        switch style.level {
        case .display, .text: return size
        case .script: return size * font.constant(HB_OT_MATH_CONSTANT_SCRIPT_PERCENT_SCALE_DOWN) / 100
        case .scriptScript: return size * font.constant(HB_OT_MATH_CONSTANT_SCRIPT_SCRIPT_PERCENT_SCALE_DOWN) / 100
        }
    }

    /// Points per font unit at a style.
    func scale(_ style: MathStyle) -> CGFloat { fontSize(style) / font.unitsPerEm }

    /// A MATH constant in points at a style.
    func constant(_ c: hb_ot_math_constant_t, _ style: MathStyle) -> CGFloat { font.constant(c) * scale(style) }

    func axis(_ style: MathStyle) -> CGFloat { constant(HB_OT_MATH_CONSTANT_AXIS_HEIGHT, style) }

    /// TeX's mu: an eighteenth of the em of the style's size.
    func mu(_ style: MathStyle) -> CGFloat { fontSize(style) / 18 }

    private func scriptLevel(_ style: MathStyle) -> Int { style.level == .script ? 1 : (style.level == .scriptScript ? 2 : 0) }

    // MARK: Boxes of glyphs and rules

    /// A glyph of the math font as a box: its advance, its ink's height and depth.
    func glyphBox(_ glyph: UInt32, style: MathStyle, source: Range<Int>) -> MathBox {
        let s = scale(style)
        let ink = font.ink(glyph)
        var box = MathBox(width: font.advance(glyph) * s, height: ink.height * s, depth: ink.depth * s)
        box.italic = font.italicCorrection(glyph) * s
        box.glyph = glyph
        box.glyphScale = s
        box.items = [item(.glyph(font.face, glyph, scale: s), x: 0, y: 0, source: source)]
        return box
    }

    func item(_ kind: MathItem.Kind, x: CGFloat, y: CGFloat, source: Range<Int>) -> MathItem {
        MathItem(kind: kind, x: x, y: y, color: color, source: source, parts: parts)
    }

    /// A rule `width` wide from `bottom` to `bottom + thickness`.
    func rule(width: CGFloat, bottom: CGFloat, thickness: CGFloat, source: Range<Int>) -> MathBox {
        var box = MathBox(width: width, height: max(0, bottom + thickness), depth: max(0, -bottom))
        box.items = [item(.rule(width: width, height: thickness), x: 0, y: bottom, source: source)]
        return box
    }

    /// A character of the math font; nil when the font lacks it (the text engine's fallback then draws it).
    func symbol(_ c: Unicode.Scalar, style: MathStyle, source: Range<Int>) -> MathBox? {
        guard let g = font.glyph(c, scriptLevel: scriptLevel(style)) else { return nil }
        return glyphBox(g, style: style, source: source)
    }

    /// Text set by the text engine in the math font (others by fallback), as a box.
    func textBox(_ string: String, style: MathStyle, source: Range<Int>, fontName: String, sources: [Int]? = nil,
                 face: MathAtom.TextFace = .regular) -> MathBox {
        // Latin Modern Math has one face; its text's bold and italic are Latin Modern Roman's, as LaTeX's are.
        let family = face == .monospaced ? "Latin Modern Mono" : face != .regular && fontName == Formula.defaultFamily ? "Latin Modern Roman" : fontName
        var text = Text(string).font(.custom(family, size: fontSize(style)))
        if face == .bold || face == .boldItalic { text = text.bold() }
        if face == .italic || face == .boldItalic { text = text.italic() }
        let line = text.lineGlyphs()
        // Each glyph's source: the TeX of the characters it shows, where the parser kept them.
        func origin(_ cluster: Range<Int>) -> Range<Int> {
            guard let sources, sources.count == string.utf16.count + 1, cluster.lowerBound < cluster.upperBound,
                  cluster.upperBound < sources.count else { return source }
            return sources[cluster.lowerBound]..<max(sources[cluster.lowerBound], sources[cluster.upperBound])
        }
        // Measured by its ink (below) rather than the line box: text sits in formulas by its letters.
        var box = MathBox(width: line.width, height: 0, depth: 0)
        for (g, cluster) in zip(line.glyphs, line.clusters) {
            box.items.append(item(.glyph(g.face, g.glyph, scale: g.scale), x: g.x, y: -g.y, source: origin(cluster)))
        }
        for p in line.pictures {
            box.items.append(item(.picture(p.image, width: p.rect.width, height: p.rect.height), x: p.rect.minX, y: -p.rect.maxY,
                                  source: origin(p.cluster)))
        }
        let ink = MathLayout.inkBounds(of: box.items)
        box.height = max(ink.height, fontSize(style) * 0.683)
        box.depth = max(ink.depth, 0)
        return box
    }

    /// The ink's height and depth of some items.
    static func inkBounds(of items: [MathItem]) -> (height: CGFloat, depth: CGFloat) {
        var height: CGFloat = 0, depth: CGFloat = 0
        for item in items {
            switch item.kind {
            case .glyph(let face, let glyph, let scale):
                let extents = FontLibrary.shared.withLock { () -> (CGFloat, CGFloat) in
                    guard let hb = face.shapingFont else { return (0, 0) }
                    var e = hb_glyph_extents_t()
                    _ = hb_font_get_glyph_extents(hb, glyph, &e)
                    return (CGFloat(e.y_bearing), CGFloat(-(e.y_bearing + e.height)))
                }
                height = max(height, item.y + extents.0 * scale)
                depth = max(depth, extents.1 * scale - item.y)
            case .rule(_, let h):
                height = max(height, item.y + h)
                depth = max(depth, -item.y)
            case .picture(_, _, let h):
                height = max(height, item.y + h)
                depth = max(depth, -item.y)
            }
        }
        return (height, depth)
    }

    // MARK: Lists

    /// TeX's table of spaces between atom classes, in mu: 0 none, 1 thin (3 mu), 2 medium (4 mu),
    /// 3 thick (5 mu); negative: only in display and text styles.
    private static let spacing: [[Int]] = [
        //  ord op bin rel open close punct inner
        [0, 1, -2, -3, 0, 0, 0, -1],     // ord
        [1, 1, 0, -3, 0, 0, 0, -1],      // op
        [-2, -2, 0, 0, -2, 0, 0, -2],    // bin
        [-3, -3, 0, 0, -3, 0, 0, -3],    // rel
        [0, 0, 0, 0, 0, 0, 0, 0],        // open
        [0, 1, -2, -3, 0, 0, 0, -1],     // close
        [-1, -1, 0, -1, -1, -1, -1, -1], // punct
        [-1, 1, -2, -3, -1, 0, -1, -1],  // inner
    ]

    private func space(between left: AtomClass, _ right: AtomClass, style: MathStyle) -> CGFloat {
        let code = Self.spacing[left.rawValue][right.rawValue]
        if code == 0 || (code < 0 && style.isScript) { return 0 }
        return CGFloat([0, 3, 4, 5][abs(code)]) * mu(style)
    }

    /// A math list as one horizontal box (TeX's mlist-to-hlist).
    func layout(_ list: MathList, style start: MathStyle) throws -> MathBox {
        var style = start
        // Rules 5 and 6: a binary operator with nothing to operate on is ordinary.
        var classes: [AtomClass?] = list.map { atom in
            switch atom.kind {
            case .space, .style: return nil
            case .color(_, let inner), .part(_, let inner):
                // Coloured and named groups space as what they hold when they hold one atom.
                return inner.count == 1 ? inner[0].atomClass : .ord
            default: return atom.atomClass
            }
        }
        var previous: Int?
        for i in classes.indices {
            guard let c = classes[i] else { continue }
            if c == .bin {
                let before = previous.flatMap { classes[$0] }
                if before == nil || [.bin, .op, .rel, .open, .punct].contains(before!) { classes[i] = .ord }
            }
            if let p = previous, classes[p] == .bin, [.rel, .close, .punct].contains(c) { classes[p] = .ord }
            previous = i
        }
        if let p = previous, classes[p] == .bin { classes[p] = .ord }

        var box = MathBox()
        var previousClass: AtomClass?
        var count = 0
        for (i, atom) in list.enumerated() {
            if case .style(let level) = atom.kind {
                style = MathStyle(level: level, cramped: style.cramped)
                continue
            }
            let piece = try layout(atom, style: style)
            if let c = classes[i] {
                if let p = previousClass { box.width += space(between: p, c, style: style) }
                previousClass = c
            }
            count += 1
            // A lone glyph keeps what scripts and accents read from it.
            let single = count == 1 && i == list.count - 1
            box.append(piece)
            if single { box.glyph = piece.glyph; box.glyphScale = piece.glyphScale }
        }
        return box
    }

    // MARK: Atoms

    func layout(_ atom: MathAtom, style: MathStyle) throws -> MathBox {
        var nucleus: MathBox
        var isLargeOperator = false
        // Scripts of a glyph or an operator's name sit by the font's shifts; of a bigger box, by its height and depth.
        var textLike = false
        switch atom.kind {
        case .symbol(let c):
            if atom.atomClass == .op {
                nucleus = largeOperator(c, style: style, source: atom.source)
                isLargeOperator = true
            } else if let box = symbol(c, style: style, source: atom.source) {
                nucleus = box
                // TeX's rule 17: the italic correction goes after a glyph that has no subscript
                // (with one, it moves the superscript only).
                if atom.sub == nil {
                    nucleus.width += nucleus.italic
                    nucleus.italic = 0
                }
            } else {
                nucleus = textBox(String(c), style: style, source: atom.source, fontName: "DejaVu Sans")
            }
        case .group(let list):
            nucleus = try layout(list, style: style)
        case .fraction(let f):
            nucleus = try fraction(f, style: style, source: atom.source)
        case .radical(let degree, let body):
            nucleus = try radical(degree: degree, body: body, style: style, source: atom.source)
        case .delimited(let delimiters, let pieces):
            nucleus = try delimited(delimiters, pieces: pieces, style: style, source: atom.source)
        case .sizedDelimiter(let c, let height):
            nucleus = c.map { delimiter($0, height: height * size, style: style, source: atom.source) } ?? MathBox()
        case .accent(let c, let body, let stretchy, let under):
            nucleus = try accent(c, body: body, stretchy: stretchy, under: under, style: style, source: atom.source)
        case .bar(let over, let body):
            nucleus = try bar(over: over, body: body, style: style, source: atom.source)
        case .brace(let c, let over, let body):
            nucleus = try brace(c, over: over, body: body, style: style, source: atom.source)
        case .name(let name):
            nucleus = operatorName(name, style: style, source: atom.source)
            textLike = true
        case .text(let string):
            nucleus = textBox(string, style: style, source: atom.source, fontName: font.family, sources: atom.textSources, face: atom.textFace)
        case .space(let ems):
            nucleus = MathBox(width: ems * fontSize(style), height: 0, depth: 0)
        case .style:
            nucleus = MathBox()
        case .color(let c, let list):
            var inner = self
            inner.color = c
            nucleus = try inner.layout(list, style: style)
        case .part(let name, let list):
            var inner = self
            inner.parts.append(name)
            nucleus = try inner.layout(list, style: style)
        case .array(let array):
            nucleus = try self.array(array, style: style, source: atom.source)
        case .phantom(let list):
            nucleus = try layout(list, style: style)
            nucleus.items = []
        case .raised(let ems, let list):
            nucleus = try layout(list, style: style).raised(ems * fontSize(style))
        }
        if atom.primes > 0 {
            // The font's primes sit high already: they follow the nucleus at its size.
            nucleus.width += nucleus.italic
            nucleus.italic = 0
            var remaining = atom.primes
            while remaining > 0 {
                let n = min(remaining, 3)
                remaining -= n
                let c: Unicode.Scalar = ["\u{2032}", "\u{2033}", "\u{2034}"][n - 1]
                if let prime = symbol(c, style: style, source: atom.source) { nucleus.append(prime) }
            }
            nucleus.glyph = nil
        }
        if atom.sub == nil && atom.sup == nil { return nucleus }
        if case .brace(_, let over, _) = atom.kind {
            return try braceLabels(nucleus, label: over ? atom.sup : atom.sub, other: over ? atom.sub : atom.sup, overBrace: over, style: style)
        }
        let limits = atom.limits ?? (atom.displayLimits && style.level == .display)
        if limits && (atom.atomClass == .op || atom.limits == true) {
            return try self.limits(nucleus, over: atom.sup, under: atom.sub, style: style)
        }
        return try scripts(nucleus, sup: atom.sup, sub: atom.sub, style: style, isLargeOperator: isLargeOperator,
                           textLike: textLike || nucleus.glyph != nil)
    }

    /// `\sin`, `\lim`, `\operatorname{..}`: upright letters of the math font.
    func operatorName(_ name: String, style: MathStyle, source: Range<Int>) -> MathBox {
        var box = MathBox()
        for c in name.unicodeScalars {
            if c == " " { box.width += mu(style) * 3; continue }
            let piece = symbol(c, style: style, source: source) ?? textBox(String(c), style: style, source: source, fontName: "DejaVu Sans")
            box.append(piece)
        }
        box.glyph = nil
        box.italic = 0
        return box
    }

    /// A large operator: in display style its larger size, centred on the axis (rule 13).
    func largeOperator(_ c: Unicode.Scalar, style: MathStyle, source: Range<Int>) -> MathBox {
        guard var g = font.glyph(c, scriptLevel: scriptLevel(style)) else {
            return textBox(String(c), style: style, source: source, fontName: "DejaVu Sans")
        }
        if style.level == .display {
            let minimum = font.constant(HB_OT_MATH_CONSTANT_DISPLAY_OPERATOR_MIN_HEIGHT)
            let variants = font.variants(g, vertical: true)
            if let big = variants.first(where: { $0.advance >= minimum }) ?? variants.last { g = big.glyph }
        }
        var box = glyphBox(g, style: style, source: source)
        let shift = (box.height - box.depth) / 2 - axis(style)
        box = box.raised(-shift).keepingGlyph(of: box)
        return box
    }
}

extension MathBox {
    /// This box, still known as the glyph `other` was.
    func keepingGlyph(of other: MathBox) -> MathBox {
        var b = self
        b.glyph = other.glyph
        b.glyphScale = other.glyphScale
        b.italic = other.italic
        return b
    }
}
