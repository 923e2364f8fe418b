import AnimateDrawing
import Foundation

/// A view's drawing when it is one shape filled with one colour, placed by layout alone: what a
/// canvas symbol can be drawn as from a cached coverage mask.
struct SolidShape {
    /// The outline in the view's own space (its rectangle at the origin).
    let path: Path
    let color: Color
}

/// Nodes that only place their one child (frames, padding, memos, tags): a symbol through them
/// is what their child draws where they put it.
protocol PlacingNode: ViewNode {}

extension ViewNode {
    /// The view's drawing in `rect` as one solid shape, if it is one (nil: draw it).
    func solidShape(in rect: CGRect) -> (shape: SolidShape, rect: CGRect)? {
        if let shape = self as? ShapeNode { return shape.solid(in: rect).map { ($0, rect) } }
        guard self is PlacingNode, case let placed = placements(in: rect), placed.count == 1 else { return nil }
        return placed[0].node.solidShape(in: placed[0].rect)
    }
}

extension MemoNode: PlacingNode {}
extension FrameNode: PlacingNode {}
extension FlexibleFrameNode: PlacingNode {}
extension DeferredNode: PlacingNode {}
extension TaggedNode: PlacingNode {}
extension PaddingNode: PlacingNode {}
extension OrderNode: PlacingNode {}

/// A canvas symbol with the masks it was drawn from: a symbol that is one solid shape, drawn
/// where the transform keeps its shape (moved and scaled alike both ways), is filled from a
/// coverage mask made once per size and quarter-pixel phase, as glyphs are; others are drawn as
/// views. One per canvas and frame, used by the thread that runs the canvas's drawing.
final class MaskedSymbol: CanvasSymbol {
    let node: any ViewNode
    private struct Key: Hashable { let width: CGFloat; let height: CGFloat; let scale: CGFloat; let phaseX: Int; let phaseY: Int }
    /// What each size and phase gives: a mask and what keeps it (the array made once, not per draw).
    private var masks: [Key: (made: CoverageMask.Made, keep: [AnyObject])] = [:]
    /// The one placement a draw passes on, reused.
    private var placement: [MaskPlacement] = []
    private var solids: [CGSize: (shape: SolidShape, rect: CGRect)?] = [:]

    init(node: any ViewNode) { self.node = node }

    var idealSize: CGSize { node.idealSize }

    func draw(in rect: CGRect, context: GraphicsContext) {
        let t = context.transform
        guard t.b == 0, t.c == 0, t.a == t.d, t.a > 0, t.a.isFinite, !context.hasFilters,
              rect.width.isFinite, rect.height.isFinite, abs(rect.minX) < 1e7, abs(rect.minY) < 1e7 else { return node.draw(in: rect, context: context) }
        let local: (shape: SolidShape, rect: CGRect)?
        if let known = solids[rect.size] { local = known } else {
            local = node.solidShape(in: CGRect(origin: .zero, size: rect.size))
            solids[rect.size] = local
        }
        guard let (shape, placed) = local else { return node.draw(in: rect, context: context) }
        // The shape's corner in device pixels, to the quarter.
        let x = t.a * (rect.minX + placed.minX) + t.tx, y = t.d * (rect.minY + placed.minY) + t.ty
        let qx = Int((x * 4).rounded()), qy = Int((y * 4).rounded())
        let key = Key(width: placed.width, height: placed.height, scale: t.a, phaseX: qx & 3, phaseY: qy & 3)
        let found: (made: CoverageMask.Made, keep: [AnyObject])
        if let known = masks[key] { found = known } else {
            let made = CoverageMask.make(shape.path, transform: CGAffineTransform(a: t.a, b: 0, c: 0, d: t.a, tx: CGFloat(qx & 3) / 4, ty: CGFloat(qy & 3) / 4))
            if case .mask(let mask) = made { found = (made, [mask]) } else { found = (made, []) }
            masks[key] = found
        }
        switch found.made {
        case .mask(let mask):
            let spot = MaskPlacement(mask.shape, x: qx >> 2, y: qy >> 2)
            if placement.isEmpty { placement.append(spot) } else { placement[0] = spot }
            context.fill(placement[...], keeping: found.keep, with: .color(shape.color))
        case .empty: return
        case .tooLarge: node.draw(in: rect, context: context)
        }
    }
}
