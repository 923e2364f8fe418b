public import Animate
import AnimateDrawing
public import Foundation

/// UIKit's colour, as iOS lesson code makes one and hands it to SwiftUI (`Color(uiColor:)`):
/// an sRGB colour with opacity. UIKit's plain names are its pure colours (`.red` is 1, 0, 0);
/// its `system` names are SwiftUI's (`.systemRed` is `Color.red`); semantic colours are light mode's.
public final class UIColor: Hashable, @unchecked Sendable {
    /// The colour in SwiftUI's terms.
    let color: Color

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }

    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(.displayP3, red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }

    public init(white: CGFloat, alpha: CGFloat) {
        color = Color(white: Double(white), opacity: Double(alpha))
    }

    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        color = Color(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness), opacity: Double(alpha))
    }

    /// A SwiftUI colour as UIKit's.
    public init(_ color: Color) { self.color = color }

    /// The same colour at `alpha` opacity.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        var copy = color
        copy.opacity = Double(alpha)
        return UIColor(copy)
    }

    /// The sRGB components and opacity, 0...1; always true.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = CGFloat(color.red); green?.pointee = CGFloat(color.green)
        blue?.pointee = CGFloat(color.blue); alpha?.pointee = CGFloat(color.opacity)
        return true
    }

    public static func == (a: UIColor, b: UIColor) -> Bool { a.color == b.color }
    public func hash(into hasher: inout Hasher) { hasher.combine(color) }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)

    public static var systemRed: UIColor { UIColor(Color.red) }
    public static var systemOrange: UIColor { UIColor(Color.orange) }
    public static var systemYellow: UIColor { UIColor(Color.yellow) }
    public static var systemGreen: UIColor { UIColor(Color.green) }
    public static var systemMint: UIColor { UIColor(Color.mint) }
    public static var systemTeal: UIColor { UIColor(Color.teal) }
    public static var systemCyan: UIColor { UIColor(Color.cyan) }
    public static var systemBlue: UIColor { UIColor(Color.blue) }
    public static var systemIndigo: UIColor { UIColor(Color.indigo) }
    public static var systemPurple: UIColor { UIColor(Color.purple) }
    public static var systemPink: UIColor { UIColor(Color.pink) }
    public static var systemBrown: UIColor { UIColor(Color.brown) }
    public static var systemGray: UIColor { UIColor(Color.gray) }
    public static var systemGray2: UIColor { UIColor(ColorAppearance.pick(Color(hex: 0xAEAEB2), Color(hex: 0x636366))) }
    public static var systemGray3: UIColor { UIColor(ColorAppearance.pick(Color(hex: 0xC7C7CC), Color(hex: 0x48484A))) }
    public static var systemGray4: UIColor { UIColor(ColorAppearance.pick(Color(hex: 0xD1D1D6), Color(hex: 0x3A3A3C))) }
    public static var systemGray5: UIColor { UIColor(ColorAppearance.pick(Color(hex: 0xE5E5EA), Color(hex: 0x2C2C2E))) }
    public static var systemGray6: UIColor { UIColor(ColorAppearance.pick(Color(hex: 0xF2F2F7), Color(hex: 0x1C1C1E))) }
    public static var tintColor: UIColor { UIColor(Color.blue) }
    public static var link: UIColor { UIColor(Color.blue) }

    public static var systemBackground: UIColor { UIColor(ColorAppearance.pick(.white, .black)) }
    public static var secondarySystemBackground: UIColor { UIColor(ColorAppearance.pick(Color(hex: 0xF2F2F7), Color(hex: 0x1C1C1E))) }
    public static var tertiarySystemBackground: UIColor { UIColor(ColorAppearance.pick(.white, Color(hex: 0x2C2C2E))) }
    public static var systemGroupedBackground: UIColor { UIColor(ColorAppearance.pick(Color(hex: 0xF2F2F7), .black)) }
    public static var secondarySystemGroupedBackground: UIColor { UIColor(ColorAppearance.pick(.white, Color(hex: 0x1C1C1E))) }
    public static var tertiarySystemGroupedBackground: UIColor { UIColor(ColorAppearance.pick(Color(hex: 0xF2F2F7), Color(hex: 0x2C2C2E))) }
    public static var label: UIColor { UIColor(Color.primary) }
    public static var secondaryLabel: UIColor { UIColor(Color.secondary) }
    public static var tertiaryLabel: UIColor { UIColor(Color.label(opacity: 0.3)) }
    public static var quaternaryLabel: UIColor { UIColor(Color.label(opacity: 0.18)) }
    public static var placeholderText: UIColor { UIColor(Color.label(opacity: 0.3)) }
    public static var separator: UIColor { UIColor(ColorAppearance.pick(Color.label(opacity: 0.29), Color(red: 84.0 / 255, green: 84.0 / 255, blue: 88.0 / 255, opacity: 0.6))) }
    public static var opaqueSeparator: UIColor { UIColor(ColorAppearance.pick(Color(hex: 0xC6C6C8), Color(hex: 0x38383A))) }
}

extension Color {
    /// UIKit's colour in SwiftUI.
    public init(uiColor: UIColor) { self = uiColor.color }
    /// UIKit's colour in SwiftUI (the older spelling).
    public init(_ uiColor: UIColor) { self = uiColor.color }
}
