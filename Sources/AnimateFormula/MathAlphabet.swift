import Foundation
/// Letters and digits to Unicode's Mathematical Alphanumeric Symbols, as a math font draws
/// `\mathbf`, `\mathbb` and the others (with the letters Unicode placed earlier, such as ℝ and ℎ).
enum MathAlphabet {
    static func map(_ c: Unicode.Scalar, _ variant: MathVariant) -> Unicode.Scalar {
        let v = c.value
        let upper = v >= 0x41 && v <= 0x5A, lower = v >= 0x61 && v <= 0x7A, digit = v >= 0x30 && v <= 0x39
        let greekLower = (v >= 0x3B1 && v <= 0x3C9) || [0x3F5, 0x3D1, 0x3F0, 0x3D5, 0x3F1, 0x3D6].contains(v)
        let greekUpper = v >= 0x391 && v <= 0x3A9
        func letter(_ base: UInt32) -> Unicode.Scalar {
            if let hole = holes[base + (upper ? v - 0x41 : 26 + v - 0x61)] { return hole }
            return Unicode.Scalar(base + (upper ? v - 0x41 : 26 + v - 0x61)) ?? c
        }
        func greek(_ base: UInt32) -> Unicode.Scalar {
            // Capitals Α..Ω then ∇, lower case α..ω then ∂ ϵ ϑ ϰ ϕ ϱ ϖ.
            let index: UInt32
            if greekUpper { index = v - 0x391 }
            else if v >= 0x3B1 && v <= 0x3C9 { index = 26 + v - 0x3B1 }
            else { index = [0x3F5: 52, 0x3D1: 53, 0x3F0: 54, 0x3D5: 55, 0x3F1: 56, 0x3D6: 57][v] ?? 0 }
            return Unicode.Scalar(base + index) ?? c
        }
        switch variant {
        case .normal:
            if upper || lower { return letter(0x1D434) }
            if greekLower { return greek(0x1D6E2) }
            return c
        case .italic:
            if upper || lower { return letter(0x1D434) }
            if greekLower || greekUpper { return greek(0x1D6E2) }
            return c
        case .roman: return c
        case .bold:
            if upper || lower { return letter(0x1D400) }
            if digit { return Unicode.Scalar(0x1D7CE + v - 0x30)! }
            if greekLower || greekUpper { return greek(0x1D6A8) }
            return c
        case .boldItalic:
            if upper || lower { return letter(0x1D468) }
            if digit { return Unicode.Scalar(0x1D7CE + v - 0x30)! }
            if greekLower || greekUpper { return greek(0x1D71C) }
            return c
        case .doubleStruck:
            if upper || lower { return letter(0x1D538) }
            if digit { return Unicode.Scalar(0x1D7D8 + v - 0x30)! }
            return c
        case .calligraphic:
            return upper || lower ? letter(0x1D49C) : c
        case .fraktur:
            return upper || lower ? letter(0x1D504) : c
        case .sansSerif:
            if upper || lower { return letter(0x1D5A0) }
            if digit { return Unicode.Scalar(0x1D7E2 + v - 0x30)! }
            return c
        case .monospace:
            if upper || lower { return letter(0x1D670) }
            if digit { return Unicode.Scalar(0x1D7F6 + v - 0x30)! }
            return c
        }
    }

    /// Code points of the alphanumeric block left unassigned, and the older characters that stand for them.
    private static let holes: [UInt32: Unicode.Scalar] = [
        0x1D455: "\u{210E}",
        0x1D49D: "\u{212C}", 0x1D4A0: "\u{2130}", 0x1D4A1: "\u{2131}", 0x1D4A3: "\u{210B}", 0x1D4A4: "\u{2110}",
        0x1D4A7: "\u{2112}", 0x1D4A8: "\u{2133}", 0x1D4AD: "\u{211B}", 0x1D4BA: "\u{212F}", 0x1D4BC: "\u{210A}",
        0x1D4C4: "\u{2134}",
        0x1D506: "\u{212D}", 0x1D50B: "\u{210C}", 0x1D50C: "\u{2111}", 0x1D515: "\u{211C}", 0x1D51D: "\u{2128}",
        0x1D53A: "\u{2102}", 0x1D53F: "\u{210D}", 0x1D545: "\u{2115}", 0x1D547: "\u{2119}", 0x1D548: "\u{211A}",
        0x1D549: "\u{211D}", 0x1D551: "\u{2124}",
    ]
}
