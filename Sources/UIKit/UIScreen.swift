public import Foundation
import AnimateViews

/// The device's screen, as iOS lesson code sizes views by it (`UIScreen.main.bounds`): while a
/// view is drawn, the size of the window it is drawn in (the scene's size, in points); elsewhere a
/// phone's screen, 390x844 points at 3 pixels a point.
public final class UIScreen: @unchecked Sendable {
    public static let main = UIScreen()

    /// The screen in points.
    public var bounds: CGRect {
        let window = EnvironmentValues.current?.windowSize ?? .zero
        return CGRect(origin: .zero, size: window.width > 0 && window.height > 0 ? window : CGSize(width: 390, height: 844))
    }

    /// Pixels a point.
    public var scale: CGFloat { 3 }
    public var nativeScale: CGFloat { 3 }
    /// The screen in pixels.
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }
}
