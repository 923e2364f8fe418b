import AnimateMath
public import AnimateDrawing
public import Foundation

/// A line chart: series of (x, y) data joined by lines, with markers, on axes with round ranges
/// covering the data. Drawn with `context.draw(chart, progress:)`, each line is drawn on from left
/// to right as `progress` goes from 0 to 1, its markers appearing as the line reaches them.
public struct LineChart: Sendable {
    public var series: [[(x: Double, y: Double)]]
    public var colors: [Color] = [Color(hex: 0x00798C), Color(hex: 0xD1495B), Color(hex: 0xEDAE49), Color(hex: 0x66A182)]
    public var lineWidth: CGFloat = 4
    /// The markers' radius (0: none).
    public var markerRadius: CGFloat = 7
    public var axes: Axes

    public init(_ series: [[(x: Double, y: Double)]], in frame: CGRect) {
        self.series = series
        let points = series.flatMap { $0 }
        axes = Axes(x: ChartReveal.niceRange(points.map(\.x), includingZero: false),
                    y: ChartReveal.niceRange(points.map(\.y), includingZero: false), in: frame)
    }

    /// One series.
    public init(_ points: [(x: Double, y: Double)], in frame: CGRect) { self.init([points], in: frame) }

    /// The line through series `index`, on the canvas.
    public func path(_ index: Int) -> Path {
        guard series.indices.contains(index) else { return Path() }
        var path = Path()
        for p in series[index] where p.x.isFinite && p.y.isFinite {
            let q = axes.point(p.x, p.y)
            if path.isEmpty { path.move(to: q) } else { path.addLine(to: q) }
        }
        return path
    }
}

extension GraphicsContext {
    /// Draws the axes and each series drawn on by `progress` (left to right), markers as reached.
    public func draw(_ chart: LineChart, progress: Double = 1) {
        draw(chart.axes)
        let p = min(max(progress.isFinite ? progress : 1, 0), 1)
        for k in chart.series.indices {
            let color = chart.colors.isEmpty ? chart.axes.color : chart.colors[k % chart.colors.count]
            let line = chart.path(k)
            if p > 0 { stroke(p < 1 ? line.trimmedPath(from: 0, to: CGFloat(p)) : line, with: .color(color), style: StrokeStyle(lineWidth: chart.lineWidth, lineCap: .round, lineJoin: .round)) }
            guard chart.markerRadius > 0 else { continue }
            // A marker shows once the line has reached its x.
            let xs = chart.series[k].map(\.x).filter(\.isFinite)
            guard let lo = xs.min(), let hi = xs.max() else { continue }
            for point in chart.series[k] where point.x.isFinite && point.y.isFinite {
                let at = hi > lo ? (point.x - lo) / (hi - lo) : 0
                guard at <= p + 1e-9 else { continue }
                fill(Dot(at: chart.axes.point(point.x, point.y), radius: chart.markerRadius).path, with: .color(color))
            }
        }
    }
}
