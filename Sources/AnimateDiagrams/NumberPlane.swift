import AnimateMath
public import AnimateDrawing
import AnimateFormula
public import Foundation

/// A coordinate plane for linear-algebra lessons (Manim's NumberPlane): grid lines at every step
/// (and fainter ones between), the axes over them, numbers along the axes. Its grid can be drawn
/// after any function of the plane: each grid line is sampled as a curve to a quarter pixel, so
/// lines bend smoothly; `progress` moves every point part of the way (Manim's ApplyPointwiseFunction).
///
/// ```swift
/// let plane = NumberPlane(x: -8...8, y: -4.5...4.5, in: CGRect(x: 0, y: 0, width: 1920, height: 1080))
/// context.draw(plane, applying: { x, y in (x + y, y) }, progress: t)   // a shear, t from 0 to 1
/// ```
public struct NumberPlane: Sendable {
    /// The ranges, frame, steps, colours and numbers of the plane's axes.
    public var axes: Axes
    public var gridColor = Color(red: 0.16, green: 0.67, blue: 0.79)
    public var gridLineWidth: CGFloat = 2
    /// Fainter lines between grid lines: this many parts to a step (1: none).
    public var subdivisions = 2
    /// Numbers up the y axis as multiples of i (a complex plane: "i", "2i", "-i").
    public var isComplex = false

    public init(x: ClosedRange<Double>, y: ClosedRange<Double>, in frame: CGRect) {
        axes = Axes(x: x, y: y, in: frame)
        axes.xStep = 1
        axes.yStep = 1
        axes.showsArrows = false
        axes.color = Color(white: 0.95)
        axes.fontSize = 22
        axes.numbersAtEnds = false
    }

    /// A plane as Manim's `NumberPlane(x_range=, y_range=)` draws it on a 1920 x 1080 canvas: one
    /// Manim unit a step, centred on the middle (by default filling the frame), Manim's blue lines
    /// with no faint ones between, white axes of stroke width 2 with no ticks or tips, numbers
    /// (when `numbers`) at Manim's size 24.
    public static func manim(x: ClosedRange<Double> = -7.111...7.111, y: ClosedRange<Double> = -4...4, step: Double = 1,
                             numbers: Bool = false, center: CGPoint = CGPoint(x: 960, y: 540)) -> NumberPlane {
        let u = Manim.unit
        let frame = CGRect(x: center.x + CGFloat(x.lowerBound) * u, y: center.y - CGFloat(y.upperBound) * u,
                           width: CGFloat(x.upperBound - x.lowerBound) * u, height: CGFloat(y.upperBound - y.lowerBound) * u)
        var plane = NumberPlane(x: x, y: y, in: frame)
        plane.axes.xStep = step
        plane.axes.yStep = step
        plane.axes.color = Manim.white
        plane.axes.lineWidth = Manim.strokeWidth(2)
        plane.axes.showsTicks = false
        plane.axes.showsNumbers = numbers
        plane.axes.fontSize = Manim.fontSize(24)
        plane.gridColor = Manim.blueD
        plane.gridLineWidth = Manim.strokeWidth(2)
        plane.subdivisions = 1
        return plane
    }

    /// The canvas point of (`x`, `y`).
    public func point(_ x: Double, _ y: Double) -> CGPoint { axes.point(x, y) }

    /// The plane as parts: its faint lines and grid (in its grid colour), then its axes.
    package var parts: DiagramParts {
        var axes = self.axes
        axes.showsGrid = false
        axes.yUnit = isComplex ? "i" : nil
        var parts = axes.parts
        parts.grid = grid()
        parts.faintGrid = subdivisions > 1 ? grid(main: false) : Path()
        parts.gridColor = gridColor
        parts.gridLineWidth = gridLineWidth
        return parts
    }
    /// The coordinates of a canvas point.
    public func coordinates(of p: CGPoint) -> (x: Double, y: Double) { axes.coordinates(of: p) }

    /// The values at which lines are drawn along a range: every `step / parts`, and whether each is
    /// a main line.
    static func lines(_ range: ClosedRange<Double>, step: Double?, parts: Int) -> [(value: Double, isMain: Bool)] {
        let step = step.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? Axes.niceStep(range)
        let parts = max(1, min(parts, 20))
        let fine = step / Double(parts)
        let first = (range.lowerBound / fine).rounded(.up), last = (range.upperBound / fine).rounded(.down)
        guard first <= last, last - first < 4000 else { return [] }
        return stride(from: first, through: last, by: 1).map { k in
            (k * fine, Int(k.rounded()) % parts == 0)
        }
    }

