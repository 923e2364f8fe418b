public import AnimateDrawing

/// A namespace for views that stand for one another across changes, as SwiftUI's `@Namespace`,
/// with `matchedGeometryEffect(id:in:)`. Accepted: each view keeps its own geometry, so a change
/// that moves a matched view from one place to another shows it at its new place (the animation
/// between the two is not drawn yet).
@propertyWrapper
public struct Namespace: Sendable {
    /// A namespace's identity.
    public struct ID: Hashable, Sendable {}
    public init() {}
    public var wrappedValue: ID { ID() }
}

/// What a matched geometry effect takes from its source, as SwiftUI's `MatchedGeometryProperties`.
public struct MatchedGeometryProperties: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let position = MatchedGeometryProperties(rawValue: 1)
    public static let size = MatchedGeometryProperties(rawValue: 2)
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

extension View {
    /// Marks this view as the one standing for `id` in `namespace` (accepted; see `Namespace`).
    public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame,
                                                    anchor: UnitPoint = .center, isSource: Bool = true) -> Self { self }
}
