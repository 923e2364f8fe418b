public import Foundation

extension GraphicsContext {
    /// Composites a block of premultiplied RGBA8 pixels (`UInt32`, red in the low byte; `width`
    /// a row) with its top-left corner at device pixel (`x`, `y`), through the context's opacity,
    /// blend mode and clip: what a renderer of its own (the 3D depth raster) hands over, pixel
    /// for pixel, without resampling. With filters, the block is drawn as an image through them.
    package func composite(devicePixels pixels: [UInt32], width: Int, height: Int, x: Int, y: Int) {
        guard width > 0, height > 0, pixels.count == width * height else { return }
        if hasFilters {
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            for (i, p) in pixels.enumerated() {
                let a = p >> 24
                guard a > 0 else { continue }
                for k in 0..<3 { rgba[4 * i + k] = UInt8(min(255, ((p >> (8 * UInt32(k))) & 0xFF) * 255 / a)) }
                rgba[4 * i + 3] = UInt8(a)
            }
            guard let image = Image(rgba: rgba, width: width, height: height) else { return }
            return draw(image, in: CGRect(x: x, y: y, width: width, height: height).applying(transform.inverted()))
        }
        let layer = scratch.layerSurface()
        let x0 = max(x, 0), y0 = max(y, 0), x1 = min(x + width, layer.width), y1 = min(y + height, layer.height)
        guard x0 < x1, y0 < y1 else { return scratch.recycle(layer) }
        let target = layer.settledPixels()
        pixels.withUnsafeBufferPointer { source in
            for row in y0..<y1 {
                let from = (row - y) * width + (x0 - x)
                (target + row * layer.width + x0).update(from: source.baseAddress! + from, count: x1 - x0)
            }
        }
        layer.markWritten(y0..<y1, columns: x0..<x1)
        if !composite(layer) { scratch.recycle(layer) }
    }

    /// The canvas's size in pixels (device space).
    package var devicePixelSize: (width: Int, height: Int) { (scratch.width, scratch.height) }

    /// Composites pixels written in place by `write`: it gets the pixel at (`x`, `y`) of a
    /// transparent layer and the layer's row stride, and writes premultiplied RGBA8 into the
    /// `width` x `height` rectangle there, which must lie on the canvas. No copy of the pixels is
    /// made on the way (under filters they go through an image, as `composite(devicePixels:)`).
    package func composite(pixelsAt x: Int, y: Int, width: Int, height: Int,
                           write: (_ pixels: UnsafeMutablePointer<UInt32>, _ stride: Int) -> Void) {
        guard width > 0, height > 0, x >= 0, y >= 0, x + width <= scratch.width, y + height <= scratch.height else { return }
        if hasFilters {
            var pixels = [UInt32](repeating: 0, count: width * height)
            pixels.withUnsafeMutableBufferPointer { write($0.baseAddress!, width) }
            return composite(devicePixels: pixels, width: width, height: height, x: x, y: y)
        }
        let layer = scratch.layerSurface()
        let pixels = layer.settledPixels()
        layer.markWritten(y..<(y + height), columns: x..<(x + width))
        write(pixels + y * layer.width + x, layer.width)
        if !composite(layer) { scratch.recycle(layer) }
    }
}

