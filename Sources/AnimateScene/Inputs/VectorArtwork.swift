import AnimateDrawing
import Foundation

/// A vector picture an asset catalog holds (an SVG's outlines, a PDF's page), drawn filling a
/// rectangle in its own colours or, with a tint, as a template.
protocol VectorPicture: Sendable {
    func draw(in rect: CGRect, tint: GraphicsContext.Shading?, context: GraphicsContext)
}

/// A vector picture as an image's artwork: drawn in its own colours, or in the image's shading
/// when it is a template.
final class VectorArtwork: ImageArtwork, @unchecked Sendable {
    let picture: any VectorPicture
    let name: String
    let isTemplate: Bool

    init(picture: any VectorPicture, name: String, isTemplate: Bool) {
        self.picture = picture
        self.name = name
        self.isTemplate = isTemplate
    }

    func draw(in rect: CGRect, tint: GraphicsContext.Shading?, context: GraphicsContext) {
        picture.draw(in: rect, tint: tint, context: context)
    }
}
