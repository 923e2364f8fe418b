import Foundation

/// A point or a direction in a lesson's space: right-handed, z up, as Manim's (x to the right and
/// y up on the screen when the camera looks straight down).
public struct Vector3: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let zero = Vector3(0, 0, 0)
    /// Manim's RIGHT, UP and OUT (x, y and z).
    public static let right = Vector3(1, 0, 0), up = Vector3(0, 1, 0), out = Vector3(0, 0, 1)

    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    public static prefix func - (a: Vector3) -> Vector3 { Vector3(-a.x, -a.y, -a.z) }
    public static func * (a: Vector3, k: Double) -> Vector3 { Vector3(a.x * k, a.y * k, a.z * k) }
    public static func * (k: Double, a: Vector3) -> Vector3 { a * k }
    public static func / (a: Vector3, k: Double) -> Vector3 { Vector3(a.x / k, a.y / k, a.z / k) }

    public func dot(_ b: Vector3) -> Double { x * b.x + y * b.y + z * b.z }
    public func cross(_ b: Vector3) -> Vector3 { Vector3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x) }
    public var length: Double { dot(self).squareRoot() }
    /// This vector scaled to length 1 (zero stays zero).
    public var normalized: Vector3 {
        let l = length
        return l > 0 && l.isFinite ? self / l : .zero
    }
    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
