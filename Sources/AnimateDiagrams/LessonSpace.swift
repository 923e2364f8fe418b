import AnimateMath
public import AnimateDrawing
public import Foundation

/// Lesson units on the canvas: an origin, a unit length and which way y runs (up, as in a
/// lesson). Positions and paths given in units map onto the canvas while whatever is drawn there
/// keeps its own size: strokes keep their width and text its size, because the geometry is
/// moved, not the context. The default is Manim's: origin at the centre, the frame 8 units tall.
///
/// ```swift
/// let space = LessonSpace(canvas: size)                       // 8 units tall, y up
/// context.stroke(space.path(Path(ellipseIn: CGRect(x: -1, y: -1, width: 2, height: 2))), with: .color(.blue), lineWidth: 4)
/// context.draw(Formula("x^2"), at: space.point(2, 1))
/// ```
public struct LessonSpace: Sendable, Hashable {
    /// The canvas point of the lesson's (0, 0).
    public var origin: CGPoint
    /// Bitmap points per lesson unit.
    public var unit: CGFloat
    public var yUp: Bool

    public init(origin: CGPoint, unit: CGFloat, yUp: Bool = true) {
        self.origin = origin
        self.unit = unit
        self.yUp = yUp
    }

    /// Origin at the canvas's centre, `height` units from top to bottom, y up.
    public init(canvas size: CGSize, height: Double = 8) {
        self.init(origin: CGPoint(x: size.width / 2, y: size.height / 2), unit: size.height / CGFloat(max(height, .leastNormalMagnitude)))
    }

    /// Lesson units to canvas points.
    public var transform: CGAffineTransform {
        CGAffineTransform(a: unit, b: 0, c: 0, d: yUp ? -unit : unit, tx: origin.x, ty: origin.y)
    }

    /// The canvas point of (x, y) in units.
    public func point(_ x: Double, _ y: Double) -> CGPoint { point(CGPoint(x: x, y: y)) }

    /// The canvas point of a point in units.
    public func point(_ p: CGPoint) -> CGPoint { CGPoint(x: origin.x + p.x * unit, y: origin.y + (yUp ? -p.y : p.y) * unit) }

    /// The lesson coordinates of a canvas point.
    public func coordinates(of p: CGPoint) -> CGPoint {
        guard unit != 0 else { return .zero }
        return CGPoint(x: (p.x - origin.x) / unit, y: (yUp ? origin.y - p.y : p.y - origin.y) / unit)
    }

    /// A path drawn in units, placed on the canvas.
    public func path(_ path: Path) -> Path { path.applying(transform) }

    /// A length in units, in canvas points.
    public func length(_ units: Double) -> CGFloat { CGFloat(units) * unit }

    /// The lesson rectangle (in units, y up or down as the space runs) that a canvas rectangle shows.
    public func rect(showing canvas: CGRect) -> CGRect {
        let a = coordinates(of: CGPoint(x: canvas.minX, y: canvas.minY)), b = coordinates(of: CGPoint(x: canvas.maxX, y: canvas.maxY))
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
