import Foundation

extension Image {
    /// The picture no larger than a frame whose longer side is `frameSide` can show when it is
    /// scaled to fill the frame: its shorter side brought down to `frameSide` (never up), drawn
    /// through the mipmapped sampler. Decoded photos are much larger than frames, and each pixel
    /// kept costs about 9 bytes.
    public func fitting(frameSide: Int) -> Image {
        let shorter = min(width, height)
        guard frameSide > 0, shorter > frameSide else { return self }
        let scale = Double(frameSide) / Double(shorter)
        let w = max(1, Int((Double(width) * scale).rounded())), h = max(1, Int((Double(height) * scale).rounded()))
        var canvas = Bitmap(width: w, height: h)
        canvas.draw { context, size in context.draw(self, in: CGRect(origin: .zero, size: size)) }
        return Image(rgba: canvas.rgba8(), width: w, height: h) ?? self
    }
}

extension SceneInputs {
    /// The PNG and JPEG pictures in `directory`, sorted by file name, each brought down to what a
    /// frame whose longer side is `frameSide` can show (one full-size picture in memory at a time).
    public init(imagesIn directory: URL, frameSide: Int) throws {
        try self.init(imagesIn: directory, fitting: frameSide)
    }

    /// These inputs with every picture brought down to what a frame whose longer side is `frameSide` can show.
    public func fitting(frameSide: Int) -> SceneInputs {
        SceneInputs(images: images.map { $0.fitting(frameSide: frameSide) })
    }
}
