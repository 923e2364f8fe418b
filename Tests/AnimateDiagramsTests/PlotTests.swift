import AnimateDiagrams
import AnimateDrawing
import AnimateTestSupport
import Foundation
import Testing

/// Parametric, polar and implicit curves stay on their curves; areas, Riemann rectangles, tangents
/// and secants measure what they say.
@Suite struct PlotTests {
    static let axes = Axes(x: -4...4, y: -3...3, in: CGRect(x: 100, y: 60, width: 1600, height: 900))

    /// Points of the path in order, each contour on its own, with whether it was closed.
    static func contours(_ path: Path) -> [(points: [CGPoint], closed: Bool)] {
        var out: [(points: [CGPoint], closed: Bool)] = []
        path.forEach { e in
            switch e {
            case .move(let p): out.append(([p], false))
            case .line(let p): out[out.count - 1].points.append(p)
            case .closeSubpath: out[out.count - 1].closed = true
            default: break
            }
        }
        return out
    }

    /// The largest distance from the polyline's segments to the curve, measured by sampling each
    /// segment and taking its nearest segment of a dense polyline of the curve (found through a
    /// grid of 4-point buckets).
    static func worstDistance(_ path: Path, curve: [CGPoint]) -> CGFloat {
        struct Key: Hashable { let x: Int, y: Int }
        func key(_ p: CGPoint) -> Key { Key(x: Int((p.x / 4).rounded(.down)), y: Int((p.y / 4).rounded(.down))) }
        var buckets: [Key: [Int]] = [:]
        for i in curve.indices.dropLast() { buckets[key(curve[i]), default: []].append(i) }
        var worst: CGFloat = 0
        for c in contours(path) {
            for (a, b) in zip(c.points, c.points.dropFirst()) {
                for k in 0...4 {
                    let p = a + (b - a) * (CGFloat(k) / 4), centre = key(p)
                    var best = CGFloat.infinity
                    for dx in -1...1 {
                        for dy in -1...1 {
                            for i in buckets[Key(x: centre.x + dx, y: centre.y + dy)] ?? [] {
                                best = min(best, distance(from: p, toSegment: curve[i], curve[i + 1]))
                            }
                        }
                    }
                    worst = max(worst, best)
                }
            }
        }
        return worst
    }

