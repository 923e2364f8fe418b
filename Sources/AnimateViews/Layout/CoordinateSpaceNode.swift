public import Foundation

/// Where a named coordinate space's origin is in the window, once its view is laid out.
final class NamedSpace {
    var origin: CGPoint = .zero
}

struct NamedSpacesKey: EnvironmentKey {
    static var defaultValue: [String: NamedSpace] { [:] }
}

extension EnvironmentValues {
    /// The coordinate spaces named by the views around a view.
    var namedSpaces: [String: NamedSpace] {
        get { self[NamedSpacesKey.self] }
        set { self[NamedSpacesKey.self] = newValue }
    }
}

/// A view whose frame is a named coordinate space: it notes its corner as it is laid out, before
/// its content is, so a `GeometryReader` inside reads frames in it.
final class CoordinateSpaceNode: WrapperNode {
    let child: any ViewNode
    let space: NamedSpace

    init(child: any ViewNode, space: NamedSpace) {
        self.child = child
        self.space = space
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        space.origin = rect.origin
        return [(child, rect)]
    }
}

/// A coordinate space named for `coordinateSpace(_:)`, as SwiftUI's `NamedCoordinateSpace`.
public struct NamedCoordinateSpace: Hashable, Sendable {
    let name: String
    public static func named(_ name: String) -> NamedCoordinateSpace { NamedCoordinateSpace(name: name) }
}

extension View {
    /// The view's frame as a coordinate space named `name`, for `GeometryProxy.frame(in: .named(name))`.
    public func coordinateSpace(name: String) -> some View {
        // A space of its own for each time the view is made: frames drawn at once never share one.
        modified(environment: { $0.namedSpaces[name] = NamedSpace() },
                 wrap: { child, environment in CoordinateSpaceNode(child: child, space: environment.namedSpaces[name] ?? NamedSpace()) })
    }

    public func coordinateSpace(_ space: NamedCoordinateSpace) -> some View { coordinateSpace(name: space.name) }
}
