import AnimateMath
public import AnimateDrawing
public import Foundation

/// Which point of each strip sets a Riemann rectangle's height.
public enum RiemannSample: Sendable, Hashable {
    case left, right, midpoint
}

extension Axes {
    /// A parametric curve (x(t), y(t)) over `t` as a path on these axes, sampled to within
    /// `tolerance` points of the curve, broken where it is not finite or leaps, cut at the frame.
    public func plotParametric(over t: ClosedRange<Double>, tolerance: CGFloat = 0.25,
                               _ f: @escaping (Double) -> (x: Double, y: Double)) -> Path {
        let sampler = CurveSampler(curve: { t in
            let (x, y) = f(t)
            return x.isFinite && y.isFinite ? point(x, y) : nil
        }, domain: t, tolerance: tolerance)
        return path(of: sampler.polylines(over: t))
    }

    /// A polar curve r = f(θ) over `theta` (radians), about these axes' origin (0, 0).
    public func plotPolar(over theta: ClosedRange<Double> = 0...(2 * .pi), tolerance: CGFloat = 0.25,
                          _ r: @escaping (Double) -> Double) -> Path {
        plotParametric(over: theta, tolerance: tolerance) { θ in
            let radius = r(θ)
            return (radius * Foundation.cos(θ), radius * Foundation.sin(θ))
        }
    }

    /// The curve f(x, y) = 0 over the axes' ranges: traced cell by cell on a grid `cell` points
    /// wide (marching squares), each crossing found on its cell's edge by bisection, so every point
    /// of the path lies on the curve; closed loops come out closed. A feature smaller than a cell
    /// can be missed.
    public func plotImplicit(cell: CGFloat = 2, _ f: @escaping (Double, Double) -> Double) -> Path {
        let tracer = ContourTracer(frame: frame, cell: cell) { p in
            let (x, y) = coordinates(of: p)
            return f(x, y)
        }
        var path = Path()
        for line in tracer.polylines() {
            path.addLines(line.points)
            if line.isClosed { path.closeSubpath() }
        }
        return path
    }

    /// The region between y = f(x) and y = g(x) (the x axis when g is nil) over `domain` (else
    /// the x range), as a closed path to fill; where f breaks (a pole), each piece is its own region.
    public func area(under f: @escaping (Double) -> Double, above g: ((Double) -> Double)? = nil,
                     over domain: ClosedRange<Double>? = nil, tolerance: CGFloat = 0.25) -> Path {
        let domain = domain ?? x
        let top = CurveSampler(graph: f, map: { point($0, clampedY($1)) }, tolerance: tolerance, finest: 0.05).polylines(over: domain)
        var path = Path()
        for line in top {
            let from = coordinates(of: line[0]).x, to = coordinates(of: line[line.count - 1]).x
            path.addLines(line)
            if let g, from < to {
                let bottom = CurveSampler(graph: g, map: { point($0, clampedY($1)) }, tolerance: tolerance, finest: 0.05).polylines(over: from...to)
                for p in bottom.flatMap({ $0 }).reversed() { path.addLine(to: p) }
            } else {
                path.addLine(to: point(to, clampedY(0)))
                path.addLine(to: point(from, clampedY(0)))
            }
            path.closeSubpath()
        }
        return path
    }

