package import AnimateDrawing
package import Foundation

/// A view resolved for one frame: it answers what size it takes for a proposal and draws itself
/// in a rectangle of that size.
package protocol ViewNode: CanvasSymbol {
    /// The size the view takes when offered `proposal`.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
    /// Draws the view in `rect` (its size for the proposal of `rect`'s size).
    func draw(in rect: CGRect, context: GraphicsContext)
    /// The views inside it and where they go when it is in `rect` (none for a leaf).
    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)]
    /// Which stack children are offered space first (`layoutPriority`), and which of a ZStack's
    /// are drawn in front (`zIndex`).
    var layoutPriority: Double { get }
    var zIndex: Double { get }
    /// Lays the view out in `rect` without drawing it (see the extension's).
    func prepare(in rect: CGRect)
}

extension ViewNode {
    package var idealSize: CGSize { sizeThatFits(.unspecified) }
    package func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [] }
    package var layoutPriority: Double { 0 }
    package var zIndex: Double { 0 }

    /// A container draws its children where it places them.
    package func draw(in rect: CGRect, context: GraphicsContext) {
        for p in placements(in: rect) { p.node.draw(in: p.rect, context: context) }
    }

    /// Lays the view out in `rect` without drawing it: views made for a size (a
    /// `GeometryReader`'s content) are made, and run their actions, as drawing would.
    package func prepare(in rect: CGRect) {
        for p in placements(in: rect) { p.node.prepare(in: p.rect) }
    }
}

/// Where `size` sits inside `rect` at `alignment`.
package func place(_ size: CGSize, in rect: CGRect, alignment: Alignment) -> CGRect {
    CGRect(x: rect.minX + (rect.width - size.width) * alignment.horizontal.fraction,
           y: rect.minY + (rect.height - size.height) * alignment.vertical.fraction,
           width: size.width, height: size.height)
}

/// A modifier's node around one child: a stack or ZStack sees the child's layout priority and
/// z-index through it.
package protocol WrapperNode: ViewNode {
    var child: any ViewNode { get }
}

extension WrapperNode {
    package var layoutPriority: Double { child.layoutPriority }
    package var zIndex: Double { child.zIndex }
}

/// A node that remembers its sizes for the proposals it was asked (stacks ask each child several
/// times, so nested stacks would otherwise ask their leaves exponentially often). Made per frame,
/// so nothing it remembers outlives the frame's views.
final class MemoNode: ViewNode {
    let node: any ViewNode
    private var sizes: [ProposedViewSize: CGSize] = [:]

    init(_ node: any ViewNode) { self.node = node }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let known = sizes[proposal] { return known }
        let size = sanitized(node.sizeThatFits(proposal))
        sizes[proposal] = size
        return size
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        node.draw(in: rect, context: context)
    }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(node, rect)] }
    var layoutPriority: Double { node.layoutPriority }
    var zIndex: Double { node.zIndex }
}

/// A child with a layout priority or a z-index of its own.
final class OrderNode: ViewNode {
    let child: any ViewNode
    let layoutPriority: Double
    let zIndex: Double

    init(child: any ViewNode, layoutPriority: Double, zIndex: Double) {
        self.child = child
        self.layoutPriority = layoutPriority.isFinite ? layoutPriority : 0
        self.zIndex = zIndex.isFinite ? zIndex : 0
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(child, rect)] }
}

/// A child offered no limit (its ideal size) in the dimensions fixed, as SwiftUI's `fixedSize`.
final class FixedSizeNode: WrapperNode {
    let child: any ViewNode
    let horizontal: Bool, vertical: Bool

    init(child: any ViewNode, horizontal: Bool, vertical: Bool) {
        self.child = child
        self.horizontal = horizontal
        self.vertical = vertical
    }

    private func offer(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(offer(proposal)) }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        [(child, place(child.sizeThatFits(offer(ProposedViewSize(rect.size))), in: rect, alignment: .center))]
    }
}

/// A size a view chose, with what cannot be drawn (NaN, negative) taken as nothing.
func sanitized(_ size: CGSize) -> CGSize {
    CGSize(width: size.width.isNaN ? 0 : max(size.width, 0), height: size.height.isNaN ? 0 : max(size.height, 0))
}

/// A length a modifier was given: NaN and negative lengths as 0.
func sanitized(_ length: CGFloat) -> CGFloat { length.isNaN ? 0 : max(length, 0) }

/// An offset or position: anything not finite as 0.
func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
