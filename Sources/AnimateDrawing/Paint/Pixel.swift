import CKernels

/// Helpers for premultiplied RGBA8 pixels stored as little-endian `UInt32` (R in the low byte).
enum Pixel {
    /// `p * k / 255` for every channel, exactly rounded; `k` in 0...255 (the kernels' `ak_scale`).
    @inline(__always) static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 { ak_scale(p, k) }

    /// Source-over of premultiplied `src` scaled by coverage `k` (0...255) onto `dst`.
    @inline(__always) static func over(_ src: UInt32, _ dst: UInt32, _ k: UInt32) -> UInt32 {
        let s = k == 255 ? src : scale(src, k)
        return s &+ scale(dst, 255 &- (s >> 24))
    }

    /// `dst` moved towards `src` by `k`/255 (source-copy under partial coverage).
    @inline(__always) static func lerp(_ dst: UInt32, _ src: UInt32, _ k: UInt32) -> UInt32 {
        k == 255 ? src : scale(src, k) &+ scale(dst, 255 &- k)
    }

    /// Source-over of one premultiplied colour onto `count` pixels (`CKernels`: sixteen pixels a
    /// step with AVX-512, eight with AVX2, four with SSE2, the same bytes).
    @inline(__always) static func overConstant(_ s: UInt32, _ row: UnsafeMutablePointer<UInt32>, _ count: Int) {
        ak_over_constant(s, row, count)
    }

    /// Source-over of one colour onto `count` pixels with per-pixel coverage times `opacity`
    /// (`CKernels`, weights as `ak_weight` rounds them).
    @inline(__always) static func overConstant(_ c: UInt32, _ row: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<Float>,
                                               opacity: Float, _ count: Int) {
        ak_over_constant_coverage(c, row, coverage, opacity, count)
    }

    /// Source-over of per-pixel colours with per-pixel coverage times `opacity` (`CKernels`,
    /// weights as `ak_weight` rounds `coverage * opacity`).
    @inline(__always) static func over(_ colors: UnsafePointer<UInt32>, _ row: UnsafeMutablePointer<UInt32>,
                                       coverage: UnsafePointer<Float>, opacity: Float, _ count: Int) {
        ak_over_coverage(colors, row, coverage, opacity, count)
    }

    /// Packs premultiplied components (0...1) with rounding.
    @inline(__always) static func pack(_ c: SIMD4<Float>) -> UInt32 {
        let v = (c.clamped(lowerBound: .zero, upperBound: .one) * 255 + 0.5)
        return UInt32(v.x) | UInt32(v.y) << 8 | UInt32(v.z) << 16 | UInt32(v.w) << 24
    }

    /// Premultiplies straight components (0...1) and packs them.
    @inline(__always) static func pack(premultiplying c: SIMD4<Float>) -> UInt32 {
        pack(SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w))
    }

    /// Unpacks to premultiplied components 0...1.
    @inline(__always) static func unpack(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24)) * (1 / 255)
    }
}
