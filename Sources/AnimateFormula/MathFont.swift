import Foundation
import AnimateDrawing
import AnimateText
import CHarfBuzz

/// An OpenType MATH font read through HarfBuzz's `hb-ot-math`: its constants, glyphs (with the
/// script-style forms), italic corrections, accent attachments, cut-in kerning, size variants and
/// extensible assemblies. Values are in font units. Use only under the font library's lock.
final class MathFont {
    let face: FontFace
    let font: OpaquePointer
    let unitsPerEm: CGFloat
    private var constants: [CGFloat]
    private var glyphs: [UInt64: UInt32] = [:]
    private var extents: [UInt32: hb_glyph_extents_t] = [:]

    nonisolated(unsafe) private static var opened: [String: MathFont?] = [:]

    /// The math font of a family or full name ("Latin Modern Math"); nil when none is installed
    /// or the face has no MATH table.
    static func named(_ name: String) -> MathFont? {
        if let known = opened[name] { return known }
        var found: MathFont?
        if let face = FontLibrary.shared.face(family: name, weight: 400, italic: false), let font = face.shapingFont,
           hb_ot_math_has_data(hb_font_get_face(font)) != 0 {
            found = MathFont(face: face, font: font, family: name)
        }
        opened[name] = found
        return found
    }

    private init(face: FontFace, font: OpaquePointer, family: String) {
        self.face = face
        self.family = family
        self.font = font
        unitsPerEm = face.unitsPerEm
        constants = (0...Int(HB_OT_MATH_CONSTANT_RADICAL_DEGREE_BOTTOM_RAISE_PERCENT.rawValue)).map {
            CGFloat(hb_ot_math_get_constant(font, hb_ot_math_constant_t(UInt32($0))))
        }
    }

    /// The name the font was asked by: `\\text` is set in it too.
    let family: String

    func constant(_ c: hb_ot_math_constant_t) -> CGFloat { constants[Int(c.rawValue)] }

    /// The glyph for `scalar`, with the script-style forms (`ssty`) at script levels 1 and 2.
    func glyph(_ scalar: Unicode.Scalar, scriptLevel: Int = 0) -> UInt32? {
        let level = min(max(scriptLevel, 0), 2)
        let key = UInt64(scalar.value) << 2 | UInt64(level)
        if let g = glyphs[key] { return g == 0 ? nil : g }
        var result: UInt32 = 0
        var nominal: hb_codepoint_t = 0
        if hb_font_get_nominal_glyph(font, scalar.value, &nominal) != 0 {
            result = nominal
            if level > 0, let buffer = hb_buffer_create() {
                defer { hb_buffer_destroy(buffer) }
                var value = scalar.value
                hb_buffer_add_utf32(buffer, &value, 1, 0, 1)
                hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
                hb_buffer_set_script(buffer, HB_SCRIPT_MATH)
                var feature = hb_feature_t(tag: charfbuzz_tag(0x73, 0x73, 0x74, 0x79), value: UInt32(level),
                                           start: charfbuzz_feature_global_start(), end: charfbuzz_feature_global_end())
                hb_shape(font, buffer, &feature, 1)
                var count: UInt32 = 0
                if let info = hb_buffer_get_glyph_infos(buffer, &count), count == 1, info[0].codepoint != 0 {
                    result = info[0].codepoint
                }
            }
        }
        glyphs[key] = result
        return result == 0 ? nil : result
    }

    func advance(_ glyph: UInt32) -> CGFloat { CGFloat(hb_font_get_glyph_h_advance(font, glyph)) }

    /// The glyph's ink: height above the baseline, depth below, and its left and right edges.
    func ink(_ glyph: UInt32) -> (height: CGFloat, depth: CGFloat, left: CGFloat, right: CGFloat) {
        let e: hb_glyph_extents_t
        if let known = extents[glyph] { e = known } else {
            var x = hb_glyph_extents_t()
            _ = hb_font_get_glyph_extents(font, glyph, &x)
            extents[glyph] = x
            e = x
        }
        return (CGFloat(e.y_bearing), CGFloat(-(e.y_bearing + e.height)), CGFloat(e.x_bearing), CGFloat(e.x_bearing + e.width))
    }

    func italicCorrection(_ glyph: UInt32) -> CGFloat { CGFloat(hb_ot_math_get_glyph_italics_correction(font, glyph)) }

    /// Where an accent over the glyph is centred (half its advance when the font does not say).
    func topAccentAttachment(_ glyph: UInt32) -> CGFloat {
        CGFloat(hb_ot_math_get_glyph_top_accent_attachment(font, glyph))
    }

    /// The cut-in kern of a glyph's corner at a height.
    func kern(_ glyph: UInt32, corner: hb_ot_math_kern_t, height: CGFloat) -> CGFloat {
        CGFloat(hb_ot_math_get_glyph_kerning(font, glyph, corner, hb_position_t(max(min(height, 1e8), -1e8))))
    }

    /// The glyph's larger variants in one direction, smallest first (the glyph itself first).
    func variants(_ glyph: UInt32, vertical: Bool) -> [(glyph: UInt32, advance: CGFloat)] {
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var count: UInt32 = 32
        var buffer = [hb_ot_math_glyph_variant_t](repeating: hb_ot_math_glyph_variant_t(), count: 32)
        let total = hb_ot_math_get_glyph_variants(font, glyph, direction, 0, &count, &buffer)
        var result = buffer.prefix(Int(count)).map { ($0.glyph, CGFloat($0.advance)) }
        if total > 32 {
            var more = total - 32
            var rest = [hb_ot_math_glyph_variant_t](repeating: hb_ot_math_glyph_variant_t(), count: Int(more))
            _ = hb_ot_math_get_glyph_variants(font, glyph, direction, 32, &more, &rest)
            result += rest.prefix(Int(more)).map { ($0.glyph, CGFloat($0.advance)) }
        }
        return result
    }

    struct Part {
        let glyph: UInt32
        let startConnector: CGFloat
        let endConnector: CGFloat
        let fullAdvance: CGFloat
        let isExtender: Bool
    }

    /// The pieces an extensible glyph is built of, bottom to top or left to right; empty when it has none.
    func assembly(_ glyph: UInt32, vertical: Bool) -> (parts: [Part], italic: CGFloat) {
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var count: UInt32 = 16
        var parts = [hb_ot_math_glyph_part_t](repeating: hb_ot_math_glyph_part_t(), count: 16)
        var italic: hb_position_t = 0
        let total = hb_ot_math_get_glyph_assembly(font, glyph, direction, 0, &count, &parts, &italic)
        guard total > 0, total <= 16 else { return ([], 0) }
        return (parts.prefix(Int(count)).map {
            Part(glyph: $0.glyph, startConnector: CGFloat($0.start_connector_length), endConnector: CGFloat($0.end_connector_length),
                 fullAdvance: CGFloat($0.full_advance), isExtender: $0.flags.rawValue & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER.rawValue != 0)
        }, CGFloat(italic))
    }

    func minConnectorOverlap(vertical: Bool) -> CGFloat {
        CGFloat(hb_ot_math_get_min_connector_overlap(font, vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR))
    }
}
