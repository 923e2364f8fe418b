public import Foundation

/// Vector artwork an image draws in place of pixels (a system symbol, an asset catalog's SVG or
/// PDF), in its own colours or, as a template, in the style it is drawn with.
package protocol ImageArtwork: AnyObject, Sendable {
    /// What the artwork is, for equality and messages.
    var name: String { get }
    /// Whether it is drawn in the image's style unless the image says otherwise (a symbol, an
    /// image set marked "template").
    var isTemplate: Bool { get }
    /// Draws the artwork filling `rect`: in `tint` where given (a template), else in its own colours.
    func draw(in rect: CGRect, tint: GraphicsContext.Shading?, context: GraphicsContext)
}
