import AnimateDrawing
import Foundation

/// A fixed frame: offers the child its width and height (where given) and takes them.
final class FrameNode: WrapperNode {
    let child: any ViewNode
    let width: CGFloat?, height: CGFloat?
    let alignment: Alignment

    init(child: any ViewNode, width: CGFloat?, height: CGFloat?, alignment: Alignment) {
        self.child = child
        self.width = width.flatMap { $0.isFinite ? max($0, 0) : nil }
        self.height = height.flatMap { $0.isFinite ? max($0, 0) : nil }
        self.alignment = alignment
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let width, let height { return CGSize(width: width, height: height) }
        let inner = child.sizeThatFits(ProposedViewSize(width: width ?? proposal.width, height: height ?? proposal.height))
        return CGSize(width: width ?? inner.width, height: height ?? inner.height)
    }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        let inner = child.sizeThatFits(ProposedViewSize(width: width ?? rect.width, height: height ?? rect.height))
        return [(child, place(inner, in: rect, alignment: alignment))]
    }
}

/// A node made when it is first laid out or drawn: after the whole tree is made, so what it
/// reads of the view tree's animations (`ViewStateStore.shown`) includes every transaction.
final class DeferredNode: WrapperNode {
    private let make: () -> any ViewNode
    private lazy var node: any ViewNode = make()
    var child: any ViewNode { node }

    init(_ make: @escaping () -> any ViewNode) { self.make = make }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { node.sizeThatFits(proposal) }
    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(node, rect)] }
}

/// A flexible frame, as SwiftUI's `frame(minWidth:idealWidth:maxWidth:...)`: the offer clamped to
/// the bounds goes to the child, and the frame takes the child's size clamped the same way (so
/// `maxWidth: .infinity` takes all the width offered).
final class FlexibleFrameNode: WrapperNode {
    let child: any ViewNode
    let minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?
    let minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?
    let alignment: Alignment

    init(child: any ViewNode, minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?,
         minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?, alignment: Alignment) {
        self.child = child
        // NaN bounds are no bounds; a maximum may be infinite.
        func bound(_ v: CGFloat?) -> CGFloat? { v.flatMap { $0.isNaN ? nil : max($0, 0) } }
        self.minWidth = bound(minWidth).flatMap { $0.isFinite ? $0 : nil }; self.idealWidth = bound(idealWidth).flatMap { $0.isFinite ? $0 : nil }
        self.maxWidth = bound(maxWidth)
        self.minHeight = bound(minHeight).flatMap { $0.isFinite ? $0 : nil }; self.idealHeight = bound(idealHeight).flatMap { $0.isFinite ? $0 : nil }
        self.maxHeight = bound(maxHeight)
        self.alignment = alignment
    }

    /// What the child is offered along one dimension: the offer (the ideal one where nothing is
    /// offered) clamped to the bounds.
    private static func offer(_ proposed: CGFloat?, _ low: CGFloat?, _ ideal: CGFloat?, _ high: CGFloat?) -> CGFloat? {
        guard var p = proposed ?? ideal else { return nil }
        if let low { p = max(low, p) }
        if let high { p = min(high, p) }
        return p
    }

    /// The frame's length along one dimension: the child's, pushed up to the minimum and out to
    /// what was offered below the maximum.
    private static func take(_ child: CGFloat, _ offered: CGFloat?, _ low: CGFloat?, _ high: CGFloat?) -> CGFloat {
        var v = child
        if let low { v = max(low, min(v, offered ?? v)) }
        if let high { v = min(high, max(v, offered ?? v)) }
        return v
    }

    private func layout(_ proposal: ProposedViewSize) -> (frame: CGSize, child: CGSize) {
        let w = Self.offer(proposal.width, minWidth, idealWidth, maxWidth)
        let h = Self.offer(proposal.height, minHeight, idealHeight, maxHeight)
        let inner = child.sizeThatFits(ProposedViewSize(width: w, height: h))
        return (CGSize(width: Self.take(inner.width, w, minWidth, maxWidth), height: Self.take(inner.height, h, minHeight, maxHeight)), inner)
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { layout(proposal).frame }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        let inner = child.sizeThatFits(ProposedViewSize(width: Self.offer(rect.width, minWidth, idealWidth, maxWidth),
                                                        height: Self.offer(rect.height, minHeight, idealHeight, maxHeight)))
        return [(child, place(inner, in: rect, alignment: alignment))]
    }
}

/// Space round a child: the offer less the insets goes to it.
final class PaddingNode: WrapperNode {
    let child: any ViewNode
    let insets: EdgeInsets

