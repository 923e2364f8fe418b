import Animate
import Foundation

/// Diagrams: a 1080p frame drawing axes with 40 numbered ticks and a grid, and three plots
/// sampled once; the sampling itself timed apart; shape booleans. Prints medians as JSON.
struct DiagramBenchmark {
    var frames = 200

    func run() throws {
        var axes = Axes(x: -10...10, y: -10...10, in: CGRect(x: 160, y: 60, width: 1600, height: 960))
        axes.xStep = 1
        axes.yStep = 1
        axes.showsGrid = true
        axes.showsArrows = false
        axes.fontSize = 18
        let functions: [@Sendable (Double) -> Double] = [{ 5 * sin($0) }, { $0 * $0 / 5 - 5 }, { tan($0 / 3) }]
        var sampling: [Double] = []
        var plots: [Path] = []
        for _ in 0..<20 {
            let start = DispatchTime.now().uptimeNanoseconds
            plots = functions.map { axes.plot($0) }
            sampling.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        var canvas = Bitmap(width: 1920, height: 1080)
        var times: [Double] = []
        let colours: [Color] = [.blue, .red, .green]
        for _ in 0..<frames {
            let start = DispatchTime.now().uptimeNanoseconds
            canvas.clear(.white)
            canvas.draw { context, _ in
                context.draw(axes)
                for (plot, colour) in zip(plots, colours) { context.stroke(plot, with: .color(colour), lineWidth: 4) }
            }
            _ = canvas.premultipliedPixel(x: 0, y: 0)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        // Booleans: two circles, and a 500-segment wavy disc against a holed rounded square.
        func time(_ body: () -> Path) -> Double {
            var runs: [Double] = []
            for _ in 0..<30 {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = body()
                runs.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return (runs.median * 1000).rounded() / 1000
        }
        let a = Path(ellipseIn: CGRect(x: 100, y: 100, width: 400, height: 400)), b = Path(ellipseIn: CGRect(x: 300, y: 150, width: 400, height: 300))
        var wavy = Path()
        for k in 0..<500 {
            let t = Double(k) / 500 * 2 * .pi, r = 300 + 40 * sin(12 * t)
            let p = CGPoint(x: 600 + r * cos(t), y: 540 + r * sin(t))
            if k == 0 { wavy.move(to: p) } else { wavy.addLine(to: p) }
        }
        wavy.closeSubpath()
        var holed = Path(roundedRect: CGRect(x: 450, y: 300, width: 600, height: 500), cornerRadius: 80)
        holed.addEllipse(in: CGRect(x: 650, y: 450, width: 200, height: 200))
        let json = try JSONSerialization.data(withJSONObject: [
            "union_two_circles_ms": time { a.union(b) },
            "intersection_500_segments_and_holed_square_ms": time { wavy.intersection(holed, eoFill: true) },
            "ticks_numbered": axes.xTicks.count + axes.yTicks.count,
            "frame_axes_40_labels_3_plots_ms": (times.dropFirst().map { $0 }.median * 1000).rounded() / 1000,
            "sampling_3_plots_ms": (sampling.median * 1000).rounded() / 1000,
        ], options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
