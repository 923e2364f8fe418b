/// Premultiplied RGBA8 to straight-alpha BT.709 limited-range 4:4:4 Y'CbCr with alpha, 10 bits a
/// sample (FFmpeg's `yuva444p10le`), for ProRes 4444.
///
/// Colour is un-premultiplied first (an editor composites the straight colour with the alpha), so
/// a half-transparent red stays red, not dark red. Luma spans 64...940, chroma 64...960 around
/// 512, alpha 0...1023 (full range, as ProRes stores it). Plain Double arithmetic, rounded to
/// nearest: the same samples on every machine.
public enum YUVAConversion {
    /// Converts `width x height` premultiplied RGBA pixels (R in the low byte) into four planes of
    /// little-endian 16-bit samples; strides are in bytes.
    public static func convert(_ src: UnsafePointer<UInt32>, width: Int, height: Int,
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
}
