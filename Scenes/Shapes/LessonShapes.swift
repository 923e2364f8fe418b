import AnimateDrawing
import Foundation

/// The lessons' regular polygon (4-8a): `sides` vertices on the frame's inscribed circle, the first at the top.
struct RegularPolygon: Shape {
    var sides: Int
    init(_ sides: Int = 3) { self.sides = max(3, sides) }
    func path(in rect: CGRect) -> Path {
        let radius = min(rect.width, rect.height) / 2
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let step = 2 * CGFloat.pi / CGFloat(sides)
        var path = Path()
        path.addLines((0..<sides).map { i in
            CGPoint(x: center.x + radius * sin(step * CGFloat(i)), y: center.y - radius * cos(step * CGFloat(i)))
        })
        path.closeSubpath()
        return path
    }
}

/// The lessons' star (4-8b): a regular polygon whose edge midpoints are pulled in to `ratio` of the radius.
struct Star: Shape {
    var points: Int
    var ratio: CGFloat
    init(_ points: Int = 5, ratio: CGFloat) { self.points = max(3, points); self.ratio = ratio }
    func path(in rect: CGRect) -> Path {
        let radius = min(rect.width, rect.height) / 2
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let step = 2 * CGFloat.pi / CGFloat(points)
        var vertices: [CGPoint] = []
        for i in 0..<points {
            let a = step * CGFloat(i)
            vertices.append(CGPoint(x: center.x + radius * sin(a), y: center.y - radius * cos(a)))
            vertices.append(CGPoint(x: center.x + radius * ratio * sin(a + step / 2), y: center.y - radius * ratio * cos(a + step / 2)))
        }
        var path = Path()
        path.addLines(vertices)
        path.closeSubpath()
        return path
    }
}

/// The flower of life (4-8c): circles centred on a lattice grown ring by ring from the centre,
/// `sides` neighbours per circle; `rings` limits how many rings are included (for animation).
struct FlowerOfLife: Shape {
    var sides = 6
    var layers = 4
    var rings: Int? = nil

    /// Circle centres with the ring each first appears in.
    func centers(in rect: CGRect) -> [(CGPoint, Int)] {
        let big = min(rect.width, rect.height) / 2
        let small = big / CGFloat(layers)
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let step = 2 * CGFloat.pi / CGFloat(sides)
        var found: [(CGPoint, Int)] = [(center, 0)]
        var frontier = [center]
        for ring in 1..<layers {
            var next: [CGPoint] = []
            for c in frontier {
                for i in 0..<sides {
                    let p = CGPoint(x: c.x + small * sin(step * CGFloat(i)), y: c.y - small * cos(step * CGFloat(i)))
                    // The lesson compares exact coordinates; rounding makes the test robust to float noise.
                    if !found.contains(where: { hypot($0.0.x - p.x, $0.0.y - p.y) < small * 1e-6 }) {
                        found.append((p, ring)); next.append(p)
                    }
                }
            }
            frontier = found.map(\.0)
        }
        return found
    }

