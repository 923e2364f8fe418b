package import Foundation

/// A view a `Canvas` draws by tag (`resolveSymbol(id:)`): the drawing layer keeps them in the
/// context without knowing views; the view layer makes them.
package protocol CanvasSymbol: AnyObject {
    /// The symbol's size when nothing is proposed.
    var idealSize: CGSize { get }
    /// Draws the symbol in `rect`.
    func draw(in rect: CGRect, context: GraphicsContext)
}
