public import Foundation

extension GraphicsContext {
    /// Draws `image` with its corners (top-left, top-right, bottom-right, bottom-left) at
    /// `corners` in user space, straight lines staying straight as in a perspective view: the
    /// quadrilateral filled through the homography that maps it to the picture.
    package func drawProjected(_ image: Image, corners: [CGPoint], opacity: Double = 1) {
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        if drawFiltered({ $0.drawProjected(image, corners: corners, opacity: opacity) }) { return }
        let device = corners.map { $0.applying(transform) }
        // The unit square to the device quadrilateral (Heckbert's square-to-quad), inverted, then
        // scaled to the picture's pixels.
        guard let toSquare = Homography(square: device)?.inverted() else { return }
        let w = Double(image.width), h = Double(image.height)
        let m = toSquare
        let affine = CGAffineTransform(a: m.m[0] * w, b: m.m[3] * h, c: m.m[1] * w, d: m.m[4] * h, tx: m.m[2] * w, ty: m.m[5] * h)
        let centre = CGPoint(x: device.map(\.x).reduce(0, +) / 4, y: device.map(\.y).reduce(0, +) / 4)
        let sampler = ImageSampler(image: image, deviceToImage: affine, perspective: (m.m[6], m.m[7], m.m[8]), footprintAt: centre)
        var outline = Path()
        outline.move(to: device[0])
        for p in device.dropFirst() { outline.addLine(to: p) }
        outline.closeSubpath()
        scratch.flat.removeAll()
        scratch.flat.append(outline, transform: .identity, tolerance: Self.tolerance)
        rasterize(scratch.flat, rule: .nonZero, antialiased: true, paint: Paint(sampler: sampler),
                  fade: Float(min(max(opacity.isFinite ? opacity : 0, 0), 1)))
    }
}

/// A 3x3 projective map, row by row: (x, y) to ((m0 x + m1 y + m2) / w, (m3 x + m4 y + m5) / w)
/// with w = m6 x + m7 y + m8.
struct Homography {
    var m: [Double]

    /// The map from the unit square's corners (0,0), (1,0), (1,1), (0,1) to `quad`'s, in order.
    init?(square quad: [CGPoint]) {
        let x0 = Double(quad[0].x), y0 = Double(quad[0].y), x1 = Double(quad[1].x), y1 = Double(quad[1].y)
        let x2 = Double(quad[2].x), y2 = Double(quad[2].y), x3 = Double(quad[3].x), y3 = Double(quad[3].y)
        let sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3
        var g = 0.0, h = 0.0
        if sx != 0 || sy != 0 {
            let dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2
            let det = dx1 * dy2 - dx2 * dy1
            guard det != 0, det.isFinite else { return nil }
            g = (sx * dy2 - dx2 * sy) / det
            h = (dx1 * sy - sx * dy1) / det
        }
        m = [x1 - x0 + g * x1, x3 - x0 + h * x3, x0,
             y1 - y0 + g * y1, y3 - y0 + h * y3, y0,
             g, h, 1]
    }

    init(m: [Double]) { self.m = m }

    /// The inverse map, or nil when the map squashes the plane.
    func inverted() -> Homography? {
        let a = m[0], b = m[1], c = m[2], d = m[3], e = m[4], f = m[5], g = m[6], h = m[7], i = m[8]
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        let inv = [A, -(b * i - c * h), b * f - c * e,
                   B, a * i - c * g, -(a * f - c * d),
                   C, -(a * h - b * g), a * e - b * d].map { $0 / det }
        return Homography(m: inv)
    }
}
