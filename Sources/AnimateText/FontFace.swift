package import AnimateDrawing
import CFreeType
import CHarfBuzz
package import Foundation

/// One font file's face: metrics, character lookup, advances, kerning and glyph outlines in font
/// units (unhinted, so text scales and rotates exactly), or for colour bitmap fonts (emoji) the
/// glyph's picture. Use only under `FontLibrary`'s lock.
package final class FontFace {
    let face: FT_Face
    package let path: String
    /// The face's index in its file (collections hold several).
    let index: Int
    /// The order the library opened it in: a small number naming it in glyph mask keys.
    package let serial: Int
    package let unitsPerEm: CGFloat
    package let ascender: CGFloat
    package let descender: CGFloat
    let lineHeight: CGFloat
    let isItalic: Bool
    let isBold: Bool
    let hasKerning: Bool
    /// A colour bitmap font (Noto Color Emoji): glyphs are pictures, drawn as images.
    package let isColor: Bool
    private var outlines: [UInt32: Path] = [:]
    private var pictures: [UInt32: ColorGlyph?] = [:]
    private var advances: [UInt32: CGFloat] = [:]

    init(face: FT_Face, path: String, index: Int, serial: Int) {
        self.face = face
        self.serial = serial
        self.path = path
        self.index = index
        // Bitmap-only faces (colour emoji) leave units_per_EM at 0; their head table still has it.
        let upem = CGFloat(max(face.pointee.units_per_EM > 0 ? Int32(face.pointee.units_per_EM) : cfreetype_head_units_per_em(face), 1))
        unitsPerEm = upem
        ascender = CGFloat(face.pointee.ascender)
        descender = CGFloat(face.pointee.descender)
        lineHeight = max(CGFloat(face.pointee.height), ascender - descender)
        isItalic = cfreetype_is_italic(face) != 0
        isBold = cfreetype_is_bold(face) != 0
        hasKerning = cfreetype_has_kerning(face) != 0
        isColor = cfreetype_has_color(face) != 0 && face.pointee.num_fixed_sizes > 0
    }

    deinit {
        FT_Done_Face(face)
        if let shapingFont { hb_font_destroy(shapingFont) }
    }

    /// The face as HarfBuzz shapes with it: read from the same file, in font units (its scale
    /// is the units per em), immutable and so safe to shape with from any thread.
    package private(set) lazy var shapingFont: OpaquePointer? = {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        let hbFace = hb_face_create(blob, UInt32(index))
        defer { hb_face_destroy(hbFace) }
        guard let font = hb_font_create(hbFace) else { return nil }
        let upem = Int32(unitsPerEm)
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        return font
    }()

    /// Whether the face has a glyph for every character of `scalars` that is shown (default
    /// ignorables such as joiners and variation selectors need none).
    func covers(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        scalars.allSatisfy { $0.properties.isDefaultIgnorableCodePoint || glyph(for: $0) != nil }
    }

    /// The glyph for `scalar`, or nil when the font has none.
    package func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return index == 0 ? nil : index
    }

    /// Horizontal advance of `glyph` in font units.
    package func advance(_ glyph: UInt32) -> CGFloat {
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
    package func outline(_ glyph: UInt32) -> Path {
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

    /// A colour glyph's picture and where it sits, in font units (y up from the baseline).
    struct ColorGlyph {
        let image: Image
        let left: CGFloat, top: CGFloat, width: CGFloat, height: CGFloat
    }

    /// The picture of `glyph` in a colour bitmap font, from its largest strike; nil when it has none.
    func colorGlyph(_ glyph: UInt32) -> ColorGlyph? {
        if let cached = pictures[glyph] { return cached }
        var found: ColorGlyph?
        defer { pictures[glyph] = found }
        let sizes = Int(face.pointee.num_fixed_sizes)
        guard isColor, sizes > 0, let available = face.pointee.available_sizes else { return nil }
        var best = 0
        for i in 0..<sizes where available[i].y_ppem > available[best].y_ppem { best = i }
        guard FT_Select_Size(face, FT_Int(best)) == 0, FT_Load_Glyph(face, glyph, cfreetype_load_color_flags()) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let ppem = CGFloat(face.pointee.size.pointee.metrics.y_ppem)
        guard width > 0, rows > 0, ppem > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
              let buffer = bitmap.buffer else { return nil }
        // Premultiplied BGRA rows to premultiplied RGBA pixels, then straight bytes as Bitmap.rgba8() makes them.
        var premultiplied = [UInt32](repeating: 0, count: width * rows)
        for y in 0..<rows {
            let row = buffer + (pitch >= 0 ? y * pitch : (rows - 1 - y) * -pitch)
            for x in 0..<width {
                let b = UInt32(row[4 * x]), g = UInt32(row[4 * x + 1]), r = UInt32(row[4 * x + 2]), a = UInt32(row[4 * x + 3])
                premultiplied[y * width + x] = r | g << 8 | b << 16 | a << 24
            }
        }
        var rgba = [UInt8](repeating: 0, count: width * rows * 4)
        premultiplied.withUnsafeBufferPointer { src in
            rgba.withUnsafeMutableBufferPointer { StraightAlpha.convert(src.baseAddress!, count: width * rows, into: $0.baseAddress!) }
        }
        guard let image = Image(rgba: rgba, width: width, height: rows) else { return nil }
        let units = unitsPerEm / ppem
        found = ColorGlyph(image: image, left: CGFloat(slot.bitmap_left) * units, top: CGFloat(slot.bitmap_top) * units,
                           width: CGFloat(width) * units, height: CGFloat(rows) * units)
        return found
    }
}
