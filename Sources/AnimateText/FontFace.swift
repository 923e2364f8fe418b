import AnimateDrawing
import CFreeType
import Foundation

/// One font file's face: metrics, character lookup, advances, kerning and glyph outlines in font
/// units (unhinted, so text scales and rotates exactly). Use only under `FontLibrary`'s lock.
final class FontFace {
    let face: FT_Face
    let path: String
    let unitsPerEm: CGFloat
    let ascender: CGFloat
    let descender: CGFloat
    let lineHeight: CGFloat
    let isItalic: Bool
    let isBold: Bool
    let hasKerning: Bool
    private var outlines: [UInt32: Path] = [:]
    private var advances: [UInt32: CGFloat] = [:]

    init(face: FT_Face, path: String) {
        self.face = face
        self.path = path
        let upem = CGFloat(max(face.pointee.units_per_EM, 1))
        unitsPerEm = upem
        ascender = CGFloat(face.pointee.ascender)
        descender = CGFloat(face.pointee.descender)
        lineHeight = max(CGFloat(face.pointee.height), ascender - descender)
        isItalic = cfreetype_is_italic(face) != 0
        isBold = cfreetype_is_bold(face) != 0
        hasKerning = cfreetype_has_kerning(face) != 0
    }

    deinit { FT_Done_Face(face) }

    /// The glyph for `scalar`, or nil when the font has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return index == 0 ? nil : index
    }

    /// Horizontal advance of `glyph` in font units.
    func advance(_ glyph: UInt32) -> CGFloat {
        if let a = advances[glyph] { return a }
        var value: FT_Fixed = 0
        let a = FT_Get_Advance(face, glyph, cfreetype_load_outline_flags(), &value) == 0 ? CGFloat(value) : 0
        advances[glyph] = a
        return a
    }

    /// Kerning between two glyphs in font units (from the font's `kern` table).
    func kerning(_ left: UInt32, _ right: UInt32) -> CGFloat {
        guard hasKerning else { return 0 }
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, left, right, UInt32(FT_KERNING_UNSCALED.rawValue), &delta) == 0 else { return 0 }
        return CGFloat(delta.x)
    }

    /// The outline of `glyph` in font units, y up.
    func outline(_ glyph: UInt32) -> Path {
        if let p = outlines[glyph] { return p }
        var path = Path()
        if FT_Load_Glyph(face, glyph, cfreetype_load_outline_flags()) == 0,
           face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in
                    let p = user!.assumingMemoryBound(to: Path.self)
                    if !p.pointee.isEmpty { p.pointee.closeSubpath() }
                    p.pointee.move(to: CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y)))
                    return 0
                },
                line_to: { to, user in
                    user!.assumingMemoryBound(to: Path.self).pointee.addLine(to: CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y)))
                    return 0
                },
                conic_to: { control, to, user in
                    user!.assumingMemoryBound(to: Path.self).pointee.addQuadCurve(
                        to: CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y)),
                        control: CGPoint(x: CGFloat(control!.pointee.x), y: CGFloat(control!.pointee.y)))
                    return 0
                },
                cubic_to: { c1, c2, to, user in
                    user!.assumingMemoryBound(to: Path.self).pointee.addCurve(
                        to: CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y)),
                        control1: CGPoint(x: CGFloat(c1!.pointee.x), y: CGFloat(c1!.pointee.y)),
                        control2: CGPoint(x: CGFloat(c2!.pointee.x), y: CGFloat(c2!.pointee.y)))
                    return 0
                },
                shift: 0, delta: 0)
            withUnsafeMutablePointer(to: &path) { pathPointer in
                _ = FT_Outline_Decompose(&face.pointee.glyph.pointee.outline, &funcs, UnsafeMutableRawPointer(pathPointer))
            }
            if !path.isEmpty { path.closeSubpath() }
        }
        outlines[glyph] = path
        return path
    }
}
