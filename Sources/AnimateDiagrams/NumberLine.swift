import AnimateDrawing
import AnimateFormula
import Foundation

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
    public var ticks: [Double] {
        let step = step.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? Axes.niceStep(range)
        let first = (range.lowerBound / step).rounded(.up), last = (range.upperBound / step).rounded(.down)
        guard first <= last, last - first < 1000 else { return [] }
        let span = range.upperBound - range.lowerBound
        return stride(from: first, through: last, by: 1).map { $0 * step }.filter {
            !showsArrows || ($0 > range.lowerBound + span * 1e-9 && $0 < range.upperBound - span * 1e-9)
        }
    }
}

extension GraphicsContext {
    /// Draws a number line: the line, arrows, ticks and numbers (typeset as math) below it.
    public func draw(_ line: NumberLine) {
        let d = (line.end - line.start).normalized
        let normal = CGPoint(x: -d.y, y: d.x)
        let tick = line.fontSize * 0.3
        var path = Path()
        path.move(to: line.start)
        path.addLine(to: line.end)
        for v in line.ticks {
            let p = line.point(v)
            path.move(to: p - normal * tick)
            path.addLine(to: p + normal * tick)
        }
        stroke(path, with: .color(line.color), lineWidth: line.lineWidth)
        if line.showsArrows {
            let size = line.lineWidth * 5
            for (tip, direction) in [(line.end, d), (line.start, -d)] {
                var head = Path()
                head.move(to: tip + direction * size)
                head.addLine(to: tip - direction * (size * 0.6) + normal * (size * 0.7))
                head.addLine(to: tip - direction * (size * 0.6) - normal * (size * 0.7))
                head.closeSubpath()
                fill(head, with: .color(line.color))
            }
        }
        if line.showsNumbers {
            for v in line.ticks {
                let p = line.point(v) + normal * (tick + line.fontSize * 0.2)
                draw(Formula(Axes.number(v)).inline().font(.system(size: line.fontSize)).foregroundColor(line.color), at: p, anchor: .top)
            }
        }
    }
}
