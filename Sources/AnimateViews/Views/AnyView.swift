import AnimateDrawing
/// A view of any type, as SwiftUI's `AnyView`.
public struct AnyView: View, MultiView {
    let view: any View

    public init<V: View>(_ view: V) { self.view = view }
    public init<V: View>(erasing view: V) { self.view = view }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNodes(_ environment: EnvironmentValues) -> [any ViewNode] { AnimateViews.makeNodes(view, environment) }
}
