import Foundation
package import AnimateDrawing

/// Colour names as `\color` and `\textcolor` take them: xcolor's names, and hex codes.
package enum FormulaColor {
    /// xcolor's base names with their values, as LaTeX draws them.
    static let names: [String: UInt32] = [
        "black": 0x000000, "white": 0xFFFFFF, "red": 0xFF0000, "green": 0x00FF00, "blue": 0x0000FF,
        "cyan": 0x00FFFF, "magenta": 0xFF00FF, "yellow": 0xFFFF00, "gray": 0x808080, "grey": 0x808080,
        "darkgray": 0x404040, "lightgray": 0xBFBFBF, "brown": 0xBF8040, "lime": 0xBFFF00, "olive": 0x808000,
        "orange": 0xFF8000, "pink": 0xFFBFBF, "purple": 0xBF0040, "teal": 0x008080, "violet": 0x800080,
    ]

    /// A colour from a name ("red", "Teal") or a hex code ("#FF8800", "ff8800", "#f80"); nil otherwise.
    package static func parse(_ text: String) -> Color? {
        let lower = text.lowercased()
        if let v = names[lower] { return Color(hex: v) }
        var digits = Substring(lower)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 3 || digits.count == 6, digits.allSatisfy(\.isHexDigit), var v = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 3 {
            let r = v >> 8, g = (v >> 4) & 0xF, b = v & 0xF
            v = (r * 17) << 16 | (g * 17) << 8 | b * 17
        }
        return Color(hex: v)
    }
}
