import AnimateMath
public import Foundation

/// Points as vectors, as lessons place things: sums, differences, scaling, length, direction and
/// turning (y down: a positive angle turns clockwise on screen, as `rotate(by:)` does).
extension CGPoint {
    @inline(__always) public static prefix func - (p: CGPoint) -> CGPoint { CGPoint(x: -p.x, y: -p.y) }
    @inline(__always) public static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    @inline(__always) public static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
    @inline(__always) public static func * (p: CGPoint, s: CGFloat) -> CGPoint { CGPoint(x: p.x * s, y: p.y * s) }
    @inline(__always) public static func * (s: CGFloat, p: CGPoint) -> CGPoint { CGPoint(x: p.x * s, y: p.y * s) }
    @inline(__always) public static func / (p: CGPoint, s: CGFloat) -> CGPoint { CGPoint(x: p.x / s, y: p.y / s) }
    @inline(__always) public static func += (a: inout CGPoint, b: CGPoint) { a = a + b }
    @inline(__always) public static func -= (a: inout CGPoint, b: CGPoint) { a = a - b }
    /// Distance from the origin.
    @inline(__always) public var length: CGFloat { (x * x + y * y).squareRoot() }
    /// The same direction, length 1 (zero stays zero).
    public var normalized: CGPoint { let l = length; return l > 0 ? CGPoint(x: x / l, y: y / l) : .zero }
    /// Turned by `angle` about the origin.
    public func rotated(by angle: Angle) -> CGPoint {
        let c = CGFloat(PortableMath.cos(angle.radians)), s = CGFloat(PortableMath.sin(angle.radians))
        return CGPoint(x: x * c - y * s, y: x * s + y * c)
    }
    /// The distance to `other`.
    public func distance(to other: CGPoint) -> CGFloat { (self - other).length }
    /// The dot product.
    public func dot(_ other: CGPoint) -> CGFloat { x * other.x + y * other.y }
    /// The distance to the nearest point of the segment from `a` to `b`.
    package func distance(toSegment a: CGPoint, _ b: CGPoint) -> CGFloat {
        let d = b - a, l = d.dot(d)
        guard l > 0 else { return distance(to: a) }
        let t = min(max((self - a).dot(d) / l, 0), 1)
        return distance(to: a + d * t)
    }
}
