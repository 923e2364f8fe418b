import AnimateMath
public import AnimateDrawing
import AnimateFormula
import AnimateText
public import Foundation

/// A bar chart: one bar per value on axes with a round value scale, category names along the
/// bottom and the values over the bars. Drawn with `context.draw(chart, progress:)`, the bars grow from
/// the baseline one after another as `progress` goes from 0 to 1 (a pure function of it, so a
/// storyboard tracker can reveal it and the preview can scrub it).
///
/// ```swift
/// let chart = BarChart([3, 5, 2, 8], labels: ["A", "B", "C", "D"], in: CGRect(x: 200, y: 150, width: 1200, height: 700))
/// context.draw(chart, progress: frame.progress)
/// ```
public struct BarChart: Sendable {
    public var values: [Double]
    public var labels: [String]
    /// The bars' colours, used in turn.
    public var colors: [Color] = [Color(hex: 0x00798C), Color(hex: 0xD1495B), Color(hex: 0xEDAE49), Color(hex: 0x66A182), Color(hex: 0x2E4057)]
    /// The fraction of each slot a bar fills.
    public var barWidth: CGFloat = 0.7
    public var showsValues = true
    /// The axes the bars stand on: their y range is round and covers zero and every value.
    public var axes: Axes

    public init(_ values: [Double], labels: [String] = [], in frame: CGRect) {
        self.values = values
        self.labels = labels
        axes = Axes(x: 0...Double(max(values.count, 1)), y: ChartReveal.niceRange(values, includingZero: true), in: frame)
        axes.showsArrows = false
        axes.xStep = .infinity
    }

    /// Bar `index`'s rectangle on the canvas, `growth` of its height up from the baseline.
    public func bar(_ index: Int, growth: Double = 1) -> CGRect {
        guard values.indices.contains(index), values[index].isFinite else { return .null }
        let w = Double(min(max(barWidth, 0.05), 1))
        let left = Double(index) + (1 - w) / 2
        let base = min(max(0, axes.y.lowerBound), axes.y.upperBound)
        let top = min(max(base + (values[index] - base) * growth, axes.y.lowerBound), axes.y.upperBound)
        let p = axes.point(left, base), q = axes.point(left + w, top)
        return CGRect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))
    }
}

extension GraphicsContext {
    /// Draws the chart's axes, names and bars, each bar grown by `progress`.
    public func draw(_ chart: BarChart, progress: Double = 1) {
        draw(chart.axes)
        let size = chart.axes.fontSize
        for k in chart.values.indices {
            let g = ChartReveal.growth(k, of: chart.values.count, progress: progress)
            let full = chart.bar(k)
            if k < chart.labels.count {
                draw(Text(chart.labels[k]).font(.system(size: size)).foregroundColor(chart.axes.color),
                     at: CGPoint(x: full.midX, y: chart.axes.frame.maxY + size * 0.5), anchor: .top)
            }
            guard g > 0, !full.isNull else { continue }
            let color = chart.colors.isEmpty ? chart.axes.color : chart.colors[k % chart.colors.count]
            fill(Path(chart.bar(k, growth: g)), with: .color(color))
            if chart.showsValues {
                var faded = self
                faded.opacity *= g
                // Over the bar's top: its end for a positive value, the baseline for a negative one
                // (below, it would meet the names along the bottom).
                let grown = chart.bar(k, growth: g)
                faded.draw(Formula(Axes.number(chart.values[k])).inline().font(.system(size: size)).foregroundColor(chart.axes.color),
                           at: CGPoint(x: full.midX, y: grown.minY - size * 0.3), anchor: .bottom)
            }
        }
    }
}
