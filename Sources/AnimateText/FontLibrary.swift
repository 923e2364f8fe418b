import AnimateDrawing
import CFreeType
import Foundation

/// Finds fonts through fontconfig and owns the FreeType faces. One per process; every use goes
/// through `withLock`, because FreeType faces must not be used from two threads at once.
package final class FontLibrary: @unchecked Sendable {
    package static let shared = FontLibrary()

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
    struct FallbackKey: Hashable { let face: ObjectIdentifier; let cluster: String; let weight: Int; let italic: Bool }

    private init() {
        var lib: FT_Library?
        if FT_Init_FreeType(&lib) == 0 { library = lib }
        // fontconfig reads its configuration file to the end: a device (/dev/zero), a pipe or a
        // folder named there would hang it or fail every lookup. Such a setting is dropped and
        // the system's configuration used, as with no setting.
        if Self.unusableConfigurationFile != nil { unsetenv("FONTCONFIG_FILE") }
        for note in FontConfiguration.load() { Self.noted?(note) }
    }

    /// Called with each thing the user should know about the font setup (entries skipped,
    /// problems fontconfig reported), once, when fonts are first used; the command line prints them.
    nonisolated(unsafe) package static var noted: ((String) -> Void)?

    /// The largest configuration file read (fontconfig's own are a few kilobytes; a huge one takes
    /// minutes to parse).
    static let maximumConfigurationBytes = 1 << 20

    /// `FONTCONFIG_FILE=...` when the environment names a configuration file fontconfig cannot
    /// use (not a readable regular file, or over 1 MB): it is then dropped for the system's configuration.
    package static var unusableConfigurationFile: String? {
        guard let value = getenv("FONTCONFIG_FILE") else { return nil }
        let file = String(cString: value)
        var info = stat()
        if file.isEmpty || (stat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(file, R_OK) == 0
                            && Int(info.st_size) <= maximumConfigurationBytes) { return nil }
        return "FONTCONFIG_FILE=\(file)"
    }

    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The face fontconfig picks for a family, weight and slant (must hold the lock). The family
    /// may also be a face's full name ("DejaVu Sans Bold Oblique") or a family followed by style
    /// words ("Futura Bold"), whose weight and slant then apply, a heavier asked weight winning.
    package func face(family name: String, weight asked: Int, italic askedItalic: Bool) -> FontFace? {
        let key = FaceKey(family: name, weight: asked, italic: askedItalic)
        if let f = matches[key] { return f }
        let named = namedFace(name)
        let family = named.family
        let weight = named.weight.map { asked == Font.Weight.regular.value ? $0 : max($0, asked) } ?? asked
        let italic = askedItalic || named.italic
        // A full name is that face, unless the text asks for more weight or a slant it lacks.
        if let file = named.file, asked == Font.Weight.regular.value || asked <= (named.weight ?? asked), !askedItalic || named.italic,
           let face = openFace(path: file.path, index: file.index) {
            matches[key] = face
            return face
        }
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, cfreetype_fc_family(), UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        _ = FcPatternAddInteger(pattern, cfreetype_fc_weight(), FcWeightFromOpenType(Int32(weight)))
        _ = FcPatternAddInteger(pattern, cfreetype_fc_slant(), italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        guard let face = matchedFace(pattern) else { return nil }
        matches[key] = face
        return face
    }

    /// How a font name reads: a family, with the weight and slant its style words give.
    struct NamedFace {
        let family: String
        let weight: Int?
        let italic: Bool
        /// The face itself, when the name is its full name.
        var file: (path: String, index: Int)? = nil
    }
    private var names: [String: NamedFace] = [:]

    /// Style words as fonts spell them, and the OpenType weight each means.
    private static let weightWords: [String: Int] = [
        "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300, "book": 400, "regular": 400,
        "normal": 400, "medium": 500, "semibold": 600, "demibold": 600, "demi": 600, "bold": 700, "extrabold": 800,
        "ultrabold": 800, "heavy": 800, "black": 900,
    ]

    /// Reads `name` as fontconfig's fonts spell them: a family it knows; else a face's full name
    /// (that face's family, weight and slant); else a family followed by style words ("Bold",
    /// "Semibold Italic", "Extra Light"). A name of none of these is a family fontconfig will
    /// substitute, with the style words it ends with still applied.
    func namedFace(_ name: String) -> NamedFace {
        if let known = names[name] { return known }
        let result: NamedFace
        if hasFont(matching: cfreetype_fc_family(), name) {
            result = NamedFace(family: name, weight: nil, italic: false)
        } else if let face = fontList(matching: cfreetype_fc_fullname(), name).first {
            result = face
        } else {
            var words = name.split(separator: " ").map(String.init)
            var weight: Int?
            var italic = false
            while words.count > 1, let last = words.last?.lowercased() {
                if last == "italic" || last == "oblique" { italic = true }
                else if let w = Self.weightWords[last] {
                    // "Extra Light", "Semi Bold": a prefix word joins the weight.
                    weight = w
                    if words.count > 2, let joined = Self.weightWords[words[words.count - 2].lowercased() + last] {
                        weight = joined
                        words.removeLast()
                    }
                } else { break }
                words.removeLast()
            }
            result = NamedFace(family: words.joined(separator: " "), weight: weight, italic: italic)
        }
        names[name] = result
        return result
    }

    /// Whether some installed font's `object` (family, full name) is `value`.
    private func hasFont(matching object: UnsafePointer<CChar>, _ value: String) -> Bool {
        !fontList(matching: object, value).isEmpty
    }

    /// The installed faces whose `object` is `value`, as families with their weight and slant,
    /// in file order (so the same name always gives the same face).
    private func fontList(matching object: UnsafePointer<CChar>, _ value: String) -> [NamedFace] {
        guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
        defer { FcPatternDestroy(pattern); FcObjectSetDestroy(objects) }
        _ = value.withCString { FcPatternAddString(pattern, object, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        for o in [cfreetype_fc_family(), cfreetype_fc_weight(), cfreetype_fc_slant(), cfreetype_fc_file(), cfreetype_fc_index()] {
            _ = FcObjectSetAdd(objects, o)
        }
        guard let set = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var found: [(file: String, face: NamedFace)] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var family: UnsafeMutablePointer<FcChar8>?
            var file: UnsafeMutablePointer<FcChar8>?
            var weight: Int32 = 80, slant: Int32 = 0, index: Int32 = 0
            guard FcPatternGetString(font, cfreetype_fc_family(), 0, &family) == FcResultMatch, let family else { continue }
            _ = FcPatternGetString(font, cfreetype_fc_file(), 0, &file)
            _ = FcPatternGetInteger(font, cfreetype_fc_weight(), 0, &weight)
            _ = FcPatternGetInteger(font, cfreetype_fc_slant(), 0, &slant)
            _ = FcPatternGetInteger(font, cfreetype_fc_index(), 0, &index)
            let path = file.map { String(cString: $0) } ?? ""
            found.append((path, NamedFace(family: String(cString: family), weight: Int(FcWeightToOpenType(weight)),
                                          italic: slant != FC_SLANT_ROMAN, file: path.isEmpty ? nil : (path, Int(index)))))
        }
        return found.sorted { $0.file < $1.file }.map(\.face)
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
        return openFace(path: String(cString: file), index: Int(index))
    }

    private func openFace(path: String, index: Int) -> FontFace? {
        let key = "\(path)#\(index)"
        if let f = faces[key] { return f }
        guard let library else { return nil }
        var ftFace: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &ftFace) == 0, let ftFace else { return nil }
        let face = FontFace(face: ftFace, path: path, index: index, serial: faces.count)
        faces[key] = face
        return face
    }

    /// A face that shows the cluster `scalars` (one character as the reader sees it), preferring
    /// `primary`, then the CJK default, then the system font, then whatever fontconfig finds
    /// with all of them (must hold the lock). A cluster shown as emoji (an emoji by default, or
    /// asked for with U+FE0F) takes the colour emoji face first. Nil when no installed font has it.
    func face(for scalars: String.UnicodeScalarView, primary: FontFace, weight: Int, italic: Bool) -> FontFace? {
        let emoji = Self.isEmoji(scalars)
        if !emoji, primary.covers(scalars) { return primary }
        let key = FallbackKey(face: ObjectIdentifier(primary), cluster: String(scalars), weight: weight, italic: italic)
        if let cached = fallbacks[key] { return cached }
        var found: FontFace?
        if emoji, let colour = face(family: Self.emojiFamily, weight: 400, italic: false), colour.isColor, colour.covers(scalars) {
            found = colour
        } else if primary.covers(scalars) {
            found = primary
        } else if let cjk = face(family: Self.cjkFamily, weight: weight, italic: italic), cjk.covers(scalars) {
            found = cjk
        } else if let system = face(family: Self.systemFamily, weight: weight, italic: italic), system.covers(scalars) {
            found = system
        } else {
            found = anyFace(containing: scalars, weight: weight, italic: italic)
        }
        fallbacks[key] = found
        return found
    }

    /// Whether a cluster is shown as emoji: U+FE0F asks for it, U+FE0E for text; otherwise a first
    /// character shown as emoji by default, or a sequence joined or modified as emoji are.
    static func isEmoji(_ scalars: String.UnicodeScalarView) -> Bool {
        var sawText = false, sawEmoji = false
        for s in scalars {
            switch s.value {
            case 0xFE0F: sawEmoji = true
            case 0xFE0E: sawText = true
            default: break
            }
        }
        if sawText { return false }
        if sawEmoji { return true }
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        return scalars.count > 1 && first.properties.isEmoji
            && scalars.dropFirst().contains { $0.value == 0x200D || $0.properties.isEmojiModifier || $0.value == 0x20E3 }
    }

    private func anyFace(containing scalars: String.UnicodeScalarView, weight: Int, italic: Bool) -> FontFace? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(charset) }
        for s in scalars where !s.properties.isDefaultIgnorableCodePoint { _ = FcCharSetAddChar(charset, s.value) }
        _ = FcPatternAddCharSet(pattern, cfreetype_fc_charset(), charset)
        _ = FcPatternAddInteger(pattern, cfreetype_fc_weight(), FcWeightFromOpenType(Int32(weight)))
        _ = FcPatternAddInteger(pattern, cfreetype_fc_slant(), italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        guard let face = matchedFace(pattern), face.covers(scalars) else { return nil }
        return face
    }
}
