public import AnimateDrawing

struct TintKey: EnvironmentKey {
    static var defaultValue: Color? { nil }
}

extension EnvironmentValues {
    /// The colour controls and buttons are drawn in, when a view set one (`tint(_:)`).
    package var tint: Color? {
        get { self[TintKey.self] }
        set { self[TintKey.self] = newValue }
    }
}

extension View {
    /// The colour buttons, sliders, progress bars and switches in this view are drawn in, as
    /// SwiftUI's `tint(_:)` (nil: their own, the accent colour's blue and a switch's green).
    public func tint(_ color: Color?) -> some View { modified(environment: { $0.tint = color }) }
    /// The older name of `tint(_:)`.
    public func accentColor(_ color: Color?) -> some View { tint(color) }
}
