import Foundation

/// A view resolved for one frame: it answers what size it takes for a proposal and draws itself
/// in a rectangle of that size.
package protocol ViewNode: AnyObject {
    /// The size the view takes when offered `proposal`.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
    /// Draws the view in `rect` (its size for the proposal of `rect`'s size).
    func draw(in rect: CGRect, context: GraphicsContext)
}

/// Where `size` sits inside `rect` at `alignment`.
package func place(_ size: CGSize, in rect: CGRect, alignment: Alignment) -> CGRect {
    CGRect(x: rect.minX + (rect.width - size.width) * alignment.horizontal.fraction,
           y: rect.minY + (rect.height - size.height) * alignment.vertical.fraction,
           width: size.width, height: size.height)
}
