/// A stack of views the user goes back and forth in, as SwiftUI's `NavigationStack`: a render
/// shows its root view.
public struct NavigationStack<Content: View>: View {
    let content: Content
    public init(@ViewBuilder root: () -> Content) { content = root() }
    public var body: some View { content }
}

/// The older name of a navigation container, as SwiftUI's `NavigationView`: its content.
public struct NavigationView<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { content }
}

extension View {
    /// A title a navigation bar would show (no bar is drawn: a lesson's view is the frame).
    public func navigationTitle(_ title: String) -> Self { self }
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItemTitleDisplayMode) -> Self { self }
    /// A status bar's visibility (there is none).
    public func statusBarHidden(_ hidden: Bool = true) -> Self { self }
}

/// How a navigation title is shown (accepted).
public enum NavigationBarItemTitleDisplayMode: Sendable { case automatic, inline, large }
