public import Foundation
import AnimateMath
public import AnimateTimeline

extension CGAffineTransform: Interpolatable {
    /// Blends by decomposing each transform into translation, rotation, scale and shear and
    /// blending those (the shortest way round for the rotation), so a half-way rotation stays rigid.
    public static func interpolate(_ a: CGAffineTransform, _ b: CGAffineTransform, _ t: Double) -> CGAffineTransform {
        let da = Decomposed(a), db = Decomposed(b)
        var turn = db.rotation - da.rotation
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        return Decomposed(tx: .interpolate(da.tx, db.tx, t), ty: .interpolate(da.ty, db.ty, t),
                          rotation: da.rotation + turn * t, sx: .interpolate(da.sx, db.sx, t),
                          sy: .interpolate(da.sy, db.sy, t), shear: .interpolate(da.shear, db.shear, t)).transform
    }

    /// `M = scale(sx, sy) * shear(k) * rotate(r) * translate(tx, ty)` in CoreGraphics' row-vector order.
    struct Decomposed {
        var tx, ty, rotation, sx, sy, shear: Double

        init(tx: Double, ty: Double, rotation: Double, sx: Double, sy: Double, shear: Double) {
            self.tx = tx; self.ty = ty; self.rotation = rotation; self.sx = sx; self.sy = sy; self.shear = shear
        }

        init(_ m: CGAffineTransform) {
            tx = m.tx; ty = m.ty
            // Rows of the linear part: (a, b) and (c, d). QR-like decomposition of the first row.
            sx = (m.a * m.a + m.b * m.b).squareRoot()
            rotation = sx > 0 ? PortableMath.atan2(m.b, m.a) : 0
            let cosR = PortableMath.cos(rotation), sinR = PortableMath.sin(rotation)
            // Second row in the rotated frame: (c, d) = sy * (sin-free part) + shear.
            let c = m.c * cosR + m.d * sinR, d = -m.c * sinR + m.d * cosR
            sy = d
            shear = sx > 0 ? c : 0
        }

        var transform: CGAffineTransform {
            let cosR = PortableMath.cos(rotation), sinR = PortableMath.sin(rotation)
            return CGAffineTransform(a: sx * cosR, b: sx * sinR,
                                     c: shear * cosR - sy * sinR, d: shear * sinR + sy * cosR, tx: tx, ty: ty)
        }
    }
}
