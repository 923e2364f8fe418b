import AnimateMath
public import AnimateDrawing
public import Foundation

/// A scatter plot: dots at (x, y) data on axes with round ranges covering them. Drawn with
/// `context.draw(plot, progress:)`, the dots pop in one after another as `progress` goes from 0 to 1.
public struct ScatterPlot: Sendable {
    public var points: [(x: Double, y: Double)]
    public var color = Color(hex: 0x00798C)
    public var radius: CGFloat = 8
    public var axes: Axes

    public init(_ points: [(x: Double, y: Double)], in frame: CGRect) {
        self.points = points
        axes = Axes(x: ChartReveal.niceRange(points.map(\.x), includingZero: false),
                    y: ChartReveal.niceRange(points.map(\.y), includingZero: false), in: frame)
    }
}

extension GraphicsContext {
    /// Draws the axes and the dots, each grown in by `progress`.
    public func draw(_ plot: ScatterPlot, progress: Double = 1) {
        draw(plot.axes)
        for (k, p) in plot.points.enumerated() where p.x.isFinite && p.y.isFinite {
            let g = ChartReveal.growth(k, of: plot.points.count, progress: progress)
            guard g > 0 else { continue }
            fill(Dot(at: plot.axes.point(p.x, p.y), radius: plot.radius * CGFloat(g)).path, with: .color(plot.color.opacity(0.85)))
        }
    }
}
