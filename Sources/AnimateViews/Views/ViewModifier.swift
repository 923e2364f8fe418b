/// A reusable change to a view, as SwiftUI's `ViewModifier`: `body(content:)` makes the changed
/// view from `content`, the view it is applied to with `.modifier(_:)`. Its `@State` is kept by
/// where the modified view stands, as a view's is.
public protocol ViewModifier {
    associatedtype Body: View
    /// The view the modifier is applied to, as `body(content:)` receives it.
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a modifier is applied to, as its `body(content:)` receives it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    let view: AnyView
    public var body: some View { view }
}

/// A view with a modifier applied, as SwiftUI's `ModifiedContent` (what `.modifier(_:)` gives).
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: some View {
        // An animatable modifier (`AnimatableModifier`) makes its body from its data on its way.
        var shown = modifier
        if let environment = EnvironmentValues.current, let animatable = modifier as? any Animatable,
           let moved = Self.moved(animatable, environment) as? Modifier {
            shown = moved
        }
        return shown.body(content: _ViewModifier_Content(view: AnyView(content)))
    }

    private static func moved<A: Animatable>(_ value: A, _ environment: EnvironmentValues) -> A {
        animatedData(value, "modifier", environment)()
    }
}

/// A modifier that changes nothing.
public struct EmptyModifier: ViewModifier {
    public static let identity = EmptyModifier()
    public init() {}
    public func body(content: Content) -> some View { content }
}

extension View {
    /// This view changed by `modifier`'s `body(content:)`.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
