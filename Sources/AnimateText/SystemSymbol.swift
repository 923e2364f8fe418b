public import AnimateDrawing
import CICU
package import Foundation

/// A system symbol named as in SF Symbols, drawn by its stand-in from the open Material Icons font
/// (Apple's artwork is not free to ship): a glyph that fills the symbol's frame as SF Symbols fill
/// theirs, in the style it is drawn with, from the glyph mask cache where the drawing keeps its
/// shape (so thousands of small symbols cost what as many letters do).
///
/// A name with no stand-in is drawn as a question mark in a circle and named in one warning.
package final class SystemSymbol: ImageArtwork, @unchecked Sendable {
    /// The SF Symbols name it was asked by.
    package let name: String
    /// The Material Icons name drawn, nil where the name has no stand-in.
    package let standIn: String?
    /// Not counted: the font library keeps its faces for good. Nil when the icon font is missing.
    private unowned(unsafe) let face: FontFace?
    private let glyph: UInt32

    /// The icon font's family, as fontconfig names it.
    static let family = "Material Icons"
    /// What an unknown name is drawn with.
    static let unknownStandIn = "help_outline"

    private init(name: String, standIn: String?, face: FontFace?, glyph: UInt32) {
        self.name = name
        self.standIn = standIn
        self.face = face
        self.glyph = glyph
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [String: SystemSymbol] = [:]

    /// Whether a glyph draws it (false when the icon font is missing).
    package var isDrawn: Bool { face != nil }

    /// The SF Symbols names that have stand-ins.
    package static var namesWithStandIns: Dictionary<String, String>.Keys { SystemSymbolNames.table.keys }

    /// Whether SF Symbols' `name` has a stand-in.
    package static func hasStandIn(_ name: String) -> Bool { SystemSymbolNames.table[name] != nil }

    /// The symbol named `name` (made once per name).
    package static func named(_ name: String) -> SystemSymbol {
        if let symbol = lock.withLock({ known[name] }) { return symbol }
        let standIn = SystemSymbolNames.table[name]
        let drawn = standIn ?? unknownStandIn
        let found: (face: FontFace, glyph: UInt32)? = FontLibrary.shared.withLock {
            guard let face = FontLibrary.shared.face(family: family, weight: Font.Weight.regular.value, italic: false) else { return nil }
            return ligature(drawn, in: face).map { (face, $0) }
        }
        if found == nil {
            RenderWarnings.warn("system symbols are drawn by stand-ins from the \(family) font, which is not installed "
                                + "(Debian: fonts-material-design-icons-iconfont, which scripts/setup installs); \"\(name)\" is left empty")
        } else if standIn == nil {
            RenderWarnings.warn("the system symbol \"\(name)\" has no stand-in here; it is drawn as a question mark in a circle")
        }
        let made = SystemSymbol(name: name, standIn: standIn, face: found?.face, glyph: found?.glyph ?? 0)
        return lock.withLock {
            if let other = known[name] { return other }
            known[name] = made
            return made
        }
    }

    /// The glyph the font's ligature for `name` makes, if it makes exactly one (a font without
    /// it spells the name out letter by letter).
    private static func ligature(_ name: String, in face: FontFace) -> UInt32? {
        let units = Array(name.utf16)
        guard let first = units.first else { return nil }
        let glyphs = units.withUnsafeBufferPointer {
            Shaper.shape($0, 0..<$0.count, face: face, rightToLeft: false, script: animate_script(UInt32(first)))
        }
        guard glyphs.count == 1, glyphs[0].glyph != 0 else { return nil }
        return glyphs[0].glyph
    }

    /// The font units of the glyph's design grid that the frame shows: Material draws on 24
    /// units with 2 of padding each side, SF Symbols fill their frame, so the 20 inside are shown.
    private func liveArea(_ face: FontFace) -> (inset: CGFloat, side: CGFloat) {
        (face.unitsPerEm / 12, face.unitsPerEm * 10 / 12)
    }

    package var isTemplate: Bool { true }

    package func draw(in rect: CGRect, tint: GraphicsContext.Shading?, context: GraphicsContext) {
        draw(in: rect, shading: tint ?? .foreground, context: context)
    }

    /// Draws the symbol filling `rect` with `shading`.
    package func draw(in rect: CGRect, shading: GraphicsContext.Shading, context: GraphicsContext) {
        guard let face, rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        if context.hasFilters {
            return context.drawLayer { draw(in: rect, shading: shading, context: $0) }
        }
        let (inset, side) = liveArea(face)
        let sx = rect.width / side, sy = rect.height / side
        let outline = CGAffineTransform(a: sx, b: 0, c: 0, d: -sy, tx: rect.minX - inset * sx, ty: rect.maxY + inset * sy)
        if abs(sx - sy) <= 1e-9 * max(sx, sy) {
            var pieces = GlyphPieces(transform: context.transform)
            FontLibrary.shared.withLock {
                let piece = pieces.startPiece()
                pieces.add(face: face, glyph: glyph, em: sx * face.unitsPerEm, italic: false, outline: outline, to: piece)
            }
            let keep = pieces.finish()
            if !pieces.masks(0).isEmpty { context.fill(pieces.masks(0), keeping: keep, with: shading) }
            if pieces.hasOutline(0) { context.fill(pieces.paths[0], with: shading) }
        } else {
            let path = FontLibrary.shared.withLock { face.outline(glyph) }
            var placed = Path()
            placed.addPath(path, transform: outline)
            context.fill(placed, with: shading)
        }
    }
}

extension Image {
    /// A system symbol by its SF Symbols name (`"heart.fill"`, `"star"`, `"arrow.right.circle"`),
    /// drawn by an open stand-in of the same meaning in the foreground style, sized by the font
    /// as SwiftUI sizes symbols. Names with no stand-in are drawn as a circled question mark,
    /// with one warning naming them.
    public init(systemName name: String) {
        self.init(artwork: SystemSymbol.named(name), width: 17, height: 17)!
    }

    /// A system symbol; `variableValue` (how full a variable symbol is drawn) is accepted and
    /// the symbol drawn whole.
    public init(systemName name: String, variableValue: Double?) {
        self.init(systemName: name)
    }

    /// The system symbol the image draws, if it is one.
    package var systemSymbol: SystemSymbol? { artwork as? SystemSymbol }
}
