import AnimateMath
import Foundation

extension Color {
    /// The colour spaces SwiftUI's `Color(_:red:green:blue:opacity:)` takes.
    public enum RGBColorSpace: Sendable, Hashable {
        /// sRGB-encoded components, as `Color(red:green:blue:)`.
        case sRGB
        /// Linear-light sRGB components (the sRGB transfer curve is applied).
        case sRGBLinear
        /// Display P3 components, mapped into sRGB (colours outside sRGB are clipped).
        case displayP3
    }

    /// A colour from components in `colorSpace`.
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        switch colorSpace {
        case .sRGB:
            self.init(red: red, green: green, blue: blue, opacity: opacity)
        case .sRGBLinear:
            self.init(red: Self.encode(red), green: Self.encode(green), blue: Self.encode(blue), opacity: opacity)
        case .displayP3:
            // P3 and sRGB share the transfer curve and white point: decode, change primaries, encode.
            let r = Self.decode(red), g = Self.decode(green), b = Self.decode(blue)
            let sr = 1.2249401 * r - 0.2249404 * g + 0.0000001 * b
            let sg = -0.0420569 * r + 1.0420571 * g - 0.0000001 * b
            let sb = -0.0196376 * r - 0.0786361 * g + 1.0982735 * b
            self.init(red: Self.encode(min(max(sr, 0), 1)), green: Self.encode(min(max(sg, 0), 1)),
                      blue: Self.encode(min(max(sb, 0), 1)), opacity: opacity)
        }
    }

    /// A grey from a white level in `colorSpace`.
    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// The colour of primary content: black, or white where colours are read dark.
    public static var primary: Color { ColorAppearance.pick(.black, .white) }
    /// The colour of secondary content: SwiftUI's secondary label grey (60% opaque).
    public static var secondary: Color { label(opacity: 0.6) }

    /// The label grey at `opacity` (light: 60, 60, 67; dark: 235, 235, 245): the secondary,
    /// tertiary and quaternary levels of text, separators and disabled controls are this grey at
    /// their own opacities.
    package static func label(opacity: Double) -> Color {
        ColorAppearance.isDark ? Color(red: 235.0 / 255, green: 235.0 / 255, blue: 245.0 / 255, opacity: opacity)
            : Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, opacity: opacity)
    }
    /// The accent colour: system blue, SwiftUI's default.
    public static var accentColor: Color { Color.blue }

    /// The sRGB transfer curve, linear to encoded.
    static func encode(_ v: Double) -> Double {
        if v >= 1 { return v == 1 ? 1 : 1.055 * PortableMath.pow(v, 1 / 2.4) - 0.055 }   // 1 stays exactly 1
        return v <= 0.0031308 ? 12.92 * v : 1.055 * PortableMath.pow(v, 1 / 2.4) - 0.055
    }

    /// The sRGB transfer curve, encoded to linear.
    static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : PortableMath.pow((v + 0.055) / 1.055, 2.4)
    }
}