    @Test func parametricAndPolarCurvesStayOnTheirCurves() {
        let lissajous: (Double) -> (x: Double, y: Double) = { t in (3 * sin(3 * t), 2.5 * sin(4 * t)) }
        let path = Self.axes.plotParametric(over: 0...(2 * .pi), lissajous)
        let dense = stride(from: 0.0, through: 2 * .pi, by: 2 * .pi / 200_000).map { Self.axes.point(lissajous($0).x, lissajous($0).y) }
        #expect(Self.worstDistance(path, curve: dense) <= 0.26)
        let cardioid: (Double) -> Double = { 1.5 * (1 + cos($0)) }
        let polar = Self.axes.plotPolar(cardioid)
        let denseCardioid = stride(from: 0.0, through: 2 * .pi, by: 2 * .pi / 200_000).map {
            Self.axes.point(cardioid($0) * cos($0), cardioid($0) * sin($0))
        }
        #expect(Self.worstDistance(polar, curve: denseCardioid) <= 0.26)
        // A pole: r = 1 / cos θ is the line x = 1, broken where it runs off to infinity.
        let line = Self.axes.plotPolar(over: 0...(2 * .pi)) { 1 / cos($0) }
        for c in Self.contours(line) { for p in c.points { #expect(abs(Self.axes.coordinates(of: p).x - 1) < 1e-6 || !Self.axes.frame.insetBy(dx: -3, dy: -3).contains(p)) } }
        #expect(Self.contours(line).count >= 2)
    }

    @Test func implicitCurvesAreTracedAndClosed() {
        // Two circles: two closed loops, every point on its circle.
        let twoCircles = Self.axes.plotImplicit { x, y in (x * x + y * y - 4) * ((x - 3) * (x - 3) + y * y - 0.25) }
        let loops = Self.contours(twoCircles)
        #expect(loops.count == 2 && loops.allSatisfy(\.closed))
        for c in loops {
            for p in c.points {
                let (x, y) = Self.axes.coordinates(of: p)
                let r1 = abs((x * x + y * y).squareRoot() - 2), r2 = abs(((x - 3) * (x - 3) + y * y).squareRoot() - 0.5)
                #expect(min(r1, r2) < 1e-4, "\(x), \(y) is off both circles")
            }
        }
        // Chords of 2-point cells stay within a quarter pixel of their circle (ellipses on the
        // canvas: 200 points a unit across, 150 up): distance about |g| / |grad g|.
        func offCurve(_ m: CGPoint, centre: Double, radius: Double) -> Double {
            let o = Self.axes.point(centre, 0)
            let X = Double(m.x - o.x), Y = Double(o.y - m.y)
            let g = (X / 200) * (X / 200) + (Y / 150) * (Y / 150) - radius * radius
            let grad = ((2 * X / 40_000) * (2 * X / 40_000) + (2 * Y / 22_500) * (2 * Y / 22_500)).squareRoot()
            return abs(g) / grad
        }
        for c in loops {
            for (a, b) in zip(c.points, c.points.dropFirst()) {
                let m = (a + b) * 0.5
                let d = min(offCurve(m, centre: 0, radius: 2), offCurve(m, centre: 3, radius: 0.5))
                #expect(d < 0.25, "a chord \(d) points off its circle")
            }
        }
        // A hyperbola runs off the frame: two open pieces.
        let hyperbola = Self.contours(Self.axes.plotImplicit { x, y in x * x - y * y - 1 })
        #expect(hyperbola.count == 2 && hyperbola.allSatisfy { !$0.closed })
        // Nothing where f is never zero, or not finite.
        #expect(Self.axes.plotImplicit { x, y in x * x + y * y + 1 }.isEmpty)
        #expect(Self.axes.plotImplicit { _, _ in .nan }.isEmpty)
    }

    /// The area of a polygon in canvas points (shoelace).
    static func area(_ path: Path) -> CGFloat {
        var total: CGFloat = 0
        for c in contours(path) {
            let p = c.points
            for k in p.indices { let q = p[(k + 1) % p.count]; total += p[k].x * q.y - q.x * p[k].y }
        }
        return abs(total) / 2
    }

    @Test func areasAndRiemannRectanglesMeasureTheIntegral() {
        let unit = (Self.axes.point(1, 0).x - Self.axes.point(0, 0).x) * (Self.axes.point(0, 0).y - Self.axes.point(0, 1).y)
        // ∫0..1.5 x² dx = 1.125.
        let under = Self.axes.area(under: { $0 * $0 }, over: 0...1.5)
        #expect(abs(Self.area(under) / unit - 1.125) < 1e-3)
        // Cut at the top of the frame (y = 3): ∫0..2 min(x², 3) dx.
        let cut = Self.axes.area(under: { $0 * $0 }, over: 0...2)
        #expect(abs(Self.area(cut) / unit - (pow(3, 1.5) / 3 + 3 * (2 - 3.squareRoot()))) < 1e-3)
        // Between x and x² on 0...1: 1/6.
        let between = Self.axes.area(under: { $0 }, above: { $0 * $0 }, over: 0...1)
        #expect(abs(Self.area(between) / unit - 1.0 / 6) < 1e-3)
        for sample in [RiemannSample.left, .right, .midpoint] {
            let rects = Self.axes.riemannRectangles(for: { $0 * $0 / 2 }, over: 0...2, count: 4, sample: sample)
            #expect(rects.count == 4)
            let sum = rects.reduce(0) { $0 + $1.width * $1.height } / unit
            let exact: Double = switch sample {
            case .left: 0.25 * (0 + 0.25 + 1 + 2.25)
            case .right: 0.25 * (0.25 + 1 + 2.25 + 4)
            case .midpoint: 0.25 * (0.0625 + 0.5625 + 1.5625 + 3.0625)
            }
            #expect(abs(Double(sum) - exact) < 1e-9, "\(sample): \(sum) against \(exact)")
        }
        // Each rectangle stands on the x axis.
        for r in Self.axes.riemannRectangles(for: { sin($0) }, over: -3...3, count: 12) {
            #expect(abs(r.maxY - Self.axes.point(0, 0).y) < 1e-9 || abs(r.minY - Self.axes.point(0, 0).y) < 1e-9)
        }
        #expect(Self.axes.riemannRectangles(for: { $0 }, over: 0...1, count: 0).isEmpty)
    }

    @Test func tangentsAndSecantsHaveTheirSlopes() {
        let f: (Double) -> Double = { $0 * $0 * $0 / 4 - $0 }
        for x in [-2.0, -0.5, 0, 1, 1.7] {
            let c = Self.contours(Self.axes.tangent(to: f, at: x, length: 300))[0].points
            #expect(c.count == 2)
            let a = Self.axes.coordinates(of: c[0]), b = Self.axes.coordinates(of: c[1])
            let slope = (b.y - a.y) / (b.x - a.x), exact = 3 * x * x / 4 - 1
            #expect(abs(slope - exact) < 1e-6, "slope at \(x): \(slope) against \(exact)")
            #expect(abs(c[0].distance(to: c[1]) - 300) < 1e-6)
            let mid = Self.axes.coordinates(of: (c[0] + c[1]) * 0.5)
            #expect(abs(mid.x - x) < 1e-9 && abs(mid.y - f(x)) < 1e-9, "centred on the curve")
        }
        let s = Self.contours(Self.axes.secant(of: f, from: 1, dx: 1))[0].points
        let a = Self.axes.coordinates(of: s[0]), b = Self.axes.coordinates(of: s[1])
        #expect(abs((b.y - a.y) / (b.x - a.x) - (f(2) - f(1))) < 1e-9)
        #expect(Self.axes.tangent(to: { 1 / $0 }, at: 0).isEmpty, "no tangent at a pole")
        let lines = Self.contours(Self.axes.lines(to: 2, 1.5))[0].points
        #expect(lines == [Self.axes.point(2, 0), Self.axes.point(2, 1.5), Self.axes.point(0, 1.5)])
    }
}

extension PlotTests {
    /// Labels stand off their curve along its normal; a number line's pointer points at its value.
    @Test func labelsAndPointers() {
        let f: (Double) -> Double = { $0 }   // slope 1 in coordinates: on the canvas 200 across, 150 up
        let (p, anchor) = Self.axes.labelPosition(for: f, at: 1, gap: 20)
        let on = Self.axes.point(1, 1)
        #expect(abs(p.distance(to: on) - 20) < 1e-9 && p.y < on.y && p.x < on.x, "up and to the left of a rising line")
        let d = (Self.axes.point(2, 2) - on).normalized
        #expect(abs((p - on).dot(d)) < 1e-6, "along the normal")
        #expect(anchor.y > 0.5 && anchor.x > 0.5, "anchored at the label's corner facing the curve")
        let below = Self.axes.labelPosition(for: f, at: 1, above: false).point
        #expect(below.y > on.y)
        let line = NumberLine(0...10, from: CGPoint(x: 100, y: 300), to: CGPoint(x: 1100, y: 300))
        let pointer = line.pointer(at: 4, size: 20, gap: 6)
        #expect(pointer.boundingRect.maxY == 294 && abs(pointer.boundingRect.midX - 500) < 1e-9 && pointer.boundingRect.minY == 274)
    }
}
