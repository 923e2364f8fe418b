import AnimateMath
import Foundation

/// A map of space onto itself that keeps straight lines straight: a 3x3 matrix, then a shift.
/// What moving, turning and scaling a thing in space come to (composed in the order they act).
package struct Affine3: Sendable, Hashable {
    /// Rows of the matrix.
    package var r0: Vector3, r1: Vector3, r2: Vector3
    package var shift: Vector3

    package static let identity = Affine3(r0: .right, r1: .up, r2: .out, shift: .zero)

    package init(r0: Vector3, r1: Vector3, r2: Vector3, shift: Vector3) {
        self.r0 = r0
        self.r1 = r1
        self.r2 = r2
        self.shift = shift
    }

    /// A turn by `angle` radians about the line through `point` along `axis` (counterclockwise
    /// looking down the axis, as Manim's `rotate`); no turn when the axis has no length.
    package static func rotation(_ angle: Double, axis: Vector3, about point: Vector3) -> Affine3 {
        let k = axis.normalized
        guard k != .zero, angle.isFinite else { return .identity }
        let c = PortableMath.cos(angle), s = PortableMath.sin(angle), t = 1 - c
        // Rodrigues: c I + s [k]x + t k k^T.
        let m = Affine3(r0: Vector3(c + t * k.x * k.x, t * k.x * k.y - s * k.z, t * k.x * k.z + s * k.y),
                        r1: Vector3(t * k.x * k.y + s * k.z, c + t * k.y * k.y, t * k.y * k.z - s * k.x),
                        r2: Vector3(t * k.x * k.z - s * k.y, t * k.y * k.z + s * k.x, c + t * k.z * k.z), shift: .zero)
        return m.about(point)
    }

    /// Scaling by `factor` about `point`.
    package static func scaling(_ factor: Double, about point: Vector3) -> Affine3 {
        guard factor.isFinite else { return .identity }
        return Affine3(r0: Vector3(factor, 0, 0), r1: Vector3(0, factor, 0), r2: Vector3(0, 0, factor), shift: .zero).about(point)
    }

    /// A shift by `offset`.
    package static func translation(_ offset: Vector3) -> Affine3 {
        Affine3(r0: .right, r1: .up, r2: .out, shift: offset.isFinite ? offset : .zero)
    }

    /// This linear map done about `point` instead of the origin.
    private func about(_ point: Vector3) -> Affine3 {
        var m = self
        m.shift = point - linear(point)
        return m
    }

    /// The point moved.
    package func apply(_ p: Vector3) -> Vector3 { linear(p) + shift }

    /// A direction turned (and scaled) without the shift.
    package func linear(_ p: Vector3) -> Vector3 { Vector3(r0.dot(p), r1.dot(p), r2.dot(p)) }

    /// `self`, then `next`.
    package func then(_ next: Affine3) -> Affine3 {
        // Columns of self's matrix, for the rows of the product.
        let c0 = Vector3(r0.x, r1.x, r2.x), c1 = Vector3(r0.y, r1.y, r2.y), c2 = Vector3(r0.z, r1.z, r2.z)
        func row(_ n: Vector3) -> Vector3 { Vector3(n.dot(c0), n.dot(c1), n.dot(c2)) }
        return Affine3(r0: row(next.r0), r1: row(next.r1), r2: row(next.r2), shift: next.apply(shift))
    }
}