    /// Rectangles approximating the area under f over `domain`, `count` strips wide, each as high as
    /// f at its `sample` point (from the x axis, below it where f is negative), in canvas points.
    /// Strips where f is not finite are left out.
    public func riemannRectangles(for f: (Double) -> Double, over domain: ClosedRange<Double>, count: Int,
                                  sample: RiemannSample = .left) -> [CGRect] {
        guard count > 0, count <= 100_000, domain.upperBound > domain.lowerBound else { return [] }
        let width = (domain.upperBound - domain.lowerBound) / Double(count)
        var rects: [CGRect] = []
        for k in 0..<count {
            let a = domain.lowerBound + width * Double(k), b = a + width
            let at: Double = switch sample {
            case .left: a
            case .right: b
            case .midpoint: (a + b) / 2
            }
            let h = f(at)
            guard h.isFinite else { continue }
            let p = point(a, clampedY(0)), q = point(b, clampedY(h))
            rects.append(CGRect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y)))
        }
        return rects
    }

    /// The slope of f at x (a central difference), or nil where f is not finite about x.
    public func slope(of f: (Double) -> Double, at x: Double) -> Double? {
        let h = Foundation.cbrt(Double.ulpOfOne) * max(1, abs(x))
        let d = (f(x + h) - f(x - h)) / (2 * h)
        return d.isFinite ? d : nil
    }

    /// The tangent to y = f(x) at x: a segment `length` canvas points long centred on the curve.
    public func tangent(to f: (Double) -> Double, at x: Double, length: CGFloat = 400) -> Path {
        guard let m = slope(of: f, at: x) else { return Path() }
        return line(through: (x, f(x)), slope: m, length: length)
    }

    /// The secant of y = f(x) through x and x + dx, reaching `extent` canvas points beyond both.
    public func secant(of f: (Double) -> Double, from x: Double, dx: Double, extent: CGFloat = 100) -> Path {
        let p = point(x, f(x)), q = point(x + dx, f(x + dx))
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite, p != q else { return Path() }
        let u = (q - p).normalized
        return Path { $0.move(to: p - u * extent); $0.addLine(to: q + u * extent) }
    }

    /// The segment through (x, y) in coordinates with `slope` in coordinates, `length` canvas points long.
    func line(through c: (x: Double, y: Double), slope m: Double, length: CGFloat) -> Path {
        let p = point(c.x, c.y), q = point(c.x + 1, c.y + m)
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite, p != q else { return Path() }
        let u = (q - p).normalized * (length / 2)
        return Path { $0.move(to: p - u); $0.addLine(to: p + u) }
    }

    /// Lines from the point (x, y) straight down (or up) to the x axis and across to the y axis,
    /// where a lesson draws them dashed (Manim's get_lines_to_point).
    public func lines(to x: Double, _ y: Double) -> Path {
        let o = origin, p = point(x, y)
        return Path { path in
            path.move(to: point(x, o.y)); path.addLine(to: p); path.addLine(to: point(o.x, y))
        }
    }

    /// Where a label for the curve y = f(x) goes at x (Manim's get_graph_label): `gap` points off
    /// the curve along its normal, on the upper side (`above: false` for the lower); draw the
    /// label at `point` with `anchor`, its side facing the curve.
    public func labelPosition(for f: (Double) -> Double, at x: Double, gap: CGFloat = 16, above: Bool = true) -> (point: CGPoint, anchor: UnitPoint) {
        let p = point(x, f(x))
        guard p.x.isFinite, p.y.isFinite else { return (p, .center) }
        var normal = CGPoint(x: 0, y: -1)
        if let m = slope(of: f, at: x) {
            let q = point(x + 1e-3 * max(1, abs(x)), f(x) + m * 1e-3 * max(1, abs(x)))
            let d = (q - p).normalized
            if d != .zero { normal = CGPoint(x: d.y, y: -d.x) }
        }
        if (normal.y > 0) == above { normal = normal * -1 }
        return (p + normal * gap, UnitPoint(x: 0.5 - normal.x / 2, y: 0.5 - normal.y / 2))
    }

    /// The arrow from these axes' origin (0, 0) to (x, y) (Manim's Vector, on axes).
    public func vector(_ x: Double, _ y: Double, lineWidth: CGFloat = 5) -> Arrow {
        Arrow(from: point(0, 0), to: point(x, y), lineWidth: lineWidth)
    }

    /// A value of y kept within the y range (areas and rectangles stop at the frame).
    func clampedY(_ y: Double) -> Double { min(max(y, self.y.lowerBound), self.y.upperBound) }

    /// Polylines as one path, cut at the frame (and a stroke's width beyond it).
    func path(of polylines: [[CGPoint]]) -> Path {
        var path = Path()
        let bounds = frame.insetBy(dx: -lineWidth, dy: -lineWidth)
        for line in polylines {
            for piece in Self.clip(line, to: bounds) { path.addLines(piece) }
        }
        return path
    }
}
