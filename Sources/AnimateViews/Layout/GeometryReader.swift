import AnimateDrawing
public import Foundation

/// The size a `GeometryReader` was given, for its content to draw to.
public struct GeometryProxy {
    public let size: CGSize
    /// The reader's frame in its own space (`.local`): at the origin.
    public func frame(in space: CoordinateSpace) -> CGRect { CGRect(origin: .zero, size: size) }
}

/// Coordinate spaces a proxy's frame is asked in (frames are local here).
public enum CoordinateSpace: Hashable, Sendable {
    case local, global
    case named(String)
}

/// A view that takes all the space offered and builds its content for that size, placed at its
/// top-leading corner, as SwiftUI's `GeometryReader`.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        let content = self.content
        var inner = environment
        inner.stackAxis = nil
        return GeometryNode { size in
            let nodes = makeNodes(content(GeometryProxy(size: size)), inner)
            return nodes.count == 1 ? nodes[0] : OverlayNode(alignment: .topLeading, children: nodes)
        }
    }
}
