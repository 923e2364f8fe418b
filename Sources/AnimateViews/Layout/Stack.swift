import AnimateDrawing
public import Foundation

/// Children side by side along an axis, as SwiftUI's `HStack` and `VStack` lay them out: each
/// child is sure of its smallest length, and the space beyond the smallest lengths and spacing is
/// offered to the least flexible child first, each taking its share of what remains; the stack is
/// as long as its children and spacing, as thick as the thickest.
package final class StackNode: ViewNode {
    let axis: Axis
    /// Across the axis: 0 leading/top, 0.5 centre, 1 trailing/bottom.
    let alignment: CGFloat
    let spacing: CGFloat?
    let children: [any ViewNode]

    package init(axis: Axis, alignment: CGFloat, spacing: CGFloat?, children: [any ViewNode]) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing.map { $0.isFinite ? max($0, 0) : 0 }
        self.children = children
    }

    /// A stack view's node: its content made knowing the stack's axis (spacers and dividers follow it).
    static func make<Content: View>(_ axis: Axis, alignment: CGFloat, spacing: CGFloat?, content: Content,
                                    _ environment: EnvironmentValues) -> StackNode {
        var inner = environment
        inner.stackAxis = axis
        return StackNode(axis: axis, alignment: alignment, spacing: spacing, children: makeNodes(content, inner))
    }

    /// SwiftUI's spacing between views when a stack names none.
    static let defaultSpacing: CGFloat = 8

    private func along(_ s: CGSize) -> CGFloat { axis == .horizontal ? s.width : s.height }
    private func across(_ s: CGSize) -> CGFloat { axis == .horizontal ? s.height : s.width }
    private func proposal(along a: CGFloat?, across c: CGFloat?) -> ProposedViewSize {
        axis == .horizontal ? ProposedViewSize(width: a, height: c) : ProposedViewSize(width: c, height: a)
    }

    /// Each child's size for `proposal`.
    func sizes(for proposal: ProposedViewSize) -> [CGSize] {
        guard !children.isEmpty else { return [] }
        let gap = spacing ?? Self.defaultSpacing
        let totalSpacing = gap * CGFloat(children.count - 1)
        let offeredAlong = axis == .horizontal ? proposal.width : proposal.height
        let offeredAcross = axis == .horizontal ? proposal.height : proposal.width
        guard let offered = offeredAlong else {
            return children.map { $0.sizeThatFits(self.proposal(along: nil, across: offeredAcross)) }
        }
        // Each child's smallest and largest length; the space beyond the smallest ones is shared
        // out least flexible child first, each offered its smallest length and its share.
        let smallest = children.map { along($0.sizeThatFits(self.proposal(along: 0, across: offeredAcross))) }
        let largest = children.map { along($0.sizeThatFits(self.proposal(along: .infinity, across: offeredAcross))) }
        // Higher layout priority first; within a priority, least flexible first.
        let priority = children.map(\.layoutPriority)
        let order = children.indices.sorted { (-priority[$0], largest[$0] - smallest[$0], $0) < (-priority[$1], largest[$1] - smallest[$1], $1) }
        var sizes = [CGSize](repeating: .zero, count: children.count)
        var remaining = max(offered - totalSpacing - smallest.reduce(0, +), 0)
        for (n, i) in order.enumerated() {
            // A share among the children of this priority still to come; lower priorities wait.
            let left = order[n...].prefix { priority[$0] == priority[i] }.count
            let share = remaining / CGFloat(left)
            let size = children[i].sizeThatFits(self.proposal(along: smallest[i] + share, across: offeredAcross))
            sizes[i] = size
            remaining = max(remaining - max(along(size) - smallest[i], 0), 0)
        }
        return sizes
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let sizes = sizes(for: proposal)
        guard !sizes.isEmpty else { return .zero }
        let gap = spacing ?? Self.defaultSpacing
        let length = sizes.reduce(0) { $0 + along($1) } + gap * CGFloat(sizes.count - 1)
        let thickness = sizes.reduce(0) { max($0, across($1)) }
        return axis == .horizontal ? CGSize(width: length, height: thickness) : CGSize(width: thickness, height: length)
    }

    package func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        let sizes = sizes(for: ProposedViewSize(rect.size))
        let gap = spacing ?? Self.defaultSpacing
        var position = axis == .horizontal ? rect.minX : rect.minY
        var out: [(node: any ViewNode, rect: CGRect)] = []
        for (child, size) in zip(children, sizes) {
            if axis == .horizontal {
                out.append((child, CGRect(x: position, y: rect.minY + (rect.height - size.height) * alignment, width: size.width, height: size.height)))
            } else {
                out.append((child, CGRect(x: rect.minX + (rect.width - size.width) * alignment, y: position, width: size.width, height: size.height)))
            }
            position += along(size) + gap
        }
        return out
    }
}

