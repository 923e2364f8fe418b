import Foundation

/// An sRGB colour with opacity, as SwiftUI's `Color` (components 0...1, sRGB-encoded, straight alpha).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var opacity: Double

    /// A colour from sRGB components and opacity, each 0...1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }

    /// A grey of the given white level.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour from hue, saturation and brightness (HSB/HSV), each 0...1.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let sector = Int(h) % 6, f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// A colour from a 24-bit `0xRRGGBB` value.
    public init(hex: UInt32, opacity: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, opacity: opacity)
    }

    /// This colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, opacity: self.opacity * opacity)
    }

    public var description: String { "Color(red: \(red), green: \(green), blue: \(blue), opacity: \(opacity))" }

    /// Premultiplied components, clamped to 0...1.
    var premultiplied: SIMD4<Float> {
        let a = Float(min(max(opacity.isFinite ? opacity : 0, 0), 1))
        @inline(__always) func c(_ v: Double) -> Float { Float(min(max(v.isFinite ? v : 0, 0), 1)) }
        return SIMD4(c(red) * a, c(green) * a, c(blue) * a, a)
    }

    /// Straight components, clamped to 0...1.
    var straight: SIMD4<Float> {
        @inline(__always) func c(_ v: Double) -> Float { Float(min(max(v.isFinite ? v : 0, 0), 1)) }
        return SIMD4(c(red), c(green), c(blue), c(opacity))
    }

    // SwiftUI's named colours: iOS's system colours, in the light appearance or, where colours
    // are read dark (`ColorAppearance`: a view in a dark scheme), the dark one.
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static var gray: Color { ColorAppearance.pick(Color(hex: 0x8E8E93), Color(hex: 0x8E8E93)) }
    public static var red: Color { ColorAppearance.pick(Color(hex: 0xFF3B30), Color(hex: 0xFF453A)) }
    public static var orange: Color { ColorAppearance.pick(Color(hex: 0xFF9500), Color(hex: 0xFF9F0A)) }
    public static var yellow: Color { ColorAppearance.pick(Color(hex: 0xFFCC00), Color(hex: 0xFFD60A)) }
    public static var green: Color { ColorAppearance.pick(Color(hex: 0x34C759), Color(hex: 0x30D158)) }
    public static var mint: Color { ColorAppearance.pick(Color(hex: 0x00C7BE), Color(hex: 0x63E6E2)) }
    public static var teal: Color { ColorAppearance.pick(Color(hex: 0x30B0C7), Color(hex: 0x40CBE0)) }
    public static var cyan: Color { ColorAppearance.pick(Color(hex: 0x32ADE6), Color(hex: 0x64D2FF)) }
    public static var blue: Color { ColorAppearance.pick(Color(hex: 0x007AFF), Color(hex: 0x0A84FF)) }
    public static var indigo: Color { ColorAppearance.pick(Color(hex: 0x5856D6), Color(hex: 0x5E5CE6)) }
    public static var purple: Color { ColorAppearance.pick(Color(hex: 0xAF52DE), Color(hex: 0xBF5AF2)) }
    public static var pink: Color { ColorAppearance.pick(Color(hex: 0xFF2D55), Color(hex: 0xFF375F)) }
    public static var brown: Color { ColorAppearance.pick(Color(hex: 0xA2845E), Color(hex: 0xAC8E68)) }
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
}
