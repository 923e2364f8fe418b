import Foundation

// Internal vector arithmetic on points, for the stroker and path geometry.
extension CGPoint {
    @inline(__always) static prefix func - (p: CGPoint) -> CGPoint { CGPoint(x: -p.x, y: -p.y) }
}
