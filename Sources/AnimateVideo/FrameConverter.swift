import AnimateDrawing
import AnimatePixels
import CFFmpeg

/// Converts rendered pixels into encoder frames. One per worker thread (not thread-safe);
/// many converters may feed one encoder.
public final class FrameConverter {
    private enum Kind {
        case yuv(FramePool, IncrementalYUV?)
        case yuv10(FramePool)
        case palette(GIFPalette, GIFPalette.MapScratch)
        case alpha(subsampled: Bool)
        case straight(StraightOrder)
    }

    /// The byte order of straight-alpha frames.
    enum StraightOrder { case rgba, bgra }
    private let kind: Kind
    let width: Int
    let height: Int

    /// A converter to BT.709 limited-range YUV: 8-bit (`YUVConversion`), where `incremental`
    /// 4:2:0 converts only what changed since the last frame (`IncrementalYUV`, 6 bytes a pixel
    /// kept), or 10-bit (`YUV10Conversion`).
    init(yuvWidth width: Int, height: Int, format: PixelFormat, incremental: Bool = true) throws {
        self.width = width
        self.height = height
        let pool = try FramePool(format: format, width: width, height: height)
        if format.isTenBit {
            kind = .yuv10(pool)
        } else {
            kind = .yuv(pool, format == .yuv420p && incremental ? IncrementalYUV(width: width, height: height) : nil)
        }
    }

    /// A converter to straight-alpha Y'CbCr (`YUVAConversion`): 10-bit 4:4:4 for ProRes 4444, or
    /// `subsampled` 8-bit 4:2:0 for VP9.
    init(alphaWidth width: Int, height: Int, subsampled: Bool) {
        self.width = width
        self.height = height
        kind = .alpha(subsampled: subsampled)
    }

    /// A converter to straight RGBA (`StraightAlpha`), for APNG, or BGRA, for WebP.
    init(straightWidth width: Int, height: Int, order: StraightOrder) {
        self.width = width
        self.height = height
        kind = .straight(order)
    }

    /// A converter to palette indices for GIF.
    init(palette: GIFPalette, width: Int, height: Int) {
        self.width = width
        self.height = height
        kind = .palette(palette, GIFPalette.MapScratch(width: width))
    }

    /// The canvas revision the last `convert(_:)` saw, so the next one compares only the blocks
    /// drawn since.
    private var lastRevision: Canvas.Revision?

    /// Converts a canvas's pixels. Drawing the frames of a video into the same canvas, one after
    /// the other, lets an incremental 4:2:0 conversion look only at the blocks drawn since the
    /// last frame it converted (the same bytes as converting the pixels).
    public func convert(_ canvas: Canvas) throws -> VideoFrame {
        let since = lastRevision
        lastRevision = nil
        let frame = try canvas.withChanges(since: since) { changes in
            try canvas.withPremultipliedBytes { try convert(premultipliedRGBA: $0, changes: changes) }
        }
        lastRevision = canvas.revision()
        return frame
    }

    /// Converts one frame of premultiplied RGBA bytes (`width * height * 4`, rows top to bottom).
    public func convert(premultipliedRGBA pixels: UnsafeBufferPointer<UInt8>) throws -> VideoFrame {
        lastRevision = nil
        return try convert(premultipliedRGBA: pixels, changes: nil)
    }

    private func convert(premultipliedRGBA pixels: UnsafeBufferPointer<UInt8>, changes: ChangedBlocks?) throws -> VideoFrame {
        guard pixels.count >= width * height * 4, let base = pixels.baseAddress else {
            throw VideoError("frame has \(pixels.count) bytes, expected \(width * height * 4)")
        }
        switch kind {
        case .yuv(let pool, let incremental):
            let out = try pool.frame()
            // Premultiplied RGBA read as RGB is the frame flattened over black.
            let rgba = UnsafeRawPointer(base).assumingMemoryBound(to: UInt32.self)
            out.withPlanes { data, lines in
                if let incremental {
                    incremental.convert(rgba, changes: changes, y: data[0]!, yStride: Int(lines[0]), u: data[1]!, uStride: Int(lines[1]),
                                        v: data[2]!, vStride: Int(lines[2]))
                } else {
                    YUVConversion.convert(rgba, width: width, height: height, subsampled: pool.format.isSubsampled,
                                          y: data[0]!, yStride: Int(lines[0]), u: data[1]!, uStride: Int(lines[1]),
                                          v: data[2]!, vStride: Int(lines[2]))
                }
            }
            return out
        case .yuv10(let pool):
            let out = try pool.frame()
            let rgba = UnsafeRawPointer(base).assumingMemoryBound(to: UInt32.self)
            out.withPlanes { data, lines in
                YUV10Conversion.convert(rgba, width: width, height: height, subsampled: pool.format.isSubsampled,
                                        y: data[0]!, yStride: Int(lines[0]), u: data[1]!, uStride: Int(lines[1]),
                                        v: data[2]!, vStride: Int(lines[2]))
            }
            return out
        case .alpha(let subsampled):
            let out = try VideoFrame(format: subsampled ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUVA444P10LE, width: width, height: height)
            let rgba = UnsafeRawPointer(base).assumingMemoryBound(to: UInt32.self)
            out.withPlanes { data, lines in
                if subsampled {
                    YUVAConversion.convert420(rgba, width: width, height: height, y: data[0]!, yStride: Int(lines[0]),
                                              u: data[1]!, uStride: Int(lines[1]), v: data[2]!, vStride: Int(lines[2]),
                                              a: data[3]!, aStride: Int(lines[3]))
                } else {
                    YUVAConversion.convert(rgba, width: width, height: height, y: data[0]!, yStride: Int(lines[0]),
                                           u: data[1]!, uStride: Int(lines[1]), v: data[2]!, vStride: Int(lines[2]),
                                           a: data[3]!, aStride: Int(lines[3]))
                }
            }
            return out
        case .straight(let order):
            let out = try VideoFrame(format: order == .rgba ? AV_PIX_FMT_RGBA : AV_PIX_FMT_BGRA, width: width, height: height)
            let rgba = UnsafeRawPointer(base).assumingMemoryBound(to: UInt32.self)
            out.withPlanes { data, lines in
                for row in 0..<height {
                    StraightAlpha.convert(rgba + row * width, count: width, into: data[0]! + row * Int(lines[0]), bgra: order == .bgra)
                }
            }
            return out
        case .palette(let palette, let scratch):
            let out = try VideoFrame(format: AV_PIX_FMT_PAL8, width: width, height: height)
            out.withPlanes { data, lines in
                palette.map(premultipliedRGBA: base, width: width, height: height,
                            indices: data[0]!, stride: Int(lines[0]), paletteOut: data[1]!, scratch: scratch)
            }
            return out
        }
    }
}
