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

    public static let systemRed = UIColor(Color.red)
    public static let systemOrange = UIColor(Color.orange)
    public static let systemYellow = UIColor(Color.yellow)
    public static let systemGreen = UIColor(Color.green)
    public static let systemMint = UIColor(Color.mint)
    public static let systemTeal = UIColor(Color.teal)
    public static let systemCyan = UIColor(Color.cyan)
    public static let systemBlue = UIColor(Color.blue)
    public static let systemIndigo = UIColor(Color.indigo)
    public static let systemPurple = UIColor(Color.purple)
    public static let systemPink = UIColor(Color.pink)
    public static let systemBrown = UIColor(Color.brown)
    public static let systemGray = UIColor(Color.gray)
    public static let systemGray2 = UIColor(Color(hex: 0xAEAEB2))
    public static let systemGray3 = UIColor(Color(hex: 0xC7C7CC))
    public static let systemGray4 = UIColor(Color(hex: 0xD1D1D6))
    public static let systemGray5 = UIColor(Color(hex: 0xE5E5EA))
    public static let systemGray6 = UIColor(Color(hex: 0xF2F2F7))
    public static let tintColor = UIColor(Color.blue)
    public static let link = UIColor(Color.blue)

    public static let systemBackground = UIColor(Color.white)
    public static let secondarySystemBackground = UIColor(Color(hex: 0xF2F2F7))
    public static let tertiarySystemBackground = UIColor(Color.white)
    public static let systemGroupedBackground = UIColor(Color(hex: 0xF2F2F7))
    public static let secondarySystemGroupedBackground = UIColor(Color.white)
    public static let tertiarySystemGroupedBackground = UIColor(Color(hex: 0xF2F2F7))
    public static let label = UIColor(Color.black)
    public static let secondaryLabel = UIColor(Color.secondary)
    public static let tertiaryLabel = UIColor(Color.label(opacity: 0.3))
    public static let quaternaryLabel = UIColor(Color.label(opacity: 0.18))
    public static let placeholderText = UIColor(Color.label(opacity: 0.3))
    public static let separator = UIColor(Color.label(opacity: 0.29))
    public static let opaqueSeparator = UIColor(Color(hex: 0xC6C6C8))
}

extension Color {
    /// UIKit's colour in SwiftUI.
    public init(uiColor: UIColor) { self = uiColor.color }
    /// UIKit's colour in SwiftUI (the older spelling).
    public init(_ uiColor: UIColor) { self = uiColor.color }
}
