import AnimateDrawing
/// Builds views from the statements of a closure, as SwiftUI's `@ViewBuilder`.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(repeat each content)
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .first(first))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .second(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> Content { content }
}

/// Several views side by side in a builder's block.
public struct TupleView<T>: View, MultiView {
    let children: [any View]

    public init<each V: View>(_ views: repeat each V) where T == (repeat each V) {
        var list: [any View] = []
        for view in repeat each views { list.append(view) }
        children = list
    }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNodes(_ environment: EnvironmentValues) -> [any ViewNode] {
        children.enumerated().flatMap { AnimateViews.makeNodes($1, environment.descending(String($0))) }
    }
}

/// One of two views, as an `if`/`else` in a builder chose.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, MultiView {
    enum Storage { case first(TrueContent), second(FalseContent) }
    let storage: Storage

    public var body: Never { primitiveBody(Self.self) }

    package func makeNodes(_ environment: EnvironmentValues) -> [any ViewNode] {
        let first = environment.descending("if"), second = environment.descending("else")
        if let store = environment.stateStore {
            switch storage {
            case .first(let v): return store.branch(v, at: first.viewPath, first) + store.branch(nil as FalseContent?, at: second.viewPath, second)
            case .second(let v): return store.branch(nil as TrueContent?, at: first.viewPath, first) + store.branch(v, at: second.viewPath, second)
            }
        }
        switch storage {
        case .first(let v): return AnimateViews.makeNodes(v, first)
        case .second(let v): return AnimateViews.makeNodes(v, second)
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { primitiveBody(Self.self) }
}

extension Optional: MultiView where Wrapped: View {
    package func makeNodes(_ environment: EnvironmentValues) -> [any ViewNode] {
        let inner = environment.descending("?")
        if let store = environment.stateStore { return store.branch(self, at: inner.viewPath, inner) }
        return map { AnimateViews.makeNodes($0, inner) } ?? []
    }
}

/// A view that is nothing: takes no space and draws nothing.
public struct EmptyView: View, MultiView {
    public init() {}
    public var body: Never { primitiveBody(Self.self) }
    package func makeNodes(_ environment: EnvironmentValues) -> [any ViewNode] { [] }
}