    init(child: any ViewNode, insets: EdgeInsets) {
        self.child = child
        self.insets = EdgeInsets(top: finite(insets.top), leading: finite(insets.leading),
                                 bottom: finite(insets.bottom), trailing: finite(insets.trailing))
    }

    private var horizontal: CGFloat { insets.leading + insets.trailing }
    private var vertical: CGFloat { insets.top + insets.bottom }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let inner = child.sizeThatFits(ProposedViewSize(width: proposal.width.map { max($0 - horizontal, 0) },
                                                        height: proposal.height.map { max($0 - vertical, 0) }))
        return CGSize(width: inner.width + horizontal, height: inner.height + vertical)
    }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        [(child, CGRect(x: rect.minX + insets.leading, y: rect.minY + insets.top,
                        width: max(rect.width - horizontal, 0), height: max(rect.height - vertical, 0)))]
    }
}

/// A child and a view behind or in front of it, offered the child's size.
final class LayeredNode: WrapperNode {
    let child: any ViewNode
    let other: any ViewNode
    let behind: Bool
    let alignment: Alignment

    init(child: any ViewNode, other: any ViewNode, behind: Bool, alignment: Alignment) {
        self.child = child
        self.other = other
        self.behind = behind
        self.alignment = alignment
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        let otherRect = place(other.sizeThatFits(ProposedViewSize(rect.size)), in: rect, alignment: alignment)
        return behind ? [(other, otherRect), (child, rect)] : [(child, rect), (other, otherRect)]
    }
}

/// A child drawn through a change of the context (moved, turned, scaled, faded, clipped,
/// filtered) that leaves its layout alone.
final class EffectNode: WrapperNode {
    let child: any ViewNode
    let effect: (inout GraphicsContext, CGRect) -> Void
    /// Drawn into a layer of its own (filters, compositing groups).
    let layered: Bool

    init(child: any ViewNode, layered: Bool = false, effect: @escaping (inout GraphicsContext, CGRect) -> Void) {
        self.child = child
        self.effect = effect
        self.layered = layered
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(child, rect)] }

    /// Lays the child out; where a scripted user touches the scene, with the effect's transform
    /// noted, so the views inside take touches where they are drawn.
    func prepare(in rect: CGRect) {
        guard let store = ViewStateStore.current, store.touches != nil else { return child.prepare(in: rect) }
        let effect = self.effect
        let moved = GraphicsContext.transform { effect(&$0, rect) }
        let outer = store.touchTransform
        store.touchTransform = moved.concatenating(outer)
        child.prepare(in: rect)
        store.touchTransform = outer
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        var c = context
        effect(&c, rect)
        if layered {
            c.drawLayer { layer in child.draw(in: rect, context: layer) }
        } else {
            child.draw(in: rect, context: c)
        }
    }
}

/// A child placed with its centre at a point of the space offered, which it takes whole.
final class PositionNode: WrapperNode {
    let child: any ViewNode
    let position: CGPoint

    init(child: any ViewNode, position: CGPoint) {
        self.child = child
        self.position = CGPoint(x: finite(position.x), y: finite(position.y))
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        let size = child.sizeThatFits(ProposedViewSize(rect.size))
        return [(child, CGRect(x: rect.minX + position.x - size.width / 2, y: rect.minY + position.y - size.height / 2,
                               width: size.width, height: size.height))]
    }
}

/// `GeometryReader`'s node: it takes all the space offered and makes its content for that
/// size, placed at its top-leading corner.
final class GeometryNode: ViewNode {
    /// The content for the rectangle the reader is placed in.
    let content: (CGRect) -> any ViewNode

    init(content: @escaping (CGRect) -> any ViewNode) { self.content = content }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        let node = content(rect)
        return [(node, CGRect(origin: rect.origin, size: node.sizeThatFits(ProposedViewSize(rect.size))))]
    }
}

/// A child seen through a mask: drawn into a layer, then kept only as much as the mask view
/// (offered the child's size, placed by `alignment`) is opaque.
final class MaskNode: WrapperNode {
    let child: any ViewNode
    let mask: any ViewNode
    let alignment: Alignment

    init(child: any ViewNode, mask: any ViewNode, alignment: Alignment) {
        self.child = child
        self.mask = mask
        self.alignment = alignment
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        [(child, rect), (mask, place(mask.sizeThatFits(ProposedViewSize(rect.size)), in: rect, alignment: alignment))]
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        let maskRect = place(mask.sizeThatFits(ProposedViewSize(rect.size)), in: rect, alignment: alignment)
        context.drawLayer { content in
            child.draw(in: rect, context: content)
            var keep = content
            keep.blendMode = .destinationIn
            keep.drawLayer { layer in mask.draw(in: maskRect, context: layer) }
        }
    }
}
