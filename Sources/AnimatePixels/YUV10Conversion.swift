/// Premultiplied RGBA8 (the frame flattened over black, as `YUVConversion` reads it) to BT.709
/// limited-range Y'CbCr with 10 bits a sample, little-endian in 16 (FFmpeg's `yuv420p10le` and
/// `yuv444p10le`): luma 64...940, chroma 64...960 around 512.
///
/// Integer arithmetic with coefficients in 16-bit fixed point, rounded to nearest: the same
/// samples on every machine. 4:2:0 chroma is the mean of each 2x2 block (centre sited); odd edges
/// repeat the last column or row.
package enum YUV10Conversion {
    private static func fixed(_ x: Double) -> Int32 { Int32((x * 65536).rounded()) }
    // Y = 64 + (876/255) (0.2126 R + 0.7152 G + 0.0722 B)
    private static let yR = fixed(876.0 / 255 * 0.2126), yG = fixed(876.0 / 255 * 0.7152), yB = fixed(876.0 / 255 * 0.0722)
    // Cb = 512 + (896/255) (B - Y') / 1.8556, Cr = 512 + (896/255) (R - Y') / 1.5748
    private static let cbR = fixed(-896.0 / 255 * 0.2126 / 1.8556), cbG = fixed(-896.0 / 255 * 0.7152 / 1.8556)
    private static let cbB = fixed(896.0 / 255 * (1 - 0.0722) / 1.8556)
    private static let crR = fixed(896.0 / 255 * (1 - 0.2126) / 1.5748), crG = fixed(-896.0 / 255 * 0.7152 / 1.5748)
    private static let crB = fixed(-896.0 / 255 * 0.0722 / 1.5748)

    /// Converts `width x height` pixels (R in the low byte) into three planes; strides are in
    /// bytes. Chroma planes are `(width+1)/2 x (height+1)/2` when `subsampled`, else full size.
    package static func convert(_ src: UnsafePointer<UInt32>, width: Int, height: Int, subsampled: Bool,
                               y: UnsafeMutablePointer<UInt8>, yStride: Int, u: UnsafeMutablePointer<UInt8>, uStride: Int,
                               v: UnsafeMutablePointer<UInt8>, vStride: Int) {
        @inline(__always) func row(_ plane: UnsafeMutablePointer<UInt8>, _ stride: Int, _ r: Int) -> UnsafeMutablePointer<UInt16> {
            UnsafeMutableRawPointer(plane + r * stride).assumingMemoryBound(to: UInt16.self)
        }
        @inline(__always) func rgb(_ p: UInt32) -> (Int32, Int32, Int32) {
            (Int32(p & 0xFF), Int32((p >> 8) & 0xFF), Int32((p >> 16) & 0xFF))
        }
        let half: Int32 = 1 << 15
        for r in 0..<height {
            let line = src + r * width, yRow = row(y, yStride, r)
            for x in 0..<width {
                let (red, green, blue) = rgb(line[x])
                yRow[x] = UInt16((64 << 16 + half + yR * red + yG * green + yB * blue) >> 16).littleEndian
            }
        }
        let chromaWidth = subsampled ? (width + 1) / 2 : width, chromaHeight = subsampled ? (height + 1) / 2 : height
        for cy in 0..<chromaHeight {
            let uRow = row(u, uStride, cy), vRow = row(v, vStride, cy)
            for cx in 0..<chromaWidth {
                var red: Int32 = 0, green: Int32 = 0, blue: Int32 = 0
                let shift: Int32
                if subsampled {
                    // Sums of four pixels: two more bits of scale.
                    let top = src + 2 * cy * width, bottom = 2 * cy + 1 < height ? top + width : top
                    let left = 2 * cx, right = min(2 * cx + 1, width - 1)
                    @inline(__always) func add(_ p: UInt32) {
                        let (pr, pg, pb) = rgb(p)
                        red += pr; green += pg; blue += pb
                    }
                    add(top[left]); add(top[right]); add(bottom[left]); add(bottom[right])
                    shift = 18
                } else {
                    (red, green, blue) = rgb(src[cy * width + cx])
                    shift = 16
                }
                let bias = Int32(512) << shift + 1 << (shift - 1)
                uRow[cx] = UInt16((bias + cbR * red + cbG * green + cbB * blue) >> shift).littleEndian
                vRow[cx] = UInt16((bias + crR * red + crG * green + crB * blue) >> shift).littleEndian
            }
        }
    }
}
