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

    // SwiftUI's named colours, light appearance (iOS system colours).
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let gray = Color(hex: 0x8E8E93)
    public static let red = Color(hex: 0xFF3B30)
    public static let orange = Color(hex: 0xFF9500)
    public static let yellow = Color(hex: 0xFFCC00)
    public static let green = Color(hex: 0x34C759)
    public static let mint = Color(hex: 0x00C7BE)
    public static let teal = Color(hex: 0x30B0C7)
    public static let cyan = Color(hex: 0x32ADE6)
    public static let blue = Color(hex: 0x007AFF)
    public static let indigo = Color(hex: 0x5856D6)
    public static let purple = Color(hex: 0xAF52DE)
    public static let pink = Color(hex: 0xFF2D55)
    public static let brown = Color(hex: 0xA2845E)
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
}
