import CKernels

/// Helpers for premultiplied RGBA8 pixels stored as little-endian `UInt32` (R in the low byte).
enum Pixel {
    /// `p * k / 255` for every channel, exactly rounded; `k` in 0...255.
    @inline(__always) static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Source-over of premultiplied `src` scaled by coverage `k` (0...255) onto `dst`.
    @inline(__always) static func over(_ src: UInt32, _ dst: UInt32, _ k: UInt32) -> UInt32 {
        let s = k == 255 ? src : scale(src, k)
        return s &+ scale(dst, 255 &- (s >> 24))
    }

    /// `dst` moved towards `src` by `k`/255 (source-copy under partial coverage).
    @inline(__always) static func lerp(_ dst: UInt32, _ src: UInt32, _ k: UInt32) -> UInt32 {
        k == 255 ? src : scale(src, k) &+ scale(dst, 255 &- k)
    }

    // Four pixels at a time. A 16-byte group of pixels is read as eight 16-bit lanes; masking
    // and shifting give the even bytes (R, B) and odd bytes (G, A) in separate lanes, so every
    // operation is a plain SSE2 instruction and no widening conversion is needed.

    /// `p * k / 255` for four pixels, exactly rounded; `k` holds each pixel's factor in both of its lanes.
    @inline(__always) static func scale4(_ p: SIMD8<UInt16>, _ k: SIMD8<UInt16>) -> SIMD8<UInt16> {
        var lo = (p & 0x00FF) &* k &+ 128
        lo = (lo &+ (lo &>> 8)) &>> 8
        var hi = (p &>> 8) &* k &+ 128
        hi = (hi &+ (hi &>> 8)) & 0xFF00
        return lo | hi
    }

    /// Per-pixel factors (0...255, one per `UInt32` lane) spread to both 16-bit lanes of each pixel.
    @inline(__always) static func pairs(_ k: SIMD4<UInt32>) -> SIMD8<UInt16> {
        unsafeBitCast(k | (k &<< 16), to: SIMD8<UInt16>.self)
    }

    /// Source-over of four premultiplied source pixels (already scaled by coverage) onto four destination pixels.
    @inline(__always) static func over4(_ s: SIMD8<UInt16>, _ d: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let keep = pairs(255 &- (unsafeBitCast(s, to: SIMD4<UInt32>.self) &>> 24))
        // Byte-wise add: premultiplied sums never exceed 255 in any channel.
        return unsafeBitCast(unsafeBitCast(s, to: SIMD16<UInt8>.self) &+ unsafeBitCast(scale4(d, keep), to: SIMD16<UInt8>.self),
                             to: SIMD8<UInt16>.self)
    }

    /// Coverage weights (0...1) times `scale` (0...255) rounded to integers, four at a time, without trapping conversions.
    @inline(__always) static func weights(_ c: SIMD4<Float>, _ scale: Float) -> SIMD4<UInt32> {
        let clamped = c.replacing(with: 0, where: .!(c .> 0)).replacing(with: 1, where: c .> 1)
        return unsafeBitCast(clamped * scale + 8_388_608, to: SIMD4<UInt32>.self) & 0x1FF
    }

    @inline(__always) static func load4(_ p: UnsafePointer<UInt32>) -> SIMD8<UInt16> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt16>.self)
    }

    @inline(__always) static func store4(_ v: SIMD8<UInt16>, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<UInt16>.self)
    }

    /// Source-over of one premultiplied colour onto `count` pixels (`CKernels`: sixteen pixels a
    /// step with AVX-512, eight with AVX2, four with SSE2, the same bytes).
    @inline(__always) static func overConstant(_ s: UInt32, _ row: UnsafeMutablePointer<UInt32>, _ count: Int) {
        ak_over_constant(s, row, count)
    }

    /// Source-over of one colour onto `count` pixels with per-pixel coverage times `opacity`
    /// (`CKernels`, weights as `weights` rounds them).
    @inline(__always) static func overConstant(_ c: UInt32, _ row: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<Float>,
                                               opacity: Float, _ count: Int) {
        ak_over_constant_coverage(c, row, coverage, opacity, count)
    }

    /// Source-over of per-pixel colours with per-pixel coverage times `opacity` (`CKernels`,
    /// weights as `weights` rounds `coverage * opacity`).
    @inline(__always) static func over(_ colors: UnsafePointer<UInt32>, _ row: UnsafeMutablePointer<UInt32>,
                                       coverage: UnsafePointer<Float>, opacity: Float, _ count: Int) {
        ak_over_coverage(colors, row, coverage, opacity, count)
    }

    /// Source-over of per-pixel colours with per-pixel weights `k` (0...255).
    @inline(__always) static func over(_ colors: UnsafePointer<UInt32>, _ row: UnsafeMutablePointer<UInt32>,
                                       weights k: (Int) -> SIMD4<UInt32>, _ count: Int) {
        var i = 0
        while i + 4 <= count {
            let k4 = k(i)
            if k4 != .zero {
                store4(over4(scale4(load4(colors + i), pairs(k4)), load4(row + i)), row + i)
            }
            i &+= 4
        }
        while i < count {
            let k8 = k(i)[0]
            if k8 != 0 { row[i] = over(colors[i], row[i], k8) }
            i &+= 1
        }
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