/// Children laid one over another, each offered the whole proposal and placed by `alignment`.
package final class OverlayNode: ViewNode {
    let alignment: Alignment
    let children: [any ViewNode]

    package init(alignment: Alignment, children: [any ViewNode]) {
        self.alignment = alignment
        self.children = children
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        children.reduce(CGSize.zero) { size, child in
            let s = child.sizeThatFits(proposal)
            return CGSize(width: max(size.width, s.width), height: max(size.height, s.height))
        }
    }

    /// Children in drawing order: by `zIndex`, then as written.
    package func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        let proposal = ProposedViewSize(rect.size)
        let ordered = children.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
        return ordered.map { ($0, place($0.sizeThatFits(proposal), in: rect, alignment: alignment)) }
    }
}

/// Views side by side left to right, as SwiftUI's `HStack`.
public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        StackNode.make(.horizontal, alignment: alignment.fraction, spacing: spacing, content: content, environment)
    }
}

/// Views one under another, as SwiftUI's `VStack`.
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        StackNode.make(.vertical, alignment: alignment.fraction, spacing: spacing, content: content, environment)
    }
}

/// Views one over another, the first at the back, as SwiftUI's `ZStack`.
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        var inner = environment
        inner.stackAxis = nil
        return OverlayNode(alignment: alignment, children: makeNodes(content, inner))
    }
}

/// Space that grows to fill what a stack has left (at least `minLength`), as SwiftUI's `Spacer`.
public struct Spacer: View, PrimitiveView {
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public var body: Never { primitiveBody(Self.self) }

    final class Node: ViewNode {
        let minLength: CGFloat
        let axis: Axis?
        init(minLength: CGFloat, axis: Axis?) { self.minLength = minLength; self.axis = axis }
        func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
            let w = axis == .vertical ? 0 : max(proposal.width ?? minLength, minLength)
            let h = axis == .horizontal ? 0 : max(proposal.height ?? minLength, minLength)
            return CGSize(width: w, height: h)
        }
        func draw(in rect: CGRect, context: GraphicsContext) {}
    }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        Node(minLength: minLength ?? StackNode.defaultSpacing, axis: environment.stackAxis)
    }
}

/// A thin line across a stack, as SwiftUI's `Divider`.
public struct Divider: View, PrimitiveView {
    public init() {}
    public var body: Never { primitiveBody(Self.self) }

    final class Node: ViewNode {
        let vertical: Bool
        init(vertical: Bool) { self.vertical = vertical }
        func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
            vertical ? CGSize(width: 1, height: proposal.height ?? 1) : CGSize(width: proposal.width ?? 1, height: 1)
        }
        func draw(in rect: CGRect, context: GraphicsContext) {
            context.fill(Path(rect), with: .color(Color(red: 0.78, green: 0.78, blue: 0.8)))
        }
    }

    /// Across a horizontal stack it stands upright.
    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode { Node(vertical: environment.stackAxis == .horizontal) }
}
