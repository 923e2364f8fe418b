package import AnimateDrawing
import CPoppler
package import Foundation
import Synchronization

/// The first page of a PDF, as asset catalogs keep vector pictures: read by Poppler, drawn at
/// the size it lands on the screen (each device size rendered once and kept), so it stays sharp
/// when scaled.
package final class PDFPicture: VectorPicture, @unchecked Sendable {
    private let document: OpaquePointer
    /// The page's size in points (its crop box, turned as the page says).
    package let size: CGSize
    /// Rendered pages by pixel size; a render draws the same few sizes on every frame.
    private let rendered = Mutex<[Int: Image]>([:])

    /// Reads `data`; throws `PDFError` when it is not a PDF Poppler can open, is encrypted or
    /// has no page of a size.
    package init(data: Data) throws {
        var error: Int32 = 0
        let opened = data.withUnsafeBytes { animate_pdf_open($0.baseAddress, $0.count, &error) }
        guard let document = opened else {
            switch error {
            case Int32(AnimatePDFLocked.rawValue): throw PDFError("is encrypted and needs a password")
            case Int32(AnimatePDFNoPages.rawValue): throw PDFError("has no pages")
            default: throw PDFError("cannot be read as PDF")
            }
        }
        var width = 0.0, height = 0.0
        guard animate_pdf_page_size(document, 0, &width, &height) != 0, width.isFinite, height.isFinite,
              width <= 14_400, height <= 14_400 else {
            animate_pdf_close(document)
            throw PDFError("has a first page of no usable size")
        }
        self.document = document
        size = CGSize(width: width, height: height)
    }

    deinit { animate_pdf_close(document) }

    /// The page as `width` x `height` pixels on a transparent background, or nil when Poppler
    /// cannot draw it.
    package func image(width: Int, height: Int) -> Image? {
        let key = width << 20 | height
        if let image = rendered.withLock({ $0[key] }) { return image }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let ok = rgba.withUnsafeMutableBufferPointer { animate_pdf_render(document, 0, Int32(width), Int32(height), $0.baseAddress) }
        guard ok != 0, let image = Image(rgba: rgba, width: width, height: height) else { return nil }
        rendered.withLock {
            if $0.count >= 16 { $0.removeAll() }
            $0[key] = image
        }
        return image
    }

    /// Draws the page filling `rect`, at the pixel size it covers under the context's transform;
    /// `tint`, when given, paints the page's shape (a template image).
    func draw(in rect: CGRect, tint: GraphicsContext.Shading?, context: GraphicsContext) {
        let t = context.transform
        let across = (rect.width * (t.a * t.a + t.b * t.b).squareRoot()).rounded(.up)
        let down = (rect.height * (t.c * t.c + t.d * t.d).squareRoot()).rounded(.up)
        guard across.isFinite, down.isFinite else { return }
        // At most 4096 pixels a side and 16 million in all: larger is drawn from that, scaled up.
        var width = min(max(Int(across), 1), 4096), height = min(max(Int(down), 1), 4096)
        if width * height > 1 << 24 {
            let shrink = (Double(1 << 24) / Double(width * height)).squareRoot()
            width = max(1, Int(Double(width) * shrink)); height = max(1, Int(Double(height) * shrink))
        }
        guard let page = image(width: width, height: height) else {
            RenderWarnings.warn("a PDF picture could not be drawn at \(width)x\(height) pixels; it is left out")
            return
        }
        guard let tint else { return context.draw(page, in: rect) }
        context.drawLayer { layer in
            layer.draw(page, in: rect)
            layer.blendMode = .sourceIn
            layer.fill(Path(rect), with: tint)
        }
    }
}

/// A PDF that cannot be read, in words that follow its file's name.
package struct PDFError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
