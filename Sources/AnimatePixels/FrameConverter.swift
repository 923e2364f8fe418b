package import AnimateDrawing

/// Converts rendered pixels into the planes of an encoder's frame (`PlaneLayout`). One per worker
/// thread (not thread-safe); many converters may feed one encoder.
package final class FrameConverter {
    private enum Kind {
        case yuv(subsampled: Bool, IncrementalYUV?)
        case yuv10(subsampled: Bool)
        case palette(GIFPalette, GIFPalette.MapScratch)
        case alpha(subsampled: Bool)
        case straight(bgra: Bool)
    }

    private let kind: Kind
    package let width: Int
    package let height: Int
    /// The canvas revision the last `convert(_:into:)` saw, so the next one compares only the
    /// blocks drawn since.
    private var lastRevision: Bitmap.Revision?

    /// A converter to `layout`. For 8-bit 4:2:0, `incremental` converts only what changed since
    /// the last frame (`IncrementalYUV`, 6 bytes a pixel kept); the bytes are the same.
    package init(layout: PlaneLayout, width: Int, height: Int, incremental: Bool = true) {
        self.width = width
        self.height = height
        switch layout {
        case .yuv(let subsampled, true): kind = .yuv10(subsampled: subsampled)
        case .yuv(let subsampled, false):
            kind = .yuv(subsampled: subsampled, subsampled && incremental ? IncrementalYUV(width: width, height: height) : nil)
        case .yuva(let subsampled): kind = .alpha(subsampled: subsampled)
        case .straight(let bgra): kind = .straight(bgra: bgra)
        case .palette(let palette): kind = .palette(palette, GIFPalette.MapScratch(width: width))
        }
    }

    /// Converts a canvas's pixels. Drawing the frames of a video into the same canvas, one after
    /// the other, lets an incremental 4:2:0 conversion look only at the blocks drawn since the
    /// last frame it converted (the same bytes as converting the pixels).
    package func convert(_ canvas: Bitmap, into planes: Planes) {
        precondition(canvas.width == width && canvas.height == height, "canvas and frame sizes differ")
        let since = lastRevision
        lastRevision = nil
        canvas.withChanges(since: since) { changes in
            canvas.withPremultipliedBytes { convert(premultipliedRGBA: $0.baseAddress!, changes: changes, into: planes) }
        }
        lastRevision = canvas.revision()
    }

    /// Converts one frame of premultiplied RGBA bytes (`width * height * 4`, rows top to bottom).
    package func convert(premultipliedRGBA pixels: UnsafeBufferPointer<UInt8>, into planes: Planes) {
        precondition(pixels.count >= width * height * 4, "frame has \(pixels.count) bytes, expected \(width * height * 4)")
        lastRevision = nil
        convert(premultipliedRGBA: pixels.baseAddress!, changes: nil, into: planes)
    }

    private func convert(premultipliedRGBA base: UnsafePointer<UInt8>, changes: ChangedBlocks?, into planes: Planes) {
        // Premultiplied RGBA read as RGB is the frame flattened over black.
        let rgba = UnsafeRawPointer(base).assumingMemoryBound(to: UInt32.self)
        let p = planes.base, s = planes.strides
        switch kind {
        case .yuv(let subsampled, let incremental):
            if let incremental {
                incremental.convert(rgba, changes: changes, y: p[0], yStride: s[0], u: p[1], uStride: s[1], v: p[2], vStride: s[2])
            } else {
                YUVConversion.convert(rgba, width: width, height: height, subsampled: subsampled,
                                      y: p[0], yStride: s[0], u: p[1], uStride: s[1], v: p[2], vStride: s[2])
            }
        case .yuv10(let subsampled):
            YUV10Conversion.convert(rgba, width: width, height: height, subsampled: subsampled,
                                    y: p[0], yStride: s[0], u: p[1], uStride: s[1], v: p[2], vStride: s[2])
        case .alpha(let subsampled):
            if subsampled {
                YUVAConversion.convert420(rgba, width: width, height: height, y: p[0], yStride: s[0], u: p[1], uStride: s[1],
                                          v: p[2], vStride: s[2], a: p[3], aStride: s[3])
            } else {
                YUVAConversion.convert(rgba, width: width, height: height, y: p[0], yStride: s[0], u: p[1], uStride: s[1],
                                       v: p[2], vStride: s[2], a: p[3], aStride: s[3])
            }
        case .straight(let bgra):
            for row in 0..<height {
                StraightAlpha.convert(rgba + row * width, count: width, into: p[0] + row * s[0], bgra: bgra)
            }
        case .palette(let palette, let scratch):
            palette.map(premultipliedRGBA: base, width: width, height: height, indices: p[0], stride: s[0], paletteOut: p[1],
                        scratch: scratch)
        }
    }
}
