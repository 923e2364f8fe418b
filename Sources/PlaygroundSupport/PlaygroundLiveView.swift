public import AnimateViews

/// The view a playground listing's `PlaygroundPage.current.setLiveView(...)` line sets: what a
/// lesson file's compile turns that top-level line into, so the listing runs as printed.
public struct _PlaygroundLiveView {
    public let view: AnyView
    public init<V: View>(_ view: V) { self.view = AnyView(view) }
}
