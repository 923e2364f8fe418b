public import AnimateDrawing
import AnimateFormula
public import Foundation

/// A number line: a range of numbers along a horizontal segment of the canvas, with ticks and
/// numbers at round steps, arrows at its ends, and `point(_:)` to place a pointer at a value.
///
/// ```swift
/// let line = NumberLine(-5...5, from: CGPoint(x: 260, y: 540), to: CGPoint(x: 1660, y: 540))
/// context.draw(line)
/// context.fill(Path(ellipseIn: CGRect(origin: line.point(2.5) - CGPoint(x: 8, y: 8), size: CGSize(width: 16, height: 16))), with: .color(.red))
/// ```
public struct NumberLine: Sendable {
    public var range: ClosedRange<Double>
    public var start: CGPoint
    public var end: CGPoint
    /// The distance between ticks; nil: a round step giving about ten.
    public var step: Double?
    public var color = Color(white: 0.2)
    public var lineWidth: CGFloat = 2
    public var fontSize: CGFloat = 24
    public var showsNumbers = true
    public var showsArrows = true

    public init(_ range: ClosedRange<Double>, from start: CGPoint, to end: CGPoint) {
        self.range = range
        self.start = start
        self.end = end
    }

    /// The canvas point of `value`.
    public func point(_ value: Double) -> CGPoint {
        let t = (value - range.lowerBound) / max(range.upperBound - range.lowerBound, .leastNormalMagnitude)
        return start + (end - start) * CGFloat(t)
    }

    /// The value at the point of the line nearest `p`.
    public func value(at p: CGPoint) -> Double {
        let d = end - start, l = d.dot(d)
        guard l > 0 else { return range.lowerBound }
        return range.lowerBound + Double((p - start).dot(d) / l) * (range.upperBound - range.lowerBound)
    }

    /// The tick values (none under the arrowheads).
    /// A pointer over the line at `value` (on the side away from the numbers), its tip `gap`
    /// points off the line: a triangle to fill, which a storyboard can move along.
    public func pointer(at value: Double, size: CGFloat = 20, gap: CGFloat = 6) -> Path {
        let p = point(value), d = (end - start).normalized
        guard p.x.isFinite, p.y.isFinite, d != .zero, size > 0, size.isFinite else { return Path() }
        let up = CGPoint(x: d.y, y: -d.x)      // away from the numbers
        let tip = p + up * gap, back = tip + up * size
        return Path { path in
            path.move(to: tip); path.addLine(to: back + d * (size * 0.6)); path.addLine(to: back - d * (size * 0.6)); path.closeSubpath()
        }
    }

    public var ticks: [Double] { Axes.ticks(range, step: step, arrows: showsArrows, arrowAtStart: true) }
}

extension NumberLine {
    /// The line, its arrowheads, ticks and numbers.
    package var parts: DiagramParts {
        var parts = DiagramParts(color: color, lineWidth: lineWidth)
        let d = (end - start).normalized
        let normal = CGPoint(x: -d.y, y: d.x)
        let tick = fontSize * 0.3
        parts.lines.move(to: start)
        parts.lines.addLine(to: end)
        for v in ticks {
            let p = point(v)
            parts.lines.move(to: p - normal * tick)
            parts.lines.addLine(to: p + normal * tick)
        }
        if showsArrows {
            parts.heads.addPath(Axes.arrowhead(at: end, pointing: d, size: lineWidth * 5))
            parts.heads.addPath(Axes.arrowhead(at: start, pointing: -d, size: lineWidth * 5))
        }
        if showsNumbers {
            for v in ticks {
                parts.labels.append(.init(formula: Axes.numberFormula(v, size: fontSize, color: color),
                                          point: point(v) + normal * (tick + fontSize * 0.2), anchor: .top))
            }
        }
        return parts
    }
}

extension GraphicsContext {
    /// Draws a number line: the line, arrows, ticks and numbers (typeset as math) below it.
    public func draw(_ line: NumberLine) { draw(line.parts) }
}