    func path(in rect: CGRect) -> Path {
        let small = min(rect.width, rect.height) / 2 / CGFloat(layers)
        var path = Path()
        for (c, ring) in centers(in: rect) where ring < (rings ?? layers) {
            path.move(to: CGPoint(x: c.x + small, y: c.y))
            path.addArc(center: c, radius: small, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
        }
        return path
    }
}

extension CGRect {
    /// The largest square centred in this rectangle (the suits lesson's `centeredSquare`).
    var centeredSquare: CGRect {
        let side = min(width, height)
        return CGRect(x: midX - side / 2, y: midY - side / 2, width: side, height: side)
    }
}

/// Diamond: four quarter arcs bowing inwards, centred on the square's corners.
struct Diamond: Shape {
    func path(in rect: CGRect) -> Path {
        let r = rect.centeredSquare
        let (x, y, w, h) = (r.minX, r.minY, r.width, r.height)
        return Path { p in
            p.move(to: CGPoint(x: x + w / 2, y: y + h))
            p.addArc(center: CGPoint(x: x, y: y + h), radius: w / 2, startAngle: .degrees(360), endAngle: .degrees(270), clockwise: true)
            p.addArc(center: CGPoint(x: x, y: y), radius: w / 2, startAngle: .degrees(90), endAngle: .zero, clockwise: true)
            p.addArc(center: CGPoint(x: x + w, y: y), radius: w / 2, startAngle: .degrees(180), endAngle: .degrees(90), clockwise: true)
            p.addArc(center: CGPoint(x: x + w, y: y + h), radius: w / 2, startAngle: .degrees(270), endAngle: .degrees(180), clockwise: true)
        }
    }
}

/// Heart: two cubic curves and two half-circle arcs.
struct Heart: Shape {
    func path(in rect: CGRect) -> Path {
        let r = rect.centeredSquare
        let (x, y, w, h) = (r.minX, r.minY, r.width, r.height)
        let bottom = CGPoint(x: x + w / 2, y: y + h)
        return Path { p in
            p.move(to: bottom)
            p.addCurve(to: CGPoint(x: x, y: y + h / 4), control1: CGPoint(x: x + w / 2, y: y + h * 3 / 4), control2: CGPoint(x: x, y: y + h / 2))
            p.addArc(center: CGPoint(x: x + w / 4, y: y + h / 4), radius: w / 4, startAngle: .degrees(180), endAngle: .zero, clockwise: false)
            p.addArc(center: CGPoint(x: x + w * 3 / 4, y: y + h / 4), radius: w / 4, startAngle: .degrees(180), endAngle: .zero, clockwise: false)
            p.addCurve(to: bottom, control1: CGPoint(x: x + w, y: y + h / 2), control2: CGPoint(x: x + w / 2, y: y + h * 3 / 4))
        }
    }
}

/// Spade: a heart rotated 180 degrees (90% of the height) with a stem.
struct Spade: Shape {
    func path(in rect: CGRect) -> Path {
        let r = rect.centeredSquare
        var heart = Heart().rotation(.degrees(180)).path(in: CGRect(x: r.minX, y: r.minY, width: r.width, height: r.height * 0.9))
        heart.addPath(Rectangle().path(in: CGRect(x: r.minX + r.width * 0.4, y: r.minY + r.height * 0.5, width: r.width * 0.2, height: r.height * 0.5)))
        return heart
    }
}

/// Club: three circles and a triangle stem.
struct Club: Shape {
    func path(in rect: CGRect) -> Path {
        let r = rect.centeredSquare
        let (x, y, w, h) = (r.minX, r.minY, r.width, r.height)
        let center = CGPoint(x: r.midX, y: r.midY)
        let radius = w / 4
        return Path { p in
            for c in [CGPoint(x: x + w / 2, y: y + h / 4), CGPoint(x: x + w / 4, y: y + h / 2), CGPoint(x: x + w * 3 / 4, y: y + h / 2)] {
                p.move(to: CGPoint(x: c.x + radius, y: c.y))
                p.addArc(center: c, radius: radius, startAngle: .degrees(360), endAngle: .zero, clockwise: true)
                p.closeSubpath()
            }
            p.move(to: center)
            p.addLine(to: CGPoint(x: x + w / 4, y: y + h))
            p.addLine(to: CGPoint(x: x + w * 3 / 4, y: y + h))
            p.closeSubpath()
        }
    }
}

/// The shapes lesson's triangle, cone and lens.
struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.addLines([CGPoint(x: rect.minX + rect.width * 0.13, y: rect.minY + rect.height * 0.2),
                       CGPoint(x: rect.minX + rect.width * 0.87, y: rect.minY + rect.height * 0.47),
                       CGPoint(x: rect.minX + rect.width * 0.4, y: rect.minY + rect.height * 0.93)])
        path.closeSubpath()
        return path
    }
}

struct Cone: Shape {
    func path(in rect: CGRect) -> Path {
        let radius = min(rect.width, rect.height) / 2
        var path = Path()
        // clockwise: true sweeps 0 -> 180 with decreasing angle: over the top on a y-down screen.
        path.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: radius, startAngle: .degrees(0), endAngle: .degrees(180), clockwise: true)
        path.addLine(to: CGPoint(x: rect.midX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.midX + radius, y: rect.midY))
        path.closeSubpath()
        return path
    }
}

struct Lens: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.midY))
        path.addQuadCurve(to: CGPoint(x: rect.maxX, y: rect.midY), control: CGPoint(x: rect.midX, y: rect.minY))
        path.addQuadCurve(to: CGPoint(x: rect.minX, y: rect.midY), control: CGPoint(x: rect.midX, y: rect.maxY))
        path.closeSubpath()
        return path
    }
}
