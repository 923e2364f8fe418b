import AnimateMath
import Foundation

/// Samples an image for the pixels of a draw call: device pixel centres are mapped back to image
/// coordinates; the mip level follows how many image pixels one device pixel covers, and two
/// levels are blended (trilinear), each sampled bilinearly with edges clamped.
struct ImageSampler {
    let mipmaps: MipChain
    /// Device to level-0 image pixel coordinates.
    let toImage: CGAffineTransform
    /// Level of detail: log2 of image pixels per device pixel (0 or less: full resolution).
    let lod: Float
    let opacity: Float
    /// For a projective map, the denominator's row: image coordinates are the affine map's
    /// divided by `g*x + h*y + i` (nil: affine, `0, 0, 1`).
    let perspective: (g: Double, h: Double, i: Double)?
    /// The image drawn at its own size, moved by whole pixels (a video clip filling its frame):
    /// each pixel is one texel, which bilinear sampling at texel centres gives exactly.
    let blitOffset: (x: Int, y: Int)?

    init(image: Image, deviceToImage: CGAffineTransform, opacity: Float = 1) {
        self.init(image: image, deviceToImage: deviceToImage, perspective: nil, opacity: opacity)
    }

    /// A sampler through the homography whose rows are `deviceToImage`'s (as a, c, tx / b, d, ty)
    /// over `perspective`; the mip level is the one at `footprintAt` (device), where the picture
    /// is seen at its middle.
    init(image: Image, deviceToImage: CGAffineTransform, perspective: (g: Double, h: Double, i: Double)?, footprintAt: CGPoint = .zero,
         opacity: Float = 1) {
        mipmaps = image.mipmaps
        toImage = deviceToImage
        self.perspective = perspective
        // Footprint of one device pixel in image pixels: the longer of the mapped unit vectors.
        var m = deviceToImage
        if let p = perspective {
            // The local linear map at the point: the quotient rule on (affine / w).
            let x = Double(footprintAt.x), y = Double(footprintAt.y)
            let w = p.g * x + p.h * y + p.i
            let u = m.a * x + m.c * y + m.tx, v = m.b * x + m.d * y + m.ty
            if w != 0 && w.isFinite {
                m = CGAffineTransform(a: (m.a * w - u * p.g) / (w * w), b: (m.b * w - v * p.g) / (w * w),
                                      c: (m.c * w - u * p.h) / (w * w), d: (m.d * w - v * p.h) / (w * w), tx: 0, ty: 0)
            }
        }
        let footprint = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        lod = footprint.isFinite && footprint > 1 ? Float(PortableMath.log2(footprint)) : 0
        self.opacity = opacity
        let t = deviceToImage
        if perspective == nil, t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == t.tx.rounded(), t.ty == t.ty.rounded(),
           abs(t.tx) < 16_777_216, abs(t.ty) < 16_777_216 {
            blitOffset = (Int(t.tx), Int(t.ty))
        } else {
            blitOffset = nil
        }
    }

