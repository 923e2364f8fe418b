import AnimateDrawing
public import Foundation

/// A font request, as SwiftUI's `Font`: a family (or the system font), a size in points, a weight
/// and italic. Resolved through fontconfig to a font file; missing glyphs fall back to fonts that have them.
public struct Font: Hashable, Sendable {
    /// Font weights, as SwiftUI's `Font.Weight`.
    public struct Weight: Hashable, Sendable {
        /// The OpenType weight class (100 ... 900).
        public let value: Int
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)
    }

    /// The family name, or nil for the system font (DejaVu Sans, with a CJK fallback).
    public var family: String?
    public var size: CGFloat
    public var weight: Weight
    public var isItalic: Bool

    /// Type designs, as SwiftUI's `Font.Design`, mapped to the installed families.
    public enum Design: Sendable, Hashable {
        /// The system font (DejaVu Sans).
        case `default`
        /// A serif face (DejaVu Serif).
        case serif
        /// A fixed-width face (DejaVu Sans Mono).
        case monospaced
        /// Rounded letterforms; no rounded family is installed, so the system font.
        case rounded

        /// The fontconfig family for the design; nil for the system font.
        var family: String? {
            switch self {
            case .default, .rounded: return nil
            case .serif: return "DejaVu Serif"
            case .monospaced: return "DejaVu Sans Mono"
            }
        }
    }

    /// The system font at `size`.
    public static func system(size: CGFloat, weight: Weight = .regular) -> Font {
        Font(family: nil, size: size, weight: weight, isItalic: false)
    }

    /// The system font at `size` in `design`.
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design) -> Font {
        Font(family: design.family, size: size, weight: weight, isItalic: false)
    }

    /// A font by family name (as fontconfig knows it, e.g. "DejaVu Serif", "WenQuanYi Micro Hei").
    public static func custom(_ name: String, size: CGFloat) -> Font {
        Font(family: name, size: size, weight: .regular, isItalic: false)
    }

    // SwiftUI's text styles at their default (large) sizes.
    public static let largeTitle = Font.system(size: 34)
    public static let title = Font.system(size: 28)
    public static let title2 = Font.system(size: 22)
    public static let title3 = Font.system(size: 20)
    public static let headline = Font.system(size: 17, weight: .semibold)
    public static let body = Font.system(size: 17)
    public static let callout = Font.system(size: 16)
    public static let subheadline = Font.system(size: 15)
    public static let footnote = Font.system(size: 13)
    public static let caption = Font.system(size: 12)
    public static let caption2 = Font.system(size: 11)

    /// This font at another weight.
    public func weight(_ weight: Weight) -> Font { var f = self; f.weight = weight; return f }
    /// This font in bold.
    public func bold() -> Font { weight(.bold) }
    /// This font's size and weight in the monospaced design.
    public func monospaced() -> Font { var f = self; f.family = Design.monospaced.family; return f }
    /// This font in italic (a synthetic oblique when the family has no italic face).
    public func italic() -> Font { var f = self; f.isItalic = true; return f }
}
