import AnimateMath
public import AnimateDrawing
package import AnimateFormula
import AnimateText
public import Foundation

/// A coordinate system drawn as axes: ranges of x and y mapped onto a rectangle of the canvas (y
/// up), with ticks, numbers, arrows, an optional grid and axis labels. Points map both ways, so
/// anything can be placed "at (2, 3) on these axes", and `plot` draws functions on them.
///
/// ```swift
/// let axes = Axes(x: -4...4, y: -2...2, in: CGRect(x: 160, y: 140, width: 1600, height: 800))
/// context.draw(axes)
/// context.stroke(axes.plot { sin($0) }, with: .color(.blue), lineWidth: 4)
/// ```
public struct Axes: Sendable {
    /// How values are spread along an axis.
    public enum Scale: Sendable, Hashable {
        case linear
        /// Equal steps for equal ratios (powers of ten equally spaced); its range must be positive.
        case logarithmic
    }

    public var x: ClosedRange<Double>
    public var y: ClosedRange<Double>
    public var xScale = Scale.linear
    public var yScale = Scale.linear
    /// Where the ranges are drawn, in canvas points.
    public var frame: CGRect
    /// The distance between ticks on each axis; nil: a round step giving five to ten ticks;
    /// `.infinity`: no ticks (nor numbers).
    public var xStep: Double?
    public var yStep: Double?
    public var color = Color(white: 0.2)
    public var lineWidth: CGFloat = 2
    /// The size of the tick numbers and labels.
    public var fontSize: CGFloat = 24
    public var showsNumbers = true
    public var showsArrows = true
    public var showsGrid = false
    /// TeX for the axes' names (`"x"`, `"f(x)"`), drawn at their ends.
    public var xLabel: String?
    public var yLabel: String?
    /// TeX written after the y axis's numbers as a unit: "i" numbers a complex plane's imaginary
    /// axis "i", "2i", "-i".
    public var yUnit: String?
    /// Whether numbers are written at the ends of the ranges (a number plane, whose ends are its
    /// frame's edges, leaves them off).
    var numbersAtEnds = true
    public var showsTicks = true
    /// How far a tick reaches either side of its axis; nil: three tenths of the font size.
    public var tickLength: CGFloat?
    /// The numbers written along each axis (Manim's numbers_to_include); nil: one at every tick.
    public var xNumbers: [Double]?
    public var yNumbers: [Double]?
    /// Values whose ticks are drawn twice as long (Manim's numbers_with_elongated_ticks).
    public var xLongTicks: [Double] = []
    public var yLongTicks: [Double] = []
    /// The colour of the numbers and of the axes' names; nil: the axes' colour.
    public var numberColor: Color?
    public var labelColor: Color?
    /// The arrowheads' length from the axis's end to their tip; nil: five line widths.
    public var arrowSize: CGFloat?
    /// Where the axes' names go.
    public var labelPlacement = LabelPlacement.beyondEnds
    /// The size of the axes' names; nil: the numbers' size and a fifth.
    public var labelSize: CGFloat?

    /// Where the axes' names go: past each axis's end (x to its right, y above), or up and to the
    /// right of each end, as Manim's `get_axis_labels` puts them.
    public enum LabelPlacement: Sendable, Hashable { case beyondEnds, upRight }

    public init(x: ClosedRange<Double>, y: ClosedRange<Double>, in frame: CGRect) {
        self.x = x
        self.y = y
        self.frame = frame
    }

