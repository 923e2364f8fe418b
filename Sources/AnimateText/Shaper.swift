import CHarfBuzz
import CICU

/// One glyph as HarfBuzz places it, in font units.
struct ShapedGlyph {
    let glyph: UInt32
    /// The first UTF-16 offset of the characters this glyph shows (in the text given to `shape`).
    let cluster: Int
    var advance: Int32
    let xOffset: Int32
    let yOffset: Int32
}

/// HarfBuzz shaping of one item: a run of one font, script and direction.
package enum Shaper {
    /// Counts the code units shaped while it is set (for tests bounding the layout's work);
    /// shaping happens under the font library's lock.
    package final class Count: @unchecked Sendable {
        package private(set) var units = 0
        package init() {}
        fileprivate func add(_ n: Int) { units += n }
    }
    @TaskLocal package static var count: Count?

    /// Glyphs for `range` of `text` in `face`, in visual order (right-to-left items come out
    /// reversed). The rest of `text` is context (Arabic joining, mark attachment across items).
    static func shape(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, face: FontFace, rightToLeft: Bool,
                      script: Int32, language: String? = nil) -> [ShapedGlyph] {
        guard let font = face.shapingFont, !range.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        count?.add(range.count)
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, Self.hbScript(script))
        // The run's language, or none: HarfBuzz would otherwise take the process locale's, and
        // frames must not depend on the machine's settings.
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return []
        }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            glyphs.append(ShapedGlyph(glyph: infos[i].codepoint, cluster: Int(infos[i].cluster), advance: positions[i].x_advance,
                                      xOffset: positions[i].x_offset, yOffset: positions[i].y_offset))
        }
        return glyphs
    }

    /// The ISO 15924 tag of ICU's script code ("Zyyy" for Common).
    static func scriptTag(_ script: Int32) -> String {
        animate_script_tag(script).map { String(cString: $0) } ?? "Zzzz"
    }

    /// HarfBuzz's script for ICU's script code.
    static func hbScript(_ script: Int32) -> hb_script_t {
        guard let tag = animate_script_tag(script) else { return HB_SCRIPT_UNKNOWN }
        return hb_script_from_string(tag, -1)
    }
}
