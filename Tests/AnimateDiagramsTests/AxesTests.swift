import AnimateDiagrams
import AnimateDrawing
import AnimateTestSupport
import Foundation
import Testing

/// Axes map both ways and tick at round values; plots stay within a quarter pixel of their curve,
/// break at poles and jumps, and survive oscillation and steep slopes.
@Suite struct AxesTests {
    static let axes = Axes(x: -4...4, y: -3...3, in: CGRect(x: 100, y: 60, width: 1600, height: 900))

    @Test func pointsMapBothWays() {
        for (x, y) in [(-4.0, -3.0), (0, 0), (1.5, -2.25), (4, 3), (3.999, 0.001)] {
            let p = Self.axes.point(x, y)
            let back = Self.axes.coordinates(of: p)
            #expect(abs(back.x - x) < 1e-9 && abs(back.y - y) < 1e-9)
        }
        #expect(Self.axes.point(-4, -3) == CGPoint(x: 100, y: 960) && Self.axes.point(4, 3) == CGPoint(x: 1700, y: 60))
    }

    @Test func ticksAreRound() {
        #expect(Self.axes.xTicks == [-4, -3, -2, -1, 1, 2, 3], "none under the arrow")
        var plain = Self.axes
        plain.showsArrows = false
        #expect(plain.xTicks == [-4, -3, -2, -1, 1, 2, 3, 4])
        #expect(Axes(x: 0...100, y: 0...0.03, in: .zero).xTicks == stride(from: 10.0, through: 90, by: 10).map { $0 })
        let small = Axes(x: 0...1, y: -0.03...0.03, in: .zero).yTicks
        #expect(small.count >= 5 && small.count <= 10 && small.allSatisfy { abs($0 / 0.005 - ($0 / 0.005).rounded()) < 1e-6 })
        #expect(Axes(x: 0...1, y: 0...1, in: .zero).xTicks.count == 9)
        #expect(Axes(x: -4...4, y: 0...1, in: .zero).xTicks.count == 7)
    }

    /// The polylines of a path (moves start new ones).
    static func polylines(_ path: Path) -> [[CGPoint]] {
        var lines: [[CGPoint]] = []
        path.forEach { e in
            switch e {
            case .move(let p): lines.append([p])
            case .line(let p): lines[lines.count - 1].append(p)
            default: break
            }
        }
        return lines
    }

