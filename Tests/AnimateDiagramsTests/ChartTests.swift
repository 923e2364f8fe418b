import AnimateDiagrams
import AnimateDrawing
import AnimateTestSupport
import Foundation
import Testing

/// Bar, line and scatter charts: round scales covering the data, bars standing on the baseline,
/// reveals growing with progress and complete at 1.
@Suite struct ChartTests {
    @Test func barsStandOnTheBaseline() {
        let chart = BarChart([3, 5, -2, 8], labels: ["A", "B", "C", "D"], in: CGRect(x: 100, y: 100, width: 800, height: 500))
        #expect(chart.axes.y == -2...8 && chart.axes.xTicks.isEmpty)
        let base = chart.axes.point(0, 0).y
        for (k, v) in chart.values.enumerated() {
            let r = chart.bar(k)
            #expect(abs((v >= 0 ? r.maxY : r.minY) - base) < 1e-9, "bar \(k) stands on zero")
            #expect(abs(r.height - abs(chart.axes.point(0, v).y - base)) < 1e-9)
            #expect(abs(r.width - 0.7 * 200) < 1e-9 && abs(r.midX - chart.axes.point(Double(k) + 0.5, 0).x) < 1e-9)
            #expect(abs(chart.bar(k, growth: 0.5).height - r.height / 2) < 1e-9 && chart.bar(k, growth: 0).height == 0)
        }
        #expect(chart.bar(9) == .null)
    }

    @Test func revealsGrowWithProgress() {
        func covered(_ draw: (inout GraphicsContext) -> Void) -> Double {
            var canvas = Bitmap(width: 1000, height: 700)
            canvas.draw { context, _ in draw(&context) }
            return totalCoverage(canvas)
        }
        let bars = BarChart([3, 5, 2, 8, 6], labels: ["a", "b", "c", "d", "e"], in: CGRect(x: 100, y: 100, width: 800, height: 500))
        let line = LineChart([[(0, 1), (1, 3), (2, 2), (3, 5), (4, 4)], [(0, 2), (2, 1), (4, 3)]], in: CGRect(x: 100, y: 100, width: 800, height: 500))
        let scatter = ScatterPlot((0..<40).map { (Double($0), sin(Double($0) / 4) * 3) }, in: CGRect(x: 100, y: 100, width: 800, height: 500))
        #expect(line.axes.x == 0...4 && line.axes.y.lowerBound <= 1 && line.axes.y.upperBound >= 5)
        for (name, at) in [("bars", { p in covered { $0.draw(bars, progress: p) } }), ("line", { p in covered { $0.draw(line, progress: p) } }),
                           ("scatter", { p in covered { $0.draw(scatter, progress: p) } })] as [(String, (Double) -> Double)] {
            let values = [0, 0.25, 0.5, 0.75, 1].map(at)
            for (a, b) in zip(values, values.dropFirst()) { #expect(b > a, "\(name) grows: \(values)") }
            #expect(at(1) == at(3), "\(name) complete at 1")
        }
        var canvas = Bitmap(width: 1500, height: 600)
        canvas.draw { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 1500, height: 600)), with: .color(.white))
            context.draw(BarChart([3, 5, -2, 8], labels: ["Mon", "Tue", "Wed", "Thu"], in: CGRect(x: 60, y: 60, width: 400, height: 440)))
            context.draw(LineChart([[(0, 1), (1, 3), (2, 2), (3, 5), (4, 4)], [(0, 2), (2, 1), (4, 3)]], in: CGRect(x: 560, y: 60, width: 400, height: 440)), progress: 0.7)
            context.draw(ScatterPlot((0..<40).map { (Double($0), sin(Double($0) / 4) * 3) }, in: CGRect(x: 1060, y: 60, width: 400, height: 440)))
        }
        try? canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("charts.png"))
    }
}
