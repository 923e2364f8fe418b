import CFFmpeg

/// Converts rendered pixels into encoder frames. One per worker thread (not thread-safe);
/// many converters may feed one encoder.
public final class FrameConverter {
    private enum Kind {
        case yuv(OpaquePointer, AVPixelFormat)
        case palette(GIFPalette)
    }
    private let kind: Kind
    let width: Int
    let height: Int

    /// A converter to BT.709 limited-range YUV with swscale.
    init(yuvWidth width: Int, height: Int, chroma: ChromaFormat) throws {
        self.width = width
        self.height = height
        let dst = chroma == .yuv444p ? AV_PIX_FMT_YUV444P : AV_PIX_FMT_YUV420P
        // Premultiplied RGBA read as RGB0 is the frame flattened over black.
        guard let sws = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGB0, Int32(width), Int32(height), dst,
                                       SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nil, nil, nil) else {
            throw VideoError("swscale cannot convert RGB to \(chroma.rawValue) at \(width)x\(height)")
        }
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        // Source RGB is full range; destination YUV is limited (MPEG) range.
        sws_setColorspaceDetails(sws, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16)
        kind = .yuv(sws, dst)
    }

    /// A converter to palette indices for GIF.
    init(palette: GIFPalette, width: Int, height: Int) {
        self.width = width
        self.height = height
        kind = .palette(palette)
    }

    deinit {
        if case .yuv(let sws, _) = kind { sws_freeContext(sws) }
    }

    /// Converts one frame of premultiplied RGBA bytes (`width * height * 4`, rows top to bottom).
    public func convert(premultipliedRGBA pixels: UnsafeBufferPointer<UInt8>) throws -> VideoFrame {
        guard pixels.count >= width * height * 4, let base = pixels.baseAddress else {
            throw VideoError("frame has \(pixels.count) bytes, expected \(width * height * 4)")
        }
        switch kind {
        case .yuv(let sws, let format):
            let out = try VideoFrame(format: format, width: width, height: height)
            var src: [UnsafePointer<UInt8>?] = [base, nil, nil, nil]
            var stride: [Int32] = [Int32(width * 4), 0, 0, 0]
            let rows = out.withPlanes { data, lines in
                sws_scale(sws, &src, &stride, 0, Int32(height), data, lines)
            }
            guard rows == Int32(height) else { throw VideoError("swscale converted \(rows) of \(height) rows") }
            return out
        case .palette(let palette):
            let out = try VideoFrame(format: AV_PIX_FMT_PAL8, width: width, height: height)
            out.withPlanes { data, lines in
                palette.map(premultipliedRGBA: base, width: width, height: height,
                            indices: data[0]!, stride: Int(lines[0]), paletteOut: data[1]!)
            }
            return out
        }
    }
}
