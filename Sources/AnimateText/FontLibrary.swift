import AnimateDrawing
import CFreeType
import Foundation

/// Finds fonts through fontconfig and owns the FreeType faces. One per process; every use goes
/// through `withLock`, because FreeType faces must not be used from two threads at once.
package final class FontLibrary: @unchecked Sendable {
    static let shared = FontLibrary()

    /// The system font's family, and the fallback for CJK text.
    static let systemFamily = "DejaVu Sans"
    static let cjkFamily = "WenQuanYi Micro Hei"
    /// Colour emoji, preferred for characters shown as emoji by default (as on Apple's systems).
    static let emojiFamily = "Noto Color Emoji"

    private let lock = NSLock()
    private var library: FT_Library?
    private var faces: [String: FontFace] = [:]          // "path#index" -> face
    private var matches: [FaceKey: FontFace] = [:]
    private var fallbacks: [FallbackKey: FontFace?] = [:]

    struct FaceKey: Hashable { let family: String; let weight: Int; let italic: Bool }
    struct FallbackKey: Hashable { let face: ObjectIdentifier; let scalar: UInt32 }

    private init() {
        var lib: FT_Library?
        if FT_Init_FreeType(&lib) == 0 { library = lib }
        // fontconfig reads its configuration file to the end: a device (/dev/zero), a pipe or a
        // folder named there would hang it or fail every lookup. Such a setting is dropped and
        // the system's configuration used, as with no setting.
        if Self.unusableConfigurationFile != nil { unsetenv("FONTCONFIG_FILE") }
        _ = FcInit()
    }

    /// `FONTCONFIG_FILE=...` when the environment names a configuration file fontconfig cannot
    /// use (not a readable regular file): it is then dropped for the system's configuration.
    package static var unusableConfigurationFile: String? {
        guard let value = getenv("FONTCONFIG_FILE") else { return nil }
        let file = String(cString: value)
        var info = stat()
        if file.isEmpty || (stat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(file, R_OK) == 0) { return nil }
        return "FONTCONFIG_FILE=\(file)"
    }

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The face fontconfig picks for a family, weight and slant (must hold the lock).
    func face(family: String, weight: Int, italic: Bool) -> FontFace? {
        let key = FaceKey(family: family, weight: weight, italic: italic)
        if let f = matches[key] { return f }
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, cfreetype_fc_family(), UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        _ = FcPatternAddInteger(pattern, cfreetype_fc_weight(), FcWeightFromOpenType(Int32(weight)))
        _ = FcPatternAddInteger(pattern, cfreetype_fc_slant(), italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        guard let face = matchedFace(pattern) else { return nil }
        matches[key] = face
        return face
    }

    private func matchedFace(_ pattern: OpaquePointer) -> FontFace? {
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        return openFace(match)
    }

    private func openFace(_ pattern: OpaquePointer) -> FontFace? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, cfreetype_fc_file(), 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, cfreetype_fc_index(), 0, &index)
        let path = String(cString: file)
        let key = "\(path)#\(index)"
        if let f = faces[key] { return f }
        guard let library else { return nil }
        var ftFace: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &ftFace) == 0, let ftFace else { return nil }
        let face = FontFace(face: ftFace, path: path)
        faces[key] = face
        return face
    }

    /// A face that has `scalar`, preferring `primary`, then the CJK default, then anything fontconfig
    /// knows (must hold the lock). Nil when no installed font has it.
    func face(for scalar: Unicode.Scalar, primary: FontFace, weight: Int, italic: Bool) -> FontFace? {
        let emoji = scalar.properties.isEmojiPresentation
        if !emoji, primary.glyph(for: scalar) != nil { return primary }
        let key = FallbackKey(face: ObjectIdentifier(primary), scalar: scalar.value)
        if let cached = fallbacks[key] { return cached }
        var found: FontFace?
        if emoji, let colour = face(family: Self.emojiFamily, weight: 400, italic: false), colour.isColor, colour.glyph(for: scalar) != nil {
            found = colour
        } else if emoji, primary.glyph(for: scalar) != nil {
            found = primary
        } else if let cjk = face(family: Self.cjkFamily, weight: weight, italic: italic), cjk.glyph(for: scalar) != nil {
            found = cjk
        } else if let system = face(family: Self.systemFamily, weight: weight, italic: italic), system.glyph(for: scalar) != nil {
            found = system
        } else {
            found = anyFace(containing: scalar)
        }
        fallbacks[key] = found
        return found
    }

    private func anyFace(containing scalar: Unicode.Scalar) -> FontFace? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(charset) }
        _ = FcCharSetAddChar(charset, scalar.value)
        _ = FcPatternAddCharSet(pattern, cfreetype_fc_charset(), charset)
        guard let face = matchedFace(pattern), face.glyph(for: scalar) != nil else { return nil }
        return face
    }
}
