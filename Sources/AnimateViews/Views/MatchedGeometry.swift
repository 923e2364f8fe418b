public import AnimateDrawing
public import Foundation

/// A namespace for views that stand for one another across changes, as SwiftUI's `@Namespace`,
/// with `matchedGeometryEffect(id:in:)`: when the view standing for an id changes in an animation
/// (one branch of an `if` for another), the new one moves and resizes from where the old one was.
@propertyWrapper
public struct Namespace: Sendable {
    /// A namespace's identity: the place of the view that declares it.
    public struct ID: Hashable, Sendable {
        let place: String
    }

    private final class Place: @unchecked Sendable { var key = "" }
    private let place = Place()

    public init() {}
    public var wrappedValue: ID { ID(place: place.key) }
}

extension Namespace: StateLink {
    package func link(to store: ViewStateStore, key: String) { place.key = key }
}

/// What a matched geometry effect takes from its source, as SwiftUI's `MatchedGeometryProperties`.
public struct MatchedGeometryProperties: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let position = MatchedGeometryProperties(rawValue: 1)
    public static let size = MatchedGeometryProperties(rawValue: 2)
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

/// A view standing for an id of a namespace: its frame is noted as the view tree is laid out, and
/// drawn where the id's frame shows (on its way from the frame of the view that stood for the id
/// before, while an animation moves it).
final class MatchedGeometryNode: WrapperNode {
    let child: any ViewNode
    let key: String
    let store: ViewStateStore
    let properties: MatchedGeometryProperties
    let isSource: Bool

    init(child: any ViewNode, key: String, store: ViewStateStore, properties: MatchedGeometryProperties, isSource: Bool) {
        self.child = child
        self.key = key
        self.store = store
        self.properties = properties
        self.isSource = isSource
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(child, rect)] }

    func prepare(in rect: CGRect) {
        if isSource, rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite { store.make(rect, at: key) }
        child.prepare(in: rect)
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        guard let shown = store.shown(CGRect.self, at: key) else { return child.draw(in: rect, context: context) }
        var r = rect
        if properties.contains(.size) { r.size = shown.size }
        if properties.contains(.position) { r.origin = CGPoint(x: shown.midX - r.width / 2, y: shown.midY - r.height / 2) }
        child.draw(in: r, context: context)
    }
}

extension View {
    /// Marks this view as the one standing for `id` in `namespace`: a view that takes the id's
    /// place in an animation moves and resizes from the frame of the one that stood for it.
    public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame,
                                                    anchor: UnitPoint = .center, isSource: Bool = true) -> some View {
        modified { child, environment in
            guard let store = environment.stateStore else { return child }
            // A view on its way out follows the id's frame; the one coming in sets it.
            let leaving = environment.transitionPhase?.removing ?? false
            return MatchedGeometryNode(child: child, key: "#matched\(namespace.place)/\(AnyHashable(id))", store: store,
                                       properties: properties, isSource: isSource && !leaving)
        }
    }
}
