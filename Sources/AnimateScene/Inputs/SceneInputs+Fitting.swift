public import AnimateDrawing
import AnimateVideo
public import Foundation

extension Image {
    /// The picture no larger than a frame whose longer side is `frameSide` can show when it is
    /// scaled to fill the frame: its shorter side brought down to `frameSide` (never up), drawn
    /// through the mipmapped sampler. Decoded photos are much larger than frames, and each pixel
    /// kept costs about 9 bytes.
    public func fitting(frameSide: Int) -> Image {
        let fitted = Self.fittedSize(width: width, height: height, frameSide: frameSide)
        return fitted == (width, height) ? self : resized(width: fitted.width, height: fitted.height)
    }

    /// The size `fitting(frameSide:)` gives a `width` x `height` picture.
    static func fittedSize(width: Int, height: Int, frameSide: Int) -> (width: Int, height: Int) {
        let shorter = min(width, height)
        guard frameSide > 0, shorter > frameSide else { return (width, height) }
        let scale = Double(frameSide) / Double(shorter)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The picture drawn at `width` x `height` through the mipmapped sampler.
    func resized(width w: Int, height h: Int) -> Image {
        var canvas = Bitmap(width: w, height: h)
        canvas.draw { context, size in context.draw(self, in: CGRect(origin: .zero, size: size)) }
        return Image(rgba: canvas.rgba8(), width: w, height: h) ?? self
    }

    /// The picture in the file at `url`, brought down to what a frame whose longer side is
    /// `frameSide` can show, decoded only when it is drawn (and again if the pictures drawn since
    /// needed its room); nil when its header gives no size to promise (then decode it now).
    static func lazily(contentsOf url: URL, fitting frameSide: Int?) throws -> Image? {
        guard let (w, h) = try ImageDecoder.size(ofFileAt: url, shorterSide: frameSide) else { return nil }
        let fitted: (width: Int, height: Int) = frameSide.map { fittedSize(width: w, height: h, frameSide: $0) } ?? (w, h)
        return Image(width: fitted.width, height: fitted.height, decoding: {
            let image = try Image(contentsOf: url, shorterSide: frameSide)
            let shown = image.width == fitted.width && image.height == fitted.height
                ? image : image.resized(width: fitted.width, height: fitted.height)
            return shown.rgba
        })
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
