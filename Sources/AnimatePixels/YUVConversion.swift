import CKernels

/// RGB to BT.709 limited-range YUV in fixed-point integer arithmetic: cheaper than swscale's
/// accurate-rounding path, and the same bytes on every machine. Luma and 4:2:0 chroma rows go
/// through `CKernels` (`ak_luma`, `ak_chroma420`); 4:4:4 chroma is the Swift loop below, which LLVM
/// compiles to SSE2.
///
/// Input is premultiplied RGBA8 read as RGB (the frame flattened over black), one `UInt32` per
/// pixel, little-endian (R in the low byte). Coefficients are the BT.709 matrix scaled to studio
/// range (Y 16...235, Cb/Cr 16...240) in 16-bit fixed point, so every sample is within one level of
/// the exactly rounded value. 4:2:0 chroma is the mean of each 2x2 block (centre sited); odd edges
/// repeat the last column or row.
package enum YUVConversion {
    // The arithmetic is signed 32-bit with every coefficient positive and inside the signed 16-bit
    // range, so LLVM multiplies with `pmaddwd` (SSE2 has no 32-bit multiply; any other coefficient
    // costs two `pmuludq` and three shuffles per four lanes). A negative term -c*x is written
    // c*(m - x) - c*m, with m - x as x ^ m (m all ones, x <= m): written as a subtraction, or with a
    // negative constant, LLVM shrinks the constant to the bits that survive the final shift, and it
    // no longer fits in 16 bits. The sums are the same integers, so the bytes are unchanged.

    // Y = 16 + (219/255) * (0.2126 R + 0.7152 G + 0.0722 B), times 2^16.
    static let yR: UInt32 = 11_966, yG: UInt32 = 40_254, yB: UInt32 = 4_064
    // Cb = 128 + (224/255) * (B - Y') / 1.8556 and Cr = 128 + (224/255) * (R - Y') / 1.5748, times 2^16.
    static let cbR: Int32 = 6_596, cbG: Int32 = 22_189, cbB: Int32 = 28_784
    static let crR: Int32 = 28_784, crG: Int32 = 26_145, crB: Int32 = 2_639

    /// One row of luma (`CKernels`: eight pixels a step with AVX2, the same bytes as its reference).
    @inline(__always)
    static func luma(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt8>, _ count: Int) {
        ak_luma(src, dst, count)
    }

    /// One row of full-resolution chroma (4:4:4).
    @inline(never)
    static func chroma(_ src: UnsafePointer<UInt32>, _ u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>, _ count: Int) {
        for i in 0..<count {
            let p = src[i]
            let r = Int32(p & 0xFF), g = Int32((p >> 8) & 0xFF), b = Int32((p >> 16) & 0xFF)
            let bias: Int32 = 128 << 16 | 1 << 15
            let cb: Int32 = b &* cbB &+ (r ^ 255) &* cbR &+ (g ^ 255) &* cbG &+ (bias &- 255 &* (cbR &+ cbG))
            let cr: Int32 = r &* crR &+ (g ^ 255) &* crG &+ (b ^ 255) &* crB &+ (bias &- 255 &* (crG &+ crB))
            u[i] = UInt8(clamping: cb >> 16)
            v[i] = UInt8(clamping: cr >> 16)
        }
    }

    /// One row of 4:2:0 chroma from two source rows: `pairs` whole 2x2 blocks (`CKernels`).
    @inline(__always)
    static func chroma420(_ s0: UnsafePointer<UInt32>, _ s1: UnsafePointer<UInt32>,
                          _ u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>, _ pairs: Int) {
        ak_chroma420(s0, s1, u, v, pairs)
    }

    /// Converts a whole frame. `planes`/`strides` are Y, U, V; chroma planes are
    /// `(width+1)/2 x (height+1)/2` for 4:2:0 and full size for 4:4:4.
    package static func convert(_ pixels: UnsafePointer<UInt32>, width: Int, height: Int, subsampled: Bool,
                        y: UnsafeMutablePointer<UInt8>, yStride: Int,
                        u: UnsafeMutablePointer<UInt8>, uStride: Int,
                        v: UnsafeMutablePointer<UInt8>, vStride: Int) {
        guard width > 0, height > 0 else { return }
        if !subsampled {
            for row in 0..<height {
                luma(pixels + row * width, y + row * yStride, width)
                chroma(pixels + row * width, u + row * uStride, v + row * vStride, width)
            }
            return
        }
        for pair in 0..<(height + 1) / 2 {
            convert420(pixels, width: width, height: height, rowPair: pair, from: 0, to: width,
                       y: y, yStride: yStride, u: u, uStride: uStride, v: v, vStride: vStride)
        }
    }

    /// Converts to 4:2:0 the pixels `x0..<x1` (`x0` even) of rows `2 * rowPair` and the one below
    /// it (if any): their luma, and the chroma of the 2x2 blocks they make up. Nothing else in the
    /// frame affects these samples, so a frame can be converted piece by piece.
    static func convert420(_ pixels: UnsafePointer<UInt32>, width: Int, height: Int, rowPair: Int, from x0: Int, to x1: Int,
                           y: UnsafeMutablePointer<UInt8>, yStride: Int,
                           u: UnsafeMutablePointer<UInt8>, uStride: Int,
                           v: UnsafeMutablePointer<UInt8>, vStride: Int) {
        let top = 2 * rowPair, n = x1 - x0
        guard n > 0 else { return }
        let s0 = pixels + top * width + x0
        // An odd last row pairs with itself.
        let s1 = top + 1 < height ? s0 + width : s0
        luma(s0, y + top * yStride + x0, n)
        if top + 1 < height { luma(s1, y + (top + 1) * yStride + x0, n) }
        let pairs = n / 2
        let uRow = u + rowPair * uStride + x0 / 2, vRow = v + rowPair * vStride + x0 / 2
        chroma420(s0, s1, uRow, vRow, pairs)
        if n & 1 == 1 {
            // An odd last column pairs with itself.
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 4) { e in
                e[0] = s0[n - 1]; e[1] = s0[n - 1]; e[2] = s1[n - 1]; e[3] = s1[n - 1]
                chroma420(e.baseAddress!, e.baseAddress! + 2, uRow + pairs, vRow + pairs, 1)
            }
        }
    }
}