    /// Axes `width` x `height` points centred on `center` (Manim's `x_length` and `y_length`,
    /// its axes centred on the origin).
    public init(x: ClosedRange<Double>, y: ClosedRange<Double>, width: CGFloat, height: CGFloat, center: CGPoint = CGPoint(x: 960, y: 540)) {
        self.init(x: x, y: y, in: CGRect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height))
    }

    /// Axes as Manim's `Axes(x_range=[a, b, xStep], y_range=[c, d, yStep], x_length=, y_length=)`
    /// draws them on a 1920 x 1080 canvas: lengths in Manim units centred on the middle, a step of
    /// 1, white lines of Manim's stroke width 2, ticks a tenth of a unit either side, tips 0.35 units
    /// long, numbers (when `numbers`) at Manim's size 36 below and left of the axes, names at its
    /// size 48 up and right of the ends.
    public static func manim(x: ClosedRange<Double>, y: ClosedRange<Double>, xStep: Double = 1, yStep: Double = 1,
                             xLength: Double = 12, yLength: Double = 6, numbers: Bool = false,
                             center: CGPoint = CGPoint(x: 960, y: 540)) -> Axes {
        var axes = Axes(x: x, y: y, width: CGFloat(xLength) * Manim.unit, height: CGFloat(yLength) * Manim.unit, center: center)
        axes.xStep = xStep
        axes.yStep = yStep
        axes.color = Manim.white
        axes.lineWidth = Manim.strokeWidth(2)
        axes.tickLength = 0.1 * Manim.unit
        axes.arrowSize = 0.35 * Manim.unit / 1.6
        axes.fontSize = Manim.fontSize(36)
        axes.labelSize = Manim.fontSize(48)
        axes.showsNumbers = numbers
        axes.labelPlacement = .upRight
        return axes
    }

    /// A value along an axis as a fraction of its range (0 at the low end, 1 at the high end).
    static func fraction(_ v: Double, _ range: ClosedRange<Double>, _ scale: Scale) -> Double {
        switch scale {
        case .linear:
            return (v - range.lowerBound) / max(range.upperBound - range.lowerBound, .leastNormalMagnitude)
        case .logarithmic:
            let lo = Foundation.log10(max(range.lowerBound, .leastNormalMagnitude)), hi = Foundation.log10(max(range.upperBound, .leastNormalMagnitude))
            return (Foundation.log10(v) - lo) / max(hi - lo, .leastNormalMagnitude)
        }
    }

    /// The value at a fraction of an axis's range.
    static func value(_ f: Double, _ range: ClosedRange<Double>, _ scale: Scale) -> Double {
        switch scale {
        case .linear:
            return range.lowerBound + f * (range.upperBound - range.lowerBound)
        case .logarithmic:
            let lo = Foundation.log10(max(range.lowerBound, .leastNormalMagnitude)), hi = Foundation.log10(max(range.upperBound, .leastNormalMagnitude))
            return Foundation.pow(10, lo + f * (hi - lo))
        }
    }

    /// The canvas point of (`x`, `y`).
    public func point(_ x: Double, _ y: Double) -> CGPoint {
        let sx = Self.fraction(x, self.x, xScale), sy = Self.fraction(y, self.y, yScale)
        return CGPoint(x: frame.minX + CGFloat(sx) * frame.width, y: frame.maxY - CGFloat(sy) * frame.height)
    }

    /// The coordinates of a canvas point.
    public func coordinates(of p: CGPoint) -> (x: Double, y: Double) {
        let sx = Double((p.x - frame.minX) / max(frame.width, .leastNormalMagnitude))
        let sy = Double((frame.maxY - p.y) / max(frame.height, .leastNormalMagnitude))
        return (Self.value(sx, x, xScale), Self.value(sy, y, yScale))
    }

    /// Where the axes cross: zero when in range, else the range's nearer end (a logarithmic axis
    /// has no zero: its low end).
    var origin: (x: Double, y: Double) {
        (xScale == .logarithmic ? x.lowerBound : min(max(0, x.lowerBound), x.upperBound),
         yScale == .logarithmic ? y.lowerBound : min(max(0, y.lowerBound), y.upperBound))
    }

    /// The powers of ten in a positive range (every `step`-th power when a step is given), but
    /// `skipping` and, with arrows, the top end.
    static func logTicks(_ range: ClosedRange<Double>, step: Double?, skipping: Double?, arrows: Bool) -> [Double] {
        if step == .infinity { return [] }
        guard range.lowerBound > 0, range.upperBound.isFinite else { return [] }
        let lo = Foundation.log10(range.lowerBound), hi = Foundation.log10(range.upperBound)
        let every = max(1, (step.flatMap { $0 >= 1 && $0.isFinite ? $0 : nil } ?? 1).rounded())
        let first = (lo / every - 1e-9).rounded(.up), last = (hi / every + 1e-9).rounded(.down)
        guard first <= last, last - first < 400 else { return [] }
        return stride(from: first, through: last, by: 1).map { Foundation.pow(10, $0 * every) }.filter { v in
            if let skipping, abs(v / skipping - 1) < 1e-9 { return false }
            return !arrows || v < range.upperBound * (1 - 1e-9)
        }
    }

    /// The log-scale minor ticks: 2 to 9 times each power of ten within the range.
    static func minorLogTicks(_ range: ClosedRange<Double>) -> [Double] {
        guard range.lowerBound > 0, range.upperBound.isFinite else { return [] }
        let lo = Foundation.log10(range.lowerBound).rounded(.down), hi = Foundation.log10(range.upperBound).rounded(.up)
        guard hi - lo < 60 else { return [] }
        var out: [Double] = []
        for k in stride(from: lo, to: hi, by: 1) {
            for m in 2...9 {
                let v = Double(m) * Foundation.pow(10, k)
                if range.contains(v) { out.append(v) }
            }
        }
        return out
    }

    /// A round step (1, 2 or 5 times a power of ten) giving five to ten ticks over `range`.
    static func niceStep(_ range: ClosedRange<Double>) -> Double {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / 10
        let power = Foundation.pow(10, Foundation.floor(Foundation.log10(raw)))
        for m in [1.0, 2, 5, 10] where raw <= m * power { return m * power }
        return 10 * power
    }

    /// The multiples of `step` (else a round step) in `range`, but `skipping` (the other axis's
    /// crossing) and, with arrows, the ends the arrowheads cover (`arrowAtStart` for a number line's
    /// left end too).
    static func ticks(_ range: ClosedRange<Double>, step: Double?, skipping: Double? = nil, arrows: Bool, arrowAtStart: Bool = false) -> [Double] {
        if step == .infinity { return [] }
        let step = step.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? niceStep(range)
        let first = (range.lowerBound / step).rounded(.up), last = (range.upperBound / step).rounded(.down)
        guard first <= last, last - first < 1000 else { return [] }
        let margin = 1e-9 * (range.upperBound - range.lowerBound)
        return stride(from: first, through: last, by: 1).map { $0 * step }.filter { v in
            if let skipping, abs(v - skipping) <= step * 1e-9 { return false }
            return !arrows || (v < range.upperBound - margin && (!arrowAtStart || v > range.lowerBound + margin))
        }
    }

    /// The x and y tick values (none under the arrowheads).
    public var xTicks: [Double] {
        xScale == .logarithmic ? Self.logTicks(x, step: xStep, skipping: origin.x, arrows: showsArrows)
                               : Self.ticks(x, step: xStep, skipping: origin.x, arrows: showsArrows)
    }
    public var yTicks: [Double] {
        yScale == .logarithmic ? Self.logTicks(y, step: yStep, skipping: origin.y, arrows: showsArrows)
                               : Self.ticks(y, step: yStep, skipping: origin.y, arrows: showsArrows)
    }

    /// y = f(x) over the x range (or `domain`) as a path on these axes: sampled to a quarter pixel
    /// of the curve (the polyline is within 0.25 points of it), broken at poles and jumps and where
    /// f is not finite, and cut at the frame's top and bottom. Sample once and keep the path: it
    /// does not change from frame to frame.
    public func plot(over domain: ClosedRange<Double>? = nil, tolerance: CGFloat = 0.25, _ f: @escaping (Double) -> Double) -> Path {
        let domain = domain ?? x
        guard xScale == .logarithmic else {
            let sampler = CurveSampler(graph: f, map: { point($0, $1) }, tolerance: tolerance, finest: 0.05)
            return path(of: sampler.polylines(over: domain))
        }
        // On a logarithmic x axis the curve is sampled evenly along the axis: by the logarithm of x.
        // Where the domain reaches zero or below, it starts at the axis's own low end.
        let low = domain.lowerBound > 0 ? domain.lowerBound : x.lowerBound
        guard low > 0, domain.upperBound > low else { return Path() }
        let sampler = CurveSampler(graph: { f(Foundation.pow(10, $0)) }, map: { point(Foundation.pow(10, $0), $1) }, tolerance: tolerance, finest: 0.05)
        return path(of: sampler.polylines(over: Foundation.log10(low)...Foundation.log10(domain.upperBound)))
    }

    /// A polyline's parts inside `rect`, cut where it crosses the edges.
    static func clip(_ line: [CGPoint], to rect: CGRect) -> [[CGPoint]] {
        var pieces: [[CGPoint]] = []
        var current: [CGPoint] = []
        for (a, b) in zip(line, line.dropFirst()) {
            guard let (c, d) = clipSegment(a, b, rect) else {
                if current.count >= 2 { pieces.append(current) }
                current = []
                continue
            }
            if current.last != c {
                if current.count >= 2 { pieces.append(current) }
                current = [c]
            }
            current.append(d)
            if d != b {
                pieces.append(current)
                current = []
            }
        }
        if current.count >= 2 { pieces.append(current) }
        return pieces
    }

    /// The part of segment a-b inside `rect` (Liang-Barsky), or nil.
    static func clipSegment(_ a: CGPoint, _ b: CGPoint, _ rect: CGRect) -> (CGPoint, CGPoint)? {
        var t0: CGFloat = 0, t1: CGFloat = 1
        let d = b - a
        for (p, q) in [(-d.x, a.x - rect.minX), (d.x, rect.maxX - a.x), (-d.y, a.y - rect.minY), (d.y, rect.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 > t1 { return nil }
            }
        }
        return (t0 == 0 ? a : a + d * t0, t1 == 1 ? b : a + d * t1)
    }

    /// The tick numbers as TeX, without trailing zeros ("0.5", "-2").
    package static func number(_ value: Double) -> String {
        let rounded = (value * 1e6).rounded() / 1e6
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        var s = String(format: "%.6f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}

/// What a diagram is drawn from: lines to stroke, heads to fill and labels to typeset, so a
/// storyboard can draw the lines on and write the labels.
package struct DiagramParts: Sendable {
    package struct Label: Sendable {
        package var formula: Formula
        package var point: CGPoint
        package var anchor: UnitPoint
    }
    /// Faint lines (a grid), stroked at half the width in the colour at a fifth of its opacity,
    /// or in `gridColor` at `gridLineWidth` (a number plane's, with its fainter lines between).
    package var grid = Path()
    package var gridColor: Color?
    package var gridLineWidth: CGFloat?
    package var faintGrid = Path()
    package var lines = Path()
    package var heads = Path()
    package var labels: [Label] = []
    package var color: Color
    package var lineWidth: CGFloat
}

extension Axes {
    /// The axes' grid, lines, arrowheads, numbers and labels.
    package var parts: DiagramParts {
        var parts = DiagramParts(color: color, lineWidth: lineWidth)
        let o = origin
        let tick = max(tickLength ?? fontSize * 0.3, 0)
        func length(_ v: Double, _ long: [Double]) -> CGFloat {
            long.contains { abs($0 - v) <= Swift.max(abs(v), 1) * 1e-9 } ? 2 * tick : tick
        }
        if showsGrid {
            for v in xTicks { parts.grid.move(to: point(v, y.lowerBound)); parts.grid.addLine(to: point(v, y.upperBound)) }
            for v in yTicks { parts.grid.move(to: point(x.lowerBound, v)); parts.grid.addLine(to: point(x.upperBound, v)) }
        }
        let xStart = point(x.lowerBound, o.y), xEnd = point(x.upperBound, o.y)
        let yStart = point(o.x, y.lowerBound), yEnd = point(o.x, y.upperBound)
        parts.lines.move(to: xStart); parts.lines.addLine(to: xEnd)
        parts.lines.move(to: yStart); parts.lines.addLine(to: yEnd)
        // A logarithmic axis ticks 2 to 9 times each power of ten, shorter.
        if xScale == .logarithmic {
            for v in Self.minorLogTicks(x) { let p = point(v, o.y); parts.lines.move(to: CGPoint(x: p.x, y: p.y - tick / 2)); parts.lines.addLine(to: CGPoint(x: p.x, y: p.y + tick / 2)) }
        }
        if yScale == .logarithmic {
            for v in Self.minorLogTicks(y) { let p = point(o.x, v); parts.lines.move(to: CGPoint(x: p.x - tick / 2, y: p.y)); parts.lines.addLine(to: CGPoint(x: p.x + tick / 2, y: p.y)) }
        }
        if showsTicks && tick > 0 {
            for v in xTicks {
                let p = point(v, o.y), t = length(v, xLongTicks)
                parts.lines.move(to: CGPoint(x: p.x, y: p.y - t)); parts.lines.addLine(to: CGPoint(x: p.x, y: p.y + t))
            }
            for v in yTicks {
                let p = point(o.x, v), t = length(v, yLongTicks)
                parts.lines.move(to: CGPoint(x: p.x - t, y: p.y)); parts.lines.addLine(to: CGPoint(x: p.x + t, y: p.y))
            }
        }
        if showsArrows {
            let size = max(arrowSize ?? lineWidth * 5, 0)
            parts.heads.addPath(Self.arrowhead(at: xEnd, pointing: CGPoint(x: 1, y: 0), size: size))
            parts.heads.addPath(Self.arrowhead(at: yEnd, pointing: CGPoint(x: 0, y: -1), size: size))
        }
        let numberColor = self.numberColor ?? color, labelColor = self.labelColor ?? color
        if showsNumbers {
            let gap = tick + fontSize * 0.2
            func inside(_ v: Double, _ r: ClosedRange<Double>) -> Bool {
                numbersAtEnds || (v > r.lowerBound + 1e-9 * (r.upperBound - r.lowerBound) && v < r.upperBound - 1e-9 * (r.upperBound - r.lowerBound))
            }
            // Numbers asked for by value are written where they fall in the range, ticks or not.
            let xValues = xNumbers?.filter { x.contains($0) } ?? xTicks, yValues = yNumbers?.filter { y.contains($0) } ?? yTicks
            for v in xValues where inside(v, x) {
                let formula = xScale == .logarithmic ? Self.powerFormula(v, size: fontSize, color: numberColor)
                    : Self.numberFormula(v, size: fontSize, color: numberColor)
                parts.labels.append(.init(formula: formula, point: point(v, o.y) + CGPoint(x: 0, y: gap), anchor: .top))
            }
            for v in yValues where inside(v, y) {
                let formula = yScale == .logarithmic ? Self.powerFormula(v, size: fontSize, color: numberColor)
                    : Self.numberFormula(v, unit: yUnit, size: fontSize, color: numberColor)
                parts.labels.append(.init(formula: formula, point: point(o.x, v) - CGPoint(x: gap, y: 0), anchor: .trailing))
            }
        }
        let labelSize = self.labelSize ?? fontSize * 1.2
        let beyond = lineWidth * 6, upRight = Swift.max(tick, lineWidth * 3)
        if let xLabel {
            let formula = Formula(xLabel).inline().font(.system(size: labelSize)).foregroundColor(labelColor)
            switch labelPlacement {
            case .beyondEnds: parts.labels.append(.init(formula: formula, point: CGPoint(x: xEnd.x + beyond, y: xEnd.y), anchor: .leading))
            case .upRight: parts.labels.append(.init(formula: formula, point: CGPoint(x: xEnd.x + upRight, y: xEnd.y - upRight), anchor: .bottomLeading))
            }
        }
        if let yLabel {
            let formula = Formula(yLabel).inline().font(.system(size: labelSize)).foregroundColor(labelColor)
            switch labelPlacement {
            case .beyondEnds: parts.labels.append(.init(formula: formula, point: CGPoint(x: yEnd.x, y: yEnd.y - beyond), anchor: .bottom))
            case .upRight: parts.labels.append(.init(formula: formula, point: CGPoint(x: yEnd.x + upRight, y: yEnd.y - upRight), anchor: .bottomLeading))
            }
        }
        return parts
    }

    /// A filled arrowhead whose tip is `size` beyond `point` in `direction` (a unit vector), its
    /// back 0.6 `size` behind the point: 1.6 `size` long.
    static func arrowhead(at point: CGPoint, pointing direction: CGPoint, size: CGFloat) -> Path {
        let side = CGPoint(x: -direction.y, y: direction.x)
        var head = Path()
        head.move(to: point + direction * size)
        head.addLine(to: point - direction * (size * 0.6) + side * (size * 0.7))
        head.addLine(to: point - direction * (size * 0.6) - side * (size * 0.7))
        head.closeSubpath()
        return head
    }

    /// A power of ten as inline math: 10^k (1 and 10 as themselves).
    static func powerFormula(_ value: Double, size: CGFloat, color: Color) -> Formula {
        let k = Int(Foundation.log10(value).rounded())
        let tex = k == 0 ? "1" : k == 1 ? "10" : "10^{\(k)}"
        return Formula(tex).inline().font(.system(size: size)).foregroundColor(color)
    }

    /// A tick's number as inline math, with its unit ("2i"; a unit alone for 1 and -1).
    static func numberFormula(_ value: Double, unit: String? = nil, size: CGFloat, color: Color) -> Formula {
        var tex = number(value)
        if let unit { tex = tex == "1" ? unit : tex == "-1" ? "-" + unit : tex + unit }
        return Formula(tex).inline().font(.system(size: size)).foregroundColor(color)
    }
}

extension GraphicsContext {
    /// Draws `axes`: grid, axis lines with arrows, ticks, numbers (typeset as math) and labels.
    public func draw(_ axes: Axes) { draw(axes.parts) }

    /// Draws a diagram's parts: faint grid, lines, heads, labels.
    package func draw(_ parts: DiagramParts) {
        if !parts.grid.isEmpty { stroke(parts.grid, with: .color(parts.color.opacity(0.2)), lineWidth: parts.lineWidth / 2) }
        stroke(parts.lines, with: .color(parts.color), lineWidth: parts.lineWidth)
        if !parts.heads.isEmpty { fill(parts.heads, with: .color(parts.color)) }
        for label in parts.labels { draw(label.formula, at: label.point, anchor: label.anchor) }
    }
}
