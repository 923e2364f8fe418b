import AnimateDrawing
import Foundation

/// A piece of a picture described by its `body`, as SwiftUI's `View`: a value that composes
/// other views; stacks, shapes, text and the drawing `Canvas` are the views drawn directly.
/// Views are laid out as SwiftUI lays them out (the parent proposes a size, the child chooses
/// its own, the parent places it) and drawn by a `GraphicsContext`.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { self }
}

/// A view drawn directly (a shape, text, a stack): it makes its own node instead of a body.
package protocol PrimitiveView {
    func makeNode(_ environment: EnvironmentValues) -> any ViewNode
}

/// What a view drawn directly has for a body: never asked for by drawing.
package func primitiveBody(_ type: Any.Type) -> Never {
    fatalError("\(type) is drawn directly and has no body")
}

/// The views a view stands for in a container: its children when it is a group of views
/// (`TupleView`, `ForEach`, `Group`), else itself.
package protocol MultiView {
    func makeNodes(_ environment: EnvironmentValues) -> [any ViewNode]
}

/// The node a view is laid out and drawn by, in `environment`: its body's, down to a view drawn
/// directly; several views side by side are stacked vertically, as SwiftUI does at the top.
package func makeNode<V: View>(_ view: V, _ environment: EnvironmentValues) -> any ViewNode {
    if let primitive = view as? any PrimitiveView { return remembered(primitive.makeNode(environment)) }
    if let shape = view as? any Shape { return remembered(shapeNode(shape, environment)) }
    if view is any MultiView {
        let nodes = makeNodes(view, environment)
        return nodes.count == 1 ? nodes[0] : StackNode(axis: .vertical, alignment: 0.5, spacing: nil, children: nodes)
    }
    let inner = environment.descending("\(V.self)")
    linkState(view, inner)
    return makeNode(inner.withCurrent { view.body }, inner)
}

/// The nodes a view stands for in a container (a stack's children).
package func makeNodes<V: View>(_ view: V, _ environment: EnvironmentValues) -> [any ViewNode] {
    if let multi = view as? any MultiView { return multi.makeNodes(environment) }
    if view is any PrimitiveView || view is any Shape { return [makeNode(view, environment)] }
    let inner = environment.descending("\(V.self)")
    linkState(view, inner)
    return makeNodes(inner.withCurrent { view.body }, inner)
}

/// `node`, remembering its sizes (once).
func remembered(_ node: any ViewNode) -> any ViewNode { node is MemoNode ? node : MemoNode(node) }
