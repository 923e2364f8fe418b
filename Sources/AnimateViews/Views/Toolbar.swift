public import AnimateDrawing

/// Whether a bar is shown, as SwiftUI's `Visibility`.
public enum Visibility: Hashable, Sendable, CaseIterable { case automatic, visible, hidden }

/// Where a toolbar sits, as SwiftUI's `ToolbarPlacement`.
public struct ToolbarPlacement: Hashable, Sendable {
    let name: String
    public static let automatic = ToolbarPlacement(name: "automatic")
    public static let navigationBar = ToolbarPlacement(name: "navigationBar")
    public static let tabBar = ToolbarPlacement(name: "tabBar")
    public static let bottomBar = ToolbarPlacement(name: "bottomBar")
}

extension View {
    // A lesson's view is the whole frame: no navigation bar, tab bar or toolbar is drawn, so what
    // they would show is accepted and left out.

    /// A bar's background (accepted: no bar is drawn).
    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> Self { self }
    /// Whether a bar's background shows (accepted: no bar is drawn).
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> Self { self }
    /// Whether a bar shows (accepted: no bar is drawn).
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> Self { self }
    /// A bar's colour scheme (accepted: no bar is drawn).
    public func toolbarColorScheme(_ colorScheme: ColorScheme?, for bars: ToolbarPlacement...) -> Self { self }
}
