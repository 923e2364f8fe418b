import AnimateDrawing
public import Foundation

/// The size a `GeometryReader` was given, for its content to draw to, and where it stands.
public struct GeometryProxy {
    public let size: CGSize
    /// The reader's top-leading corner in the window, in points, as laid out (drawing effects
    /// such as `offset` and `rotationEffect` move the picture, not the layout).
    let origin: CGPoint

    init(size: CGSize, origin: CGPoint = .zero) {
        self.size = size
        self.origin = origin
    }

    /// The reader's frame in its own space (`.local`: at the origin) or in the window's
    /// (`.global`); a named space is the reader's own here.
    public func frame(in space: CoordinateSpace) -> CGRect {
        CGRect(origin: space == .global ? origin : .zero, size: size)
    }
}

/// Coordinate spaces a proxy's frame is asked in.
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
        return GeometryNode { rect in
            let nodes = makeNodes(content(GeometryProxy(size: rect.size, origin: rect.origin)), inner)
            return nodes.count == 1 ? nodes[0] : OverlayNode(alignment: .topLeading, children: nodes)
        }
    }
}
