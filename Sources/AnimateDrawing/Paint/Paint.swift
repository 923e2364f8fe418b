import Foundation

/// A shading resolved for one draw call: device-space parameters and a colour table,
/// producing premultiplied colours for runs of pixels.
struct Paint {
    enum Kind {
        case solid(UInt32)
        /// `t = a*x + b*y + c` in device pixels.
        case linear(a: Double, b: Double, c: Double)
        /// User point = inverse * device point; `t = (|p - center| - r0) * scale`.
        case radial(inverse: CGAffineTransform, center: CGPoint, r0: Double, scale: Double)
        /// `t = fract((atan2(p - center) - angle) / 2pi)` in user space.
        case conic(inverse: CGAffineTransform, center: CGPoint, angle: Double)
    }
    let kind: Kind
    let table: [UInt32]

    /// The solid colour, when the paint is one.
    var solidColor: UInt32? {
        if case .solid(let c) = kind { return c }
        return nil
    }

    init(_ shading: GraphicsContext.Shading, transform ctm: CGAffineTransform) {
        switch shading.kind {
        case .color(let color):
            kind = .solid(Pixel.pack(color.premultiplied)); table = []
        case .linear(let g, let s, let e):
            table = GradientTable(g).colors
            // t(p) = dot(p - s, v) / |v|^2 in user space; with p = inverse * device, t is affine in device x, y.
            let v = CGPoint(x: e.x - s.x, y: e.y - s.y)
            let len2 = v.x * v.x + v.y * v.y
            let inv = ctm.inverted()
            if len2 > 0 && len2.isFinite {
                let ux = v.x / len2, uy = v.y / len2
                kind = .linear(a: inv.a * ux + inv.b * uy, b: inv.c * ux + inv.d * uy,
                               c: (inv.tx - s.x) * ux + (inv.ty - s.y) * uy)
            } else {
                kind = .linear(a: 0, b: 0, c: 1)
            }
        case .radial(let g, let center, let r0, let r1):
            table = GradientTable(g).colors
            let d = r1 - r0
            kind = .radial(inverse: ctm.inverted(), center: center, r0: r0, scale: d != 0 ? 1 / d : 0)
        case .conic(let g, let center, let angle):
            table = GradientTable(g).colors
            kind = .conic(inverse: ctm.inverted(), center: center, angle: angle.radians)
        case .elliptical(let g, let rect, let f0, let f1):
            table = GradientTable(g).colors
            // Map the ellipse to the unit circle, then it is a radial gradient from f0 to f1.
            let r = rect.standardized
            let toUnit = CGAffineTransform(a: max(r.width / 2, 1e-9), b: 0, c: 0, d: max(r.height / 2, 1e-9), tx: r.midX, ty: r.midY)
            let d = f1 - f0
            kind = .radial(inverse: toUnit.concatenating(ctm).inverted(), center: .zero, r0: f0, scale: d != 0 ? 1 / d : 0)
        }
    }

    @inline(__always) private func lookup(_ t: Double, _ lut: UnsafeBufferPointer<UInt32>) -> UInt32 {
        let clamped = t.isNaN ? 0 : min(max(t, 0), 1)
        return lut[Int(clamped * Double(GradientTable.size - 1) + 0.5)]
    }

    /// Writes the premultiplied colours of pixels `x..<x+count` in row `y` to `out`.
    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let py = Double(y) + 0.5
        switch kind {
        case .solid(let c):
            out.update(repeating: c, count: count)
        case .linear(let a, let b, let c):
            table.withUnsafeBufferPointer { lut in
                let base = b * py + c
                for i in 0..<count { out[i] = lookup(a * (Double(x + i) + 0.5) + base, lut) }
            }
        case .radial(let m, let center, let r0, let scale):
            table.withUnsafeBufferPointer { lut in
                let ux0 = m.c * py + m.tx - center.x, uy0 = m.d * py + m.ty - center.y
                for i in 0..<count {
                    let px = Double(x + i) + 0.5
                    let dx = m.a * px + ux0, dy = m.b * px + uy0
                    out[i] = lookup(((dx * dx + dy * dy).squareRoot() - r0) * scale, lut)
                }
            }
        case .conic(let m, let center, let angle):
            table.withUnsafeBufferPointer { lut in
                let ux0 = m.c * py + m.tx - center.x, uy0 = m.d * py + m.ty - center.y
                let turn = 1 / (2 * Double.pi)
                for i in 0..<count {
                    let px = Double(x + i) + 0.5
                    let dx = m.a * px + ux0, dy = m.b * px + uy0
                    var t = (atan2(dy, dx) - angle) * turn
                    t -= t.rounded(.down)
                    out[i] = lut[Int(t * Double(GradientTable.size - 1) + 0.5)]
                }
            }
        }
    }
}
