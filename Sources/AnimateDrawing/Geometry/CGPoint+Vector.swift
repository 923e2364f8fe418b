import Foundation

// Internal vector arithmetic on points, for the stroker and path geometry.
extension CGPoint {
    @inline(__always) static prefix func - (p: CGPoint) -> CGPoint { CGPoint(x: -p.x, y: -p.y) }
    @inline(__always) static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    @inline(__always) static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
    @inline(__always) static func * (p: CGPoint, s: CGFloat) -> CGPoint { CGPoint(x: p.x * s, y: p.y * s) }
    /// Distance from the origin.
    @inline(__always) var length: CGFloat { (x * x + y * y).squareRoot() }
}
