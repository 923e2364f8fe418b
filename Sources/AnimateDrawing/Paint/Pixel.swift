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