    /// Bilinear sample at level-relative `u, v` of a level whose texel `i` is `at(i)`: pixel
    /// centres at +0.5, edges clamped.
    @inline(__always) private func bilinear(_ w: Int, _ h: Int, _ u: Float, _ v: Float,
                                            _ at: (Int) -> SIMD4<Float>) -> SIMD4<Float> {
        let x = min(max(u - 0.5, 0), Float(w - 1)), y = min(max(v - 0.5, 0), Float(h - 1))
        let x0 = Int(x), y0 = Int(y)
        let x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, h - 1)
        let fx = x - Float(x0), fy = y - Float(y0)
        let a = at(y0 * w + x0), b = at(y0 * w + x1), c = at(y1 * w + x0), d = at(y1 * w + x1)
        let top = a + (b - a) * fx
        let bottom = c + (d - c) * fx
        return top + (bottom - top) * fy
    }

    /// Writes premultiplied colours of pixels `x..<x+count` in row `y`.
    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let maxLevel = mipmaps.count - 1
        let l0 = min(Int(lod), maxLevel), l1 = min(l0 + 1, maxLevel)
        let blend = min(max(lod - Float(l0), 0), 1)
        if let blitOffset {
            // Texel by texel, edges clamped: the bytes bilinear sampling gives at texel centres.
            let w = mipmaps.width, h = mipmaps.height
            let row = min(max(y + blitOffset.y, 0), h - 1) * w
            let opaque = opacity == 1
            mipmaps.rgba.withUnsafeBufferPointer { base in
                // A run inside the picture at full opacity: its texels' bytes copied at once (an
                // opaque texel's premultiplied colour is its own), then the see-through ones fixed.
                let first = x + blitOffset.x
                if opaque, first >= 0, first + count <= w, y + blitOffset.y >= 0, y + blitOffset.y < h {
                    let texels = UnsafeRawPointer(base.baseAddress! + 4 * (row + first)).assumingMemoryBound(to: UInt32.self)
                    out.update(from: texels, count: count)
                    if mipmaps.isOpaque { return }
                    for i in 0..<count where texels[i] < 0xFF00_0000 {
                        let c = MipChain.texel(base, row + first + i) + 0.5
                        out[i] = UInt32(min(c.x, 255)) | UInt32(min(c.y, 255)) << 8 | UInt32(min(c.z, 255)) << 16 | UInt32(min(c.w, 255)) << 24
                    }
                    return
                }
                for i in 0..<count {
                    let column = min(max(x + i + blitOffset.x, 0), w - 1)
                    let at = 4 * (row + column)
                    // An opaque texel at full opacity is its own bytes (premultiplying by 1 changes nothing).
                    if opaque && base[at + 3] == 255 {
                        out[i] = UInt32(base[at]) | UInt32(base[at + 1]) << 8 | UInt32(base[at + 2]) << 16 | 255 << 24
                        continue
                    }
                    // Texel values are 0...255 and opacity at most 1: the general path's clamp changes nothing.
                    let c = MipChain.texel(base, row + column) * opacity + 0.5
                    out[i] = UInt32(min(c.x, 255)) | UInt32(min(c.y, 255)) << 8 | UInt32(min(c.z, 255)) << 16 | UInt32(min(c.w, 255)) << 24
                }
            }
            return
        }
        // The two levels are chosen once per span; the loop reads them through buffer pointers.
        mipmaps.rgba.withUnsafeBufferPointer { base in
            let empty: [SIMD4<Float>] = []
            let a = l0 > 0 ? mipmaps.levels[l0 - 1].pixels : empty, b = l1 > 0 ? mipmaps.levels[l1 - 1].pixels : empty
            a.withUnsafeBufferPointer { p0 in
                b.withUnsafeBufferPointer { p1 in
                    shade(y: y, x: x, count: count, into: out, levels: (l0, l1), blend: blend, base: base, p0, p1)
                }
            }
        }
    }

    @inline(__always) private func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>, levels: (Int, Int),
                                         blend: Float, base: UnsafeBufferPointer<UInt8>,
                                         _ p0: UnsafeBufferPointer<SIMD4<Float>>, _ p1: UnsafeBufferPointer<SIMD4<Float>>) {
        let (l0, l1) = levels
        let s0 = Float(1 << l0), s1 = Float(1 << l1)
        let (w0, h0) = size(l0), (w1, h1) = size(l1)
        let m = toImage
        let py = Double(y) + 0.5
        let p = perspective
        for i in 0..<count {
            let px = Double(x + i) + 0.5
            var u = Float(m.a * px + m.c * py + m.tx), v = Float(m.b * px + m.d * py + m.ty)
            if let p {
                let w = Float(p.g * px + p.h * py + p.i)
                guard w > 0 else { out[i] = 0; continue }
                u /= w
                v /= w
            }
            guard u.isFinite, v.isFinite else { out[i] = 0; continue }
            var c = l0 == 0 ? bilinear(w0, h0, u / s0, v / s0) { MipChain.texel(base, $0) }
                            : bilinear(w0, h0, u / s0, v / s0) { p0[$0] }
            if blend > 0 && l1 != l0 {
                let d = l1 == 0 ? bilinear(w1, h1, u / s1, v / s1) { MipChain.texel(base, $0) }
                                : bilinear(w1, h1, u / s1, v / s1) { p1[$0] }
                c += (d - c) * blend
            }
            c *= opacity
            let r = (c + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
            out[i] = UInt32(r.x) | UInt32(r.y) << 8 | UInt32(r.z) << 16 | UInt32(r.w) << 24
        }
    }

    /// Width and height of level `level`.
    private func size(_ level: Int) -> (Int, Int) {
        level == 0 ? (mipmaps.width, mipmaps.height) : (mipmaps.levels[level - 1].width, mipmaps.levels[level - 1].height)
    }
}
