public import Foundation

extension GraphicsContext {
    /// An image prepared for drawing, as SwiftUI's `GraphicsContext.ResolvedImage`.
    public struct ResolvedImage: Sendable {
        /// The image.
        public let image: Image
        /// Its size in user-space points (one point per pixel).
        public var size: CGSize { image.size }
        /// Opacity the image is drawn with, 0...1.
        public var opacity: Double = 1
        /// What a symbol image is filled with (the foreground when nil); pictures keep their colours.
        public var shading: Shading?
        /// The distance from the image's top to its baseline (its height: images sit on the baseline).
        public var baseline: CGFloat { size.height }
    }

    /// Prepares `image` for drawing; its `size` tells how large it will be.
    public func resolve(_ image: Image) -> ResolvedImage { ResolvedImage(image: image) }

    /// Draws `image` scaled to fill `rect` (bilinear, mipmapped when shrunk).
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(resolve(image), in: rect, style: style)
    }

    /// Draws `image` at its own size with `anchor` of the image at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(image), at: point, anchor: anchor)
    }

    /// Draws a resolved image at its own size with `anchor` of the image at `point`.
    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = image.size
        draw(image, in: CGRect(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height,
                               width: size.width, height: size.height))
    }

    /// Draws a resolved image scaled to fill `rect`.
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite else { return }
        if let artwork = image.image.artwork {
            var context = self
            context.opacity *= min(max(image.opacity, 0), 1)
            return artwork.draw(in: r, tint: image.image.isTemplate ? image.shading ?? .foreground : nil, context: context)
        }
        if image.image.isTemplate {
            // A picture as a template: its coverage, filled with the shading.
            var picture = image.image
            picture.renderingMode = .original
            let plain = ResolvedImage(image: picture, opacity: image.opacity)
            return drawLayer { layer in
                layer.draw(plain, in: r, style: style)
                layer.blendMode = .sourceIn
                layer.fill(Path(r), with: image.shading ?? .foreground)
            }
        }
        if drawFiltered({ $0.draw(image, in: rect, style: style) }) { return }
        let toImage = transform.inverted()
            .concatenating(CGAffineTransform(translationX: -r.minX, y: -r.minY))
            .concatenating(CGAffineTransform(scaleX: CGFloat(image.image.width) / r.width, y: CGFloat(image.image.height) / r.height))
        scratch.flat.removeAll()
        scratch.flat.append(Path(r), transform: transform, tolerance: Self.tolerance)
        rasterize(scratch.flat, rule: .nonZero, antialiased: style.isAntialiased,
                  paint: Paint(image: image.image, deviceToImage: toImage), fade: Float(min(max(image.opacity, 0), 1)))
    }
}
