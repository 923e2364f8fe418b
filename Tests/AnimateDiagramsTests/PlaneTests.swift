import AnimateDiagrams
import AnimateDrawing
import AnimateTestSupport
import Foundation
import Testing

/// Number planes draw their grid straight or after any function of the plane, lines bending
/// smoothly to a quarter pixel; polar planes map both ways and name their angles.
@Suite struct PlaneTests {
    static let plane = NumberPlane(x: -4...4, y: -3...3, in: CGRect(x: 100, y: 60, width: 1600, height: 1200))

    @Test func gridLinesAtEveryStep() {
        #expect(PlotTests.contours(Self.plane.grid()).count == 9 + 7)
        #expect(PlotTests.contours(Self.plane.grid(main: false)).count == 8 + 6, "a faint line between each pair")
        var plain = Self.plane
        plain.subdivisions = 1
        #expect(plain.grid(main: false).isEmpty)
        #expect(Self.plane.grid(applying: { x, y in (x + y, y) }, progress: 0) == Self.plane.grid(), "progress 0 is the plane as it is")
    }

    @Test func aShearMovesEveryLine() {
        let shear: @Sendable (Double, Double) -> (x: Double, y: Double) = { x, y in (x + y, y) }
        let lines = PlotTests.contours(Self.plane.grid(applying: shear))
        #expect(lines.count == 16)
        // Vertical lines x = c become x - y = c; horizontal ones stay at their height.
        for (k, line) in lines.enumerated() {
            for p in line.points {
                let (x, y) = Self.plane.coordinates(of: p)
                if k < 9 { #expect(abs((x - y) - Double(k - 4)) < 1e-9) } else { #expect(abs(y - Double(k - 9 - 3)) < 1e-9) }
            }
        }
        // Half way: x - y / 2 = c.
        for p in PlotTests.contours(Self.plane.grid(applying: shear, progress: 0.5))[0].points {
            let (x, y) = Self.plane.coordinates(of: p)
            #expect(abs(x - y / 2 + 4) < 1e-9)
        }
        let (i, j) = Self.plane.basis(applying: shear)
        #expect(i == Self.plane.point(1, 0) && j == Self.plane.point(1, 1))
    }

    /// Under a function that bends lines, every grid line stays within a quarter pixel of its image.
    @Test func bentLinesStayOnTheirCurves() {
        let wave: @Sendable (Double, Double) -> (x: Double, y: Double) = { x, y in (x + 0.5 * sin(2 * y), y + 0.5 * sin(2 * x)) }
        let path = Self.plane.grid(applying: wave)
        let lines = PlotTests.contours(path)
        #expect(lines.count == 16)
        for (k, line) in lines.enumerated() {
            let dense: [CGPoint] = stride(from: 0.0, through: 1.0, by: 1.0 / 40_000).map { s in
                let q = k < 9 ? wave(Double(k - 4), -3 + 6 * s) : wave(-4 + 8 * s, Double(k - 9 - 3))
                return Self.plane.point(q.x, q.y)
            }
            var one = Path()
            one.move(to: line.points[0])
            for p in line.points.dropFirst() { one.addLine(to: p) }
            #expect(PlotTests.worstDistance(one, curve: dense) <= 0.26, "line \(k)")
        }
    }

    @Test func polarPlanesMapBothWays() {
        let polar = PolarPlane(maxRadius: 3, center: CGPoint(x: 500, y: 400), size: 300)
        #expect(polar.point(r: 2, theta: .pi / 2) == CGPoint(x: 500, y: 200))
        for (r, theta) in [(1.0, 0.3), (2.5, -2.0), (0.1, 3.0)] {
            let back = polar.coordinates(of: polar.point(r: r, theta: theta))
            #expect(abs(back.r - r) < 1e-9 && abs(back.theta - theta) < 1e-9)
        }
        #expect(polar.label(.pi / 6) == #"\frac{\pi}{6}"# && polar.label(.pi) == #"\pi"# && polar.label(3 * .pi / 2) == #"\frac{3\pi}{2}"# && polar.label(0) == "0")
        var degrees = polar
        degrees.usesRadians = false
        #expect(degrees.label(.pi / 6) == #"30^\circ"#)
        let rose = polar.plot { 3 * cos(2 * $0) }
        for c in PlotTests.contours(rose) { for p in c.points { #expect(polar.coordinates(of: p).r <= 3 + 1e-9) } }
    }

    /// A plane, a bent plane, a complex plane and a polar plane drawn (kept to look at).
    @Test func planesDraw() {
        var canvas = Bitmap(width: 1600, height: 900)
        var complex = NumberPlane(x: -3...3, y: -2...2, in: CGRect(x: 820, y: 40, width: 720, height: 400))
        complex.isComplex = true
        canvas.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(white: 0.08)))
            let plane = NumberPlane(x: -4...4, y: -2...2, in: CGRect(x: 40, y: 40, width: 720, height: 400))
            context.draw(plane)
            context.draw(NumberPlane(x: -4...4, y: -2...2, in: CGRect(x: 40, y: 470, width: 720, height: 400)), applying: { x, y in (x + 0.4 * sin(2 * y), y + 0.3 * sin(2 * x)) })
            context.draw(complex)
            let polar = PolarPlane(maxRadius: 3, center: CGPoint(x: 1180, y: 680), size: 180)
            context.draw(polar)
            context.stroke(polar.plot { 3 * cos(2 * $0) }, with: .color(.yellow), lineWidth: 3)
        }
        try? canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("planes.png"))
        #expect(totalCoverage(canvas) > 10_000)
    }
}
