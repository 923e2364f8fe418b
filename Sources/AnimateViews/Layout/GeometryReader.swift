import AnimateDrawing
public import Foundation

/// The size a `GeometryReader` was given, for its content to draw to, and where it stands.
public struct GeometryProxy {
    public let size: CGSize
    /// The reader's top-leading corner in the window, in points, as laid out (drawing effects
    /// such as `offset` and `rotationEffect` move the picture, not the layout).
    let origin: CGPoint
    /// The corners of the named coordinate spaces around the reader, in the window.
    let named: [String: CGPoint]

    init(size: CGSize, origin: CGPoint = .zero, named: [String: CGPoint] = [:]) {
        self.size = size
        self.origin = origin
        self.named = named
    }

    /// The reader's frame in its own space (`.local`: at the origin), in the window's (`.global`),
    /// or in that of a view around it named with `coordinateSpace(name:)` (a name no view around
    /// it has is the window's, as in SwiftUI).
    public func frame(in space: CoordinateSpace) -> CGRect {
        switch space {
        case .local: return CGRect(origin: .zero, size: size)
        case .global: return CGRect(origin: origin, size: size)
        case .named(let name):
            let corner = named[name] ?? .zero
            return CGRect(origin: CGPoint(x: origin.x - corner.x, y: origin.y - corner.y), size: size)
        }
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
        let spaces = environment.namedSpaces
        return GeometryNode { rect in
            let proxy = GeometryProxy(size: rect.size, origin: rect.origin, named: spaces.mapValues(\.origin))
            let nodes = makeNodes(content(proxy), inner)
            return nodes.count == 1 ? nodes[0] : OverlayNode(alignment: .topLeading, children: nodes)
        }
    }
}
