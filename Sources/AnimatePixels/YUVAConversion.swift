/// Premultiplied RGBA8 to straight-alpha BT.709 limited-range 4:4:4 Y'CbCr with alpha, 10 bits a
/// sample (FFmpeg's `yuva444p10le`), for ProRes 4444.
///
/// Colour is un-premultiplied first (an editor composites the straight colour with the alpha), so
/// a half-transparent red stays red, not dark red. Luma spans 64...940, chroma 64...960 around
/// 512, alpha 0...1023 (full range, as ProRes stores it). Plain Double arithmetic, rounded to
/// nearest: the same samples on every machine.
package enum YUVAConversion {
    /// Converts `width x height` premultiplied RGBA pixels (R in the low byte) into four planes of
    /// little-endian 16-bit samples; strides are in bytes.
    package static func convert(_ src: UnsafePointer<UInt32>, width: Int, height: Int,
                               y: UnsafeMutablePointer<UInt8>, yStride: Int, u: UnsafeMutablePointer<UInt8>, uStride: Int,
                               v: UnsafeMutablePointer<UInt8>, vStride: Int, a: UnsafeMutablePointer<UInt8>, aStride: Int) {
        for row in 0..<height {
            let line = src + row * width
            let yRow = UnsafeMutableRawPointer(y + row * yStride).assumingMemoryBound(to: UInt16.self)
            let uRow = UnsafeMutableRawPointer(u + row * uStride).assumingMemoryBound(to: UInt16.self)
            let vRow = UnsafeMutableRawPointer(v + row * vStride).assumingMemoryBound(to: UInt16.self)
            let aRow = UnsafeMutableRawPointer(a + row * aStride).assumingMemoryBound(to: UInt16.self)
            for x in 0..<width {
                let p = line[x]
                let alpha = Double(p >> 24)
                var r = 0.0, g = 0.0, b = 0.0
                if alpha > 0 {
                    // Straight colour in 0...1 (premultiplied values never exceed alpha).
                    r = min(Double(p & 0xFF) / alpha, 1)
                    g = min(Double((p >> 8) & 0xFF) / alpha, 1)
                    b = min(Double((p >> 16) & 0xFF) / alpha, 1)
                }
                let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
                yRow[x] = UInt16(64 + 876 * luma + 0.5).littleEndian
                uRow[x] = UInt16((512 + 896 * (b - luma) / 1.8556 + 0.5).rounded(.down)).littleEndian
                vRow[x] = UInt16((512 + 896 * (r - luma) / 1.5748 + 0.5).rounded(.down)).littleEndian
                aRow[x] = UInt16(alpha * 1023 / 255 + 0.5).littleEndian
            }
        }
    }

    /// Converts premultiplied RGBA into 8-bit 4:2:0 Y'CbCr with a full-resolution alpha plane
    /// (FFmpeg's `yuva420p`), for VP9 with alpha. Luma is the straight colour of each pixel; each
    /// chroma sample is the straight colour of its 2x2 block's summed light (sum of premultiplied
    /// colour over sum of alpha), so transparent pixels do not darken the colour next to them.
    package static func convert420(_ src: UnsafePointer<UInt32>, width: Int, height: Int,
                                  y: UnsafeMutablePointer<UInt8>, yStride: Int, u: UnsafeMutablePointer<UInt8>, uStride: Int,
                                  v: UnsafeMutablePointer<UInt8>, vStride: Int, a: UnsafeMutablePointer<UInt8>, aStride: Int) {
        @inline(__always) func channels(_ p: UInt32) -> (Double, Double, Double, Double) {
            (Double(p & 0xFF), Double((p >> 8) & 0xFF), Double((p >> 16) & 0xFF), Double(p >> 24))
        }
        for row in 0..<height {
            let line = src + row * width
            for x in 0..<width {
                let (r, g, b, alpha) = channels(line[x])
                let luma = alpha > 0 ? min((0.2126 * r + 0.7152 * g + 0.0722 * b) / alpha, 1) : 0
                y[row * yStride + x] = UInt8(16 + 219 * luma + 0.5)
                a[row * aStride + x] = UInt8(alpha)
            }
        }
        for blockRow in 0..<(height + 1) / 2 {
            for blockX in 0..<(width + 1) / 2 {
                var r = 0.0, g = 0.0, b = 0.0, alpha = 0.0
                for dy in 0..<2 where blockRow * 2 + dy < height {
                    for dx in 0..<2 where blockX * 2 + dx < width {
                        let (pr, pg, pb, pa) = channels(src[(blockRow * 2 + dy) * width + blockX * 2 + dx])
                        r += pr; g += pg; b += pb; alpha += pa
                    }
                }
                var cb = 128.0, cr = 128.0
                if alpha > 0 {
                    let sr = min(r / alpha, 1), sg = min(g / alpha, 1), sb = min(b / alpha, 1)
                    let luma = 0.2126 * sr + 0.7152 * sg + 0.0722 * sb
                    cb = 128 + 224 * (sb - luma) / 1.8556
                    cr = 128 + 224 * (sr - luma) / 1.5748
                }
                u[blockRow * uStride + blockX] = UInt8((cb + 0.5).rounded(.down))
                v[blockRow * vStride + blockX] = UInt8((cr + 0.5).rounded(.down))
            }
        }
    }
}
