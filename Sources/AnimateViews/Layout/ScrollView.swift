import AnimateDrawing
import Foundation

/// The horizontal or vertical axis, as SwiftUI's `Axis`.
public enum Axis: Int8, Sendable, Hashable, CaseIterable {
    case horizontal, vertical

    /// A set of axes, as SwiftUI's `Axis.Set`.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// A scroll view, as SwiftUI's `ScrollView`, at rest: it takes the space offered, its content is
/// offered that space but unbounded along the scroll axes, placed at its start and clipped.
/// Nothing scrolls in a render.
public struct ScrollView<Content: View>: View, PrimitiveView {
    let axes: Axis.Set
    let content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }

    final class Node: ViewNode {
        let axes: Axis.Set
        let child: any ViewNode

        init(axes: Axis.Set, child: any ViewNode) {
            self.axes = axes
            self.child = child
        }

        private func offer(_ size: CGSize) -> ProposedViewSize {
            ProposedViewSize(width: axes.contains(.horizontal) ? nil : size.width, height: axes.contains(.vertical) ? nil : size.height)
        }

        func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
            let inner = child.sizeThatFits(ProposedViewSize(width: axes.contains(.horizontal) ? nil : proposal.width,
                                                            height: axes.contains(.vertical) ? nil : proposal.height))
            return CGSize(width: proposal.width ?? inner.width, height: proposal.height ?? inner.height)
        }

        func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
            let size = child.sizeThatFits(offer(rect.size))
            // At rest: the content's start at the view's start, centred across a fixed axis.
            let x = axes.contains(.horizontal) ? rect.minX : rect.minX + (rect.width - size.width) / 2
            let y = axes.contains(.vertical) ? rect.minY : rect.minY + (rect.height - size.height) / 2
            return [(child, CGRect(x: x, y: y, width: size.width, height: size.height))]
        }

        func draw(in rect: CGRect, context: GraphicsContext) {
            var c = context
            c.clip(to: Path(rect))
            for p in placements(in: rect) { p.node.draw(in: p.rect, context: c) }
        }
    }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        let nodes = makeNodes(content, environment.descending("scroll"))
        let child = nodes.count == 1 ? nodes[0] : StackNode(axis: axes.contains(.horizontal) && !axes.contains(.vertical) ? .horizontal : .vertical,
                                                             alignment: 0.5, spacing: nil, children: nodes)
        return Node(axes: axes, child: child)
    }
}
