import AnimateDrawing
import Foundation

/// Text laid out in lines: glyphs with positions, line metrics, and the overall size, in points.
struct TextLayout {
    struct Glyph {
        let face: FontFace
        let glyph: UInt32
        /// Pen position on the line, in points from the line's start.
        var x: CGFloat
        var advance: CGFloat
        /// Points per font unit.
        let scale: CGFloat
        let run: Int
        let syntheticBold: Bool
        let syntheticItalic: Bool
        let isSpace: Bool
        /// A line may break before this glyph.
        let breakBefore: Bool
        let isNewline: Bool
    }

    struct Line {
        var glyphs: [Glyph] = []
        var width: CGFloat = 0
        var ascent: CGFloat = 0
        var descent: CGFloat = 0
        var height: CGFloat = 0
    }

    let text: Text
    private(set) var lines: [Line] = []
    private(set) var size: CGSize = .zero

    static let defaultFont = Font.body

    /// Lays out `text`, wrapping lines longer than `maxWidth` (when given) at spaces or between CJK characters.
    init(_ text: Text, maxWidth: CGFloat?) {
        self.text = text
        let glyphs = FontLibrary.shared.withLock { Self.shape(text) }
        lines = Self.breakLines(glyphs, maxWidth: maxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil })
        let spacing = text.lineSpacing
        FontLibrary.shared.withLock {
            let fallbackFace = Self.primaryFace(font: Self.defaultFont, bold: false, italic: false)
            for i in lines.indices {
                var line = lines[i]
                for g in line.glyphs {
                    line.ascent = max(line.ascent, g.face.ascender * g.scale)
                    line.descent = max(line.descent, -g.face.descender * g.scale)
                    line.height = max(line.height, g.face.lineHeight * g.scale)
                }
                if line.glyphs.isEmpty || line.height == 0, let face = fallbackFace {
                    let font = text.runs.first?.font ?? Self.defaultFont
                    let s = font.size / face.unitsPerEm
                    line.ascent = face.ascender * s; line.descent = -face.descender * s; line.height = face.lineHeight * s
                }
                line.height += i < lines.count - 1 ? spacing : 0
                lines[i] = line
            }
        }
        size = CGSize(width: lines.map(\.width).max() ?? 0, height: lines.reduce(0) { $0 + $1.height })
    }

    /// The face for a font request (must hold the library lock).
    static func primaryFace(font: Font, bold: Bool, italic: Bool) -> FontFace? {
        let weight = bold ? max(font.weight.value, Font.Weight.bold.value) : font.weight.value
        return FontLibrary.shared.face(family: font.family ?? FontLibrary.systemFamily, weight: weight, italic: italic || font.isItalic)
    }

    /// Characters that may end a line before them in CJK text but must not start one.
    private static let noBreakBefore: Set<Unicode.Scalar> = Set("，。、；：！？）」』】〉》”’,.;:!?)]}".unicodeScalars)

    private static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x2FFF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F: return true
        default: return false
        }
    }

    /// Glyphs for every scalar, with fallback fonts and kerning (must hold the library lock).
    private static func shape(_ text: Text) -> [Glyph] {
        var glyphs: [Glyph] = []
        var previous: (face: FontFace, glyph: UInt32)?
        var previousScalar: Unicode.Scalar?
        for (runIndex, run) in text.runs.enumerated() {
            var font = run.font ?? defaultFont
            if let weight = run.weight { font.weight = weight }
            if let design = run.design, font.family == nil { font.family = design.family }
            let wantsBold = run.bold || font.weight.value >= Font.Weight.semibold.value
            let wantsItalic = run.italic || font.isItalic
            guard let primary = primaryFace(font: font, bold: run.bold, italic: wantsItalic) else { continue }
            for scalar in run.string.unicodeScalars {
                if scalar == "\n" {
                    glyphs.append(Glyph(face: primary, glyph: 0, x: 0, advance: 0, scale: font.size / primary.unitsPerEm, run: runIndex,
                                        syntheticBold: false, syntheticItalic: false, isSpace: false, breakBefore: true, isNewline: true))
                    previous = nil; previousScalar = nil
                    continue
                }
                // Without a shaper, emoji sequences show their base emoji: joiners, presentation
                // selectors and skin-tone modifiers after another character take no space.
                if Self.joinsEmoji(scalar, after: previousScalar) { continue }
                let weight = wantsBold ? Font.Weight.bold.value : font.weight.value
                let face = FontLibrary.shared.face(for: scalar, primary: primary, weight: weight, italic: wantsItalic) ?? primary
                // A scalar no font has draws the primary font's missing-glyph box (glyph 0).
                let glyph = face.glyph(for: scalar) ?? 0
                let scale = font.size / face.unitsPerEm
                let advance = face.advance(glyph) * scale + run.spacing
                // Kerning (within one face) adjusts the previous glyph's advance.
                if let p = previous, p.face === face, !glyphs.isEmpty {
                    glyphs[glyphs.count - 1].advance += face.kerning(p.glyph, glyph) * scale
                }
                let isSpace = scalar.properties.isWhitespace
                let breakBefore: Bool
                if let prev = previousScalar {
                    breakBefore = !noBreakBefore.contains(scalar) && !isSpace
                        && (prev.properties.isWhitespace || isCJK(scalar) || isCJK(prev))
                } else {
                    breakBefore = false
                }
                glyphs.append(Glyph(face: face, glyph: glyph, x: 0, advance: advance, scale: scale, run: runIndex,
                                    syntheticBold: wantsBold && !face.isBold, syntheticItalic: wantsItalic && !face.isItalic,
                                    isSpace: isSpace, breakBefore: breakBefore, isNewline: false))
                previous = (face, glyph)
                previousScalar = scalar
            }
        }
        return glyphs
    }

    /// Greedy line breaking; spaces at the end of a line do not count towards its width.
    private static func breakLines(_ glyphs: [Glyph], maxWidth: CGFloat?) -> [Line] {
        var lines: [Line] = []
        var current: [Glyph] = []
        func width(_ gs: ArraySlice<Glyph>) -> CGFloat {
            var end = gs.endIndex
            while end > gs.startIndex && gs[end - 1].isSpace { end -= 1 }
            return gs[gs.startIndex..<end].reduce(0) { $0 + $1.advance }
        }
        func finish(_ gs: [Glyph]) {
            var line = Line()
            var x: CGFloat = 0
            for var g in gs { g.x = x; x += g.advance; line.glyphs.append(g) }
            line.width = width(gs[...])
            lines.append(line)
        }
        for g in glyphs {
            if g.isNewline { finish(current); current = []; continue }
            current.append(g)
            guard let maxWidth, !g.isSpace, width(current[...]) > maxWidth, current.count > 1 else { continue }
            // Break at the last opportunity; without one, before this glyph.
            let breakAt = current.indices.dropFirst().last { current[$0].breakBefore } ?? (current.count - 1)
            let head = Array(current[..<breakAt])
            var tail = Array(current[breakAt...])
            while let first = tail.first, first.isSpace { tail.removeFirst() }
            finish(head)
            current = tail
        }
        finish(current)
        return lines
    }

    /// Whether `scalar` only modifies the emoji before it (ZWJ, variation selectors, skin tones).
    static func joinsEmoji(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE0E, 0xFE0F: return true
        case 0x1F3FB...0x1F3FF: return previous != nil && previous != "\n" && previous != " "
        default: return false
        }
    }
}