    @Test(arguments: ["sin", "tan", "floor", "sin(1/x)", "x^9", "1/x", "sqrt"])
    func plotsStayWithinAQuarterPixel(_ name: String) {
        let f: (Double) -> Double = switch name {
        case "sin": { 2.5 * sin($0 * 3) }
        case "tan": { tan($0) }
        case "floor": { floor($0) }
        case "sin(1/x)": { sin(1 / $0) * 2 }
        case "x^9": { pow($0 / 1.2, 9) }
        case "1/x": { 1 / $0 }
        default: { sqrt($0) }
        }
        let domain: ClosedRange<Double> = name == "sin(1/x)" ? 0.08...4 : -4...4
        let path = Self.axes.plot(over: domain, f)
        let lines = Self.polylines(path)
        #expect(!lines.isEmpty)
        var worst: CGFloat = 0, checked = 0
        for line in lines {
            for (a, b) in zip(line, line.dropFirst()) {
                for k in 1..<8 {
                    let cx = a.x + (b.x - a.x) * CGFloat(k) / 8
                    let x = Self.axes.coordinates(of: CGPoint(x: cx, y: 0)).x
                    let y = f(x)
                    guard y.isFinite, Self.axes.y.contains(y) else { continue }
                    worst = max(worst, distance(from: Self.axes.point(x, y), toSegment: a, b))
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
        #expect(worst <= 0.26, "\(name): the polyline is \(worst) points from the curve")
        // Breaks where it must: tan and 1/x at their poles, floor at each step, sqrt left of 0.
        let expected = ["tan": 3, "floor": 7, "1/x": 2, "sqrt": 1]
        if let n = expected[name] { #expect(lines.count >= n, "\(name): \(lines.count) pieces") }
        if name == "floor" {
            // No riser drawn between the steps.
            for line in lines { for (a, b) in zip(line, line.dropFirst()) { #expect(abs(b.y - a.y) < 1, "a riser at \(a)") } }
        }
        // Nothing drawn outside the frame.
        for line in lines { for p in line { #expect(Self.axes.frame.insetBy(dx: -3, dy: -3).contains(p)) } }
    }

    @Test func axesDraw() {
        var canvas = Bitmap(width: 1800, height: 1040)
        var axes = Self.axes
        axes.showsGrid = true
        axes.xLabel = "x"
        axes.yLabel = #"f(x)"#
        canvas.draw { context, _ in
            context.draw(axes)
            context.stroke(axes.plot { sin($0) }, with: .color(.blue), lineWidth: 4)
        }
        #expect(totalCoverage(canvas) > 10_000)
        try? canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("axes.png"))
    }

    /// A number line places values along its segment and back, ticks at round steps.
    @Test func numberLines() {
        let line = NumberLine(-5...5, from: CGPoint(x: 100, y: 300), to: CGPoint(x: 1100, y: 300))
        #expect(line.point(0) == CGPoint(x: 600, y: 300) && line.point(2.5) == CGPoint(x: 850, y: 300))
        #expect(abs(line.value(at: CGPoint(x: 850, y: 320)) - 2.5) < 1e-12)
        #expect(line.ticks == [-4, -3, -2, -1, 0, 1, 2, 3, 4])
        var slanted = NumberLine(0...1, from: CGPoint(x: 0, y: 0), to: CGPoint(x: 300, y: 400))
        slanted.step = 0.25
        slanted.showsArrows = false
        #expect(slanted.ticks == [0, 0.25, 0.5, 0.75, 1])
        #expect(slanted.point(0.5) == CGPoint(x: 150, y: 200))
        var canvas = Bitmap(width: 1200, height: 400)
        canvas.draw { context, _ in context.draw(line) }
        #expect(totalCoverage(canvas) > 1_000)
    }
}

extension AxesTests {
    /// Logarithmic axes: powers of ten evenly spaced, points both ways, ticks at the powers, plots
    /// within a quarter pixel (a power law is a straight line).
    @Test func logarithmicAxes() {
        var axes = Axes(x: 1...10_000, y: 0.1...1000, in: CGRect(x: 100, y: 100, width: 800, height: 400))
        axes.xScale = .logarithmic
        axes.yScale = .logarithmic
        #expect(axes.point(100, 10) == CGPoint(x: 500, y: 300))
        for (x, y) in [(1.0, 0.1), (3.7, 42.0), (9_999.0, 999.0)] {
            let back = axes.coordinates(of: axes.point(x, y))
            #expect(abs(back.x / x - 1) < 1e-12 && abs(back.y / y - 1) < 1e-12)
        }
        #expect(axes.xTicks == [10, 100, 1000], "the powers, none at the crossing or under the arrow")
        axes.showsArrows = false
        #expect(axes.xTicks == [10, 100, 1000, 10_000] && axes.yTicks == [1, 10, 100, 1000])
        // y = x^1.5 is a straight line on log-log axes: two points suffice; and x^2 + 3x is within a quarter pixel.
        let line = AxesTests.polylines(axes.plot { pow($0, 0.75) })
        #expect(line.count == 1 && line[0].count <= 65)
        let f: (Double) -> Double = { 0.1 + $0 * $0 / 1e5 }
        for polyline in AxesTests.polylines(axes.plot(f)) {
            for (a, b) in zip(polyline, polyline.dropFirst()) {
                for k in 1..<8 {
                    let cx = a.x + (b.x - a.x) * CGFloat(k) / 8
                    let x = axes.coordinates(of: CGPoint(x: cx, y: 0)).x
                    let y = f(x)
                    guard axes.y.contains(y) else { continue }
                    #expect(distance(from: axes.point(x, y), toSegment: a, b) <= 0.26)
                }
            }
        }
        #expect(axes.plot(over: -5...0) { $0 }.isEmpty, "nothing at or below zero on a log axis")
        var canvas = Bitmap(width: 1000, height: 600)
        canvas.draw { context, _ in context.draw(axes); context.stroke(axes.plot(f), with: .color(.red), lineWidth: 3) }
        try? canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("log-axes.png"))
        #expect(totalCoverage(canvas) > 1000)
    }
}
