public import AnimateDrawing
import AnimateMath
public import Foundation

/// Where a lesson's space is seen from, as Manim's ThreeDCamera sets it: `phi` the angle down from
/// straight above (0: looking down the z axis), `theta` the turn about the z axis (-90°: x to the
/// right), `gamma` a roll about the line of sight; looking at `center` from `focalDistance` units
/// away in perspective (or along parallel lines, `isOrthographic`), `unit` points a unit on the
/// canvas at zoom 1.
public struct Camera3D: Hashable, Sendable {
    public var phi: Angle
    public var theta: Angle
    public var gamma: Angle
    public var center: Vector3
    public var focalDistance: Double
    public var zoom: Double
    public var isOrthographic: Bool
    /// Canvas points per unit of space at zoom 1 (Manim's frame: 8 units on 1080 points).
    public var unit: CGFloat

    public init(phi: Angle = .zero, theta: Angle = .degrees(-90), gamma: Angle = .zero, center: Vector3 = .zero,
                focalDistance: Double = 20, zoom: Double = 1, isOrthographic: Bool = false, unit: CGFloat = 135) {
        self.phi = phi
        self.theta = theta
        self.gamma = gamma
        self.center = center
        self.focalDistance = focalDistance
        self.zoom = zoom
        self.isOrthographic = isOrthographic
        self.unit = unit
    }

    /// Turns the camera as Manim's `set_camera_orientation` / `reorient` does: the angles given
    /// change, the others stay.
    public mutating func reorient(phi: Angle? = nil, theta: Angle? = nil, gamma: Angle? = nil, center: Vector3? = nil, zoom: Double? = nil) {
        if let phi { self.phi = phi }
        if let theta { self.theta = theta }
        if let gamma { self.gamma = gamma }
        if let center { self.center = center }
        if let zoom { self.zoom = zoom }
    }

    /// The rotation from space to the camera's frame (x right, y up, z towards the viewer):
    /// about z by -theta - 90°, about x by -phi, then about z by gamma, as Manim composes it.
    var rotation: Rotation3 {
        Rotation3.z(gamma.radians) * Rotation3.x(-phi.radians) * Rotation3.z(-theta.radians - .pi / 2)
    }

    /// A space point in the camera's frame, in units: x right, y up, z towards the viewer.
    func view(_ p: Vector3) -> Vector3 { rotation.apply(p - center) }

    /// How much perspective scales a view point at depth `z` (1 when orthographic).
    func perspective(_ z: Double) -> Double {
        guard !isOrthographic else { return 1 }
        return focalDistance / max(focalDistance - z, focalDistance * 1e-3)
    }

    /// Where a space point lands on a canvas whose middle is `middle`, and its depth (larger is
    /// nearer: a depth buffer keeps the largest).
    public func project(_ p: Vector3, middle: CGPoint) -> (point: CGPoint, depth: Double) {
        let v = view(p)
        let k = perspective(v.z) * zoom * Double(unit)
        return (CGPoint(x: middle.x + CGFloat(v.x * k), y: middle.y - CGFloat(v.y * k)), depth(v.z))
    }

    /// The value a depth buffer compares: affine across the screen (1 / distance in perspective,
    /// z when orthographic), larger nearer.
    func depth(_ z: Double) -> Double {
        isOrthographic ? z : 1 / max(focalDistance - z, focalDistance * 1e-3)
    }
}

/// A rotation of space as a 3x3 matrix, rows first.
struct Rotation3: Sendable, Hashable {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static func == (a: Rotation3, b: Rotation3) -> Bool {
        a.m.0 == b.m.0 && a.m.1 == b.m.1 && a.m.2 == b.m.2 && a.m.3 == b.m.3 && a.m.4 == b.m.4 && a.m.5 == b.m.5
            && a.m.6 == b.m.6 && a.m.7 == b.m.7 && a.m.8 == b.m.8
    }
    func hash(into h: inout Hasher) { for v in [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] { h.combine(v) } }

    static func x(_ a: Double) -> Rotation3 {
        let c = PortableMath.cos(a), s = PortableMath.sin(a)
        return Rotation3(m: (1, 0, 0, 0, c, -s, 0, s, c))
    }
    static func z(_ a: Double) -> Rotation3 {
        let c = PortableMath.cos(a), s = PortableMath.sin(a)
        return Rotation3(m: (c, -s, 0, s, c, 0, 0, 0, 1))
    }

    static func * (a: Rotation3, b: Rotation3) -> Rotation3 {
        let x = a.m, y = b.m
        return Rotation3(m: (x.0 * y.0 + x.1 * y.3 + x.2 * y.6, x.0 * y.1 + x.1 * y.4 + x.2 * y.7, x.0 * y.2 + x.1 * y.5 + x.2 * y.8,
                             x.3 * y.0 + x.4 * y.3 + x.5 * y.6, x.3 * y.1 + x.4 * y.4 + x.5 * y.7, x.3 * y.2 + x.4 * y.5 + x.5 * y.8,
                             x.6 * y.0 + x.7 * y.3 + x.8 * y.6, x.6 * y.1 + x.7 * y.4 + x.8 * y.7, x.6 * y.2 + x.7 * y.5 + x.8 * y.8))
    }

    func apply(_ p: Vector3) -> Vector3 {
        Vector3(m.0 * p.x + m.1 * p.y + m.2 * p.z, m.3 * p.x + m.4 * p.y + m.5 * p.z, m.6 * p.x + m.7 * p.y + m.8 * p.z)
    }
}
