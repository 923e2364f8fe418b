public import Foundation

/// Vector artwork an image draws in place of pixels, in whatever style it is drawn with (a
/// system symbol takes the foreground style, as a template image does in SwiftUI).
package protocol ImageArtwork: AnyObject, Sendable {
    /// What the artwork is, for equality and messages.
    var name: String { get }
    /// Draws the artwork filling `rect` with `shading`.
    func draw(in rect: CGRect, shading: GraphicsContext.Shading, context: GraphicsContext)
}
