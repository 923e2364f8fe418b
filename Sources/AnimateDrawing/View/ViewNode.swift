import Foundation

/// A view resolved for one frame: it answers what size it takes for a proposal and draws itself
/// in a rectangle of that size.
package protocol ViewNode: AnyObject {
    /// The size the view takes when offered `proposal`.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
    /// Draws the view in `rect` (its size for the proposal of `rect`'s size).
    func draw(in rect: CGRect, context: GraphicsContext)
    /// The views inside it and where they go when it is in `rect` (none for a leaf).
    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)]
}

extension ViewNode {
    package func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [] }

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
}

/// A size a view chose, with what cannot be drawn (NaN, negative) taken as nothing.
func sanitized(_ size: CGSize) -> CGSize {
    CGSize(width: size.width.isNaN ? 0 : max(size.width, 0), height: size.height.isNaN ? 0 : max(size.height, 0))
}

/// A length a modifier was given: NaN and negative lengths as 0.
func sanitized(_ length: CGFloat) -> CGFloat { length.isNaN ? 0 : max(length, 0) }

/// An offset or position: anything not finite as 0.
func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