    /// The grid lines (the main ones, or the faint ones between) after `f`, `progress` of the way.
    public func grid(main: Bool = true, applying f: (@Sendable (Double, Double) -> (x: Double, y: Double))? = nil,
                     progress: Double = 1, tolerance: CGFloat = 0.25) -> Path {
        guard main || subdivisions > 1 else { return Path() }
        let parts = main ? 1 : subdivisions
        var path = Path()
        for v in Self.lines(axes.x, step: axes.xStep, parts: parts) where main || !v.isMain {
            addLine({ (v.value, $0) }, over: axes.y, applying: f, progress: progress, tolerance: tolerance, to: &path)
        }
        for v in Self.lines(axes.y, step: axes.yStep, parts: parts) where main || !v.isMain {
            addLine({ ($0, v.value) }, over: axes.x, applying: f, progress: progress, tolerance: tolerance, to: &path)
        }
        return path
    }

    /// Adds the line s -> `line(s)` over `domain` after `f`, `progress` of the way: straight
    /// without f, else sampled as a curve.
    func addLine(_ line: @escaping (Double) -> (x: Double, y: Double), over domain: ClosedRange<Double>,
                 applying f: (@Sendable (Double, Double) -> (x: Double, y: Double))?, progress: Double, tolerance: CGFloat, to path: inout Path) {
        guard let f, progress != 0 else {
            let a = line(domain.lowerBound), b = line(domain.upperBound)
            path.move(to: point(a.x, a.y)); path.addLine(to: point(b.x, b.y))
            return
        }
        let t = progress.isFinite ? progress : 1
        let sampler = CurveSampler(curve: { s in
            let p = line(s), q = f(p.x, p.y)
            let mx = p.x + (q.x - p.x) * t, my = p.y + (q.y - p.y) * t
            return mx.isFinite && my.isFinite ? point(mx, my) : nil
        }, domain: domain, tolerance: tolerance)
        for piece in sampler.polylines(over: domain) { path.addLines(piece) }
    }

    /// Where the basis vectors (1, 0) and (0, 1) end after `f`, `progress` of the way: for the
    /// arrows of i-hat and j-hat.
    public func basis(applying f: (@Sendable (Double, Double) -> (x: Double, y: Double))? = nil, progress: Double = 1) -> (i: CGPoint, j: CGPoint) {
        func moved(_ x: Double, _ y: Double) -> CGPoint {
            guard let f else { return point(x, y) }
            let q = f(x, y)
            return point(x + (q.x - x) * progress, y + (q.y - y) * progress)
        }
        return (moved(1, 0), moved(0, 1))
    }
}

extension GraphicsContext {
    /// Draws `plane`: the faint lines, the grid and the axes, after `f` (`progress` of the way)
    /// when given, clipped to the plane's frame; numbers along the axes of the plane as it stands.
    public func draw(_ plane: NumberPlane, applying f: (@Sendable (Double, Double) -> (x: Double, y: Double))? = nil, progress: Double = 1) {
        var clipped = self
        clipped.clip(to: Path(plane.axes.frame))
        if plane.subdivisions > 1 {
            clipped.stroke(plane.grid(main: false, applying: f, progress: progress), with: .color(plane.gridColor.opacity(0.35)), lineWidth: plane.gridLineWidth / 2)
        }
        clipped.stroke(plane.grid(applying: f, progress: progress), with: .color(plane.gridColor), lineWidth: plane.gridLineWidth)
        var axes = plane.axes
        axes.yUnit = plane.isComplex ? "i" : nil
        if f == nil || progress == 0 {
            clipped.draw(axes)
        } else {
            // The axes bend with the plane; numbers stay off while it is moved.
            let o = axes.origin
            var path = Path()
            plane.addLine({ ($0, o.y) }, over: axes.x, applying: f, progress: progress, tolerance: 0.25, to: &path)
            plane.addLine({ (o.x, $0) }, over: axes.y, applying: f, progress: progress, tolerance: 0.25, to: &path)
            clipped.stroke(path, with: .color(axes.color), lineWidth: axes.lineWidth)
        }
    }
}
