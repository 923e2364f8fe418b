/// Premultiplied RGBA pixels to straight (un-premultiplied) RGBA bytes, rounded to nearest: what
/// PNG, APNG and `Bitmap.rgba8()` store (B, G, R, A for WebP).
package enum StraightAlpha {
    /// Writes `count` pixels (R in the low byte of each `UInt32`) to `out` as R, G, B, A bytes,
    /// or B, G, R, A when `bgra`.
    package static func convert(_ pixels: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt8>, bgra: Bool = false) {
        let red = bgra ? 2 : 0, blue = 2 - red
        for i in 0..<count {
            let p = pixels[i]
            let a = p >> 24
            var r = p & 0xFF, g = (p >> 8) & 0xFF, b = (p >> 16) & 0xFF
            if a != 255 && a != 0 {
                r = min(255, (r * 255 + a / 2) / a); g = min(255, (g * 255 + a / 2) / a); b = min(255, (b * 255 + a / 2) / a)
            }
            out[4 * i + red] = UInt8(r); out[4 * i + 1] = UInt8(g); out[4 * i + blue] = UInt8(b); out[4 * i + 3] = UInt8(a)
        }
    }
}
