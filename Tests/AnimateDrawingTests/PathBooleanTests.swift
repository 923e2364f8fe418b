import AnimateDrawing
import AnimateTestSupport
import AnimateTimeline
import Foundation
import Testing

/// Union, intersection, difference and xor agree with the sets they stand for at 10,000 random
/// points, for shapes with curves, holes, touching and overlapping edges; curves stay curves.
@Suite struct PathBooleanTests {
    static func circle(_ x: CGFloat, _ y: CGFloat, _ r: CGFloat) -> Path { Path(ellipseIn: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)) }

    /// Named pairs of shapes, each a hard case.
    static let pairs: [String: (Path, Path)] = {
        var ring = Path(roundedRect: CGRect(x: 20, y: 20, width: 260, height: 200), cornerRadius: 40)
        ring.addPath(circle(150, 120, 60))                                   // a hole by even-odd, a double cover by non-zero
        var star = Path()
        for k in 0..<5 {
            let a = Double(k) * 4 * .pi / 5 - .pi / 2
            let p = CGPoint(x: 150 + 120 * CGFloat(cos(a)), y: 130 + 120 * CGFloat(sin(a)))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        return [
            "circles": (circle(120, 120, 80), circle(190, 140, 70)),
            "square and circle": (Path(CGRect(x: 40, y: 40, width: 160, height: 160)), circle(200, 200, 90)),
            "sharing an edge": (Path(CGRect(x: 40, y: 40, width: 100, height: 100)), Path(CGRect(x: 140, y: 40, width: 100, height: 100))),
            "overlapping along an edge": (Path(CGRect(x: 40, y: 40, width: 100, height: 100)), Path(CGRect(x: 140, y: 70, width: 100, height: 150))),
            "touching at a corner": (Path(CGRect(x: 40, y: 40, width: 100, height: 100)), Path(CGRect(x: 140, y: 140, width: 100, height: 100))),
            "the same square": (Path(CGRect(x: 40, y: 40, width: 150, height: 150)), Path(CGRect(x: 40, y: 40, width: 150, height: 150))),
            "a circle in a square's corner": (Path(CGRect(x: 40, y: 40, width: 200, height: 200)), circle(40, 40, 60)),
            "holed ring and ellipse": (ring, Path(ellipseIn: CGRect(x: 100, y: 0, width: 100, height: 260))),
            "star and circle": (star, circle(150, 130, 70)),
            "tangent circles": (circle(100, 150, 60), circle(220, 150, 60)),
        ]
    }()

    /// A fixed stream of points.
    struct Points: Sequence, IteratorProtocol {
        var random = RandomSource(seed: 0x9E3779B97F4A7C15)
        let rect: CGRect
        mutating func next() -> CGPoint? {
            CGPoint(x: rect.minX + CGFloat(random.unit()) * rect.width, y: rect.minY + CGFloat(random.unit()) * rect.height)
        }
    }

    /// A path flattened once (curves cut into 64 chords: within 0.01 of these shapes' curves),
    /// for a point-in-shape test by winding number.
    struct Flat {
        var contours: [[CGPoint]] = []

        init(_ path: Path) {
            var current: [CGPoint] = []
            var last = CGPoint.zero
            path.forEach { e in
                switch e {
                case .move(let p):
                    if current.count > 1 { contours.append(current) }
                    current = [p]; last = p
                case .line(let p): current.append(p); last = p
                case .quadCurve(let p, let c):
                    for k in 1...64 { let t = CGFloat(k) / 64, u = 1 - t; current.append(last * (u * u) + c * (2 * u * t) + p * (t * t)) }
                    last = p
                case .curve(let p, let c1, let c2):
                    for k in 1...64 {
                        let t = CGFloat(k) / 64, u = 1 - t
                        current.append(last * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                    }
                    last = p
                case .closeSubpath:
                    if current.count > 1 { contours.append(current) }
                    current = [current.first ?? last]; last = current[0]
                }
            }
            if current.count > 1 { contours.append(current) }
        }

        /// Every contour's edges, each closed back to its start.
        var edges: [(CGPoint, CGPoint)] { contours.flatMap { c in zip(c, c.dropFirst() + [c[0]]).map { ($0, $1) } } }

        static func contains(_ edges: [(CGPoint, CGPoint)], _ m: CGPoint, eoFill: Bool = false) -> Bool {
            var w = 0
            for (a, b) in edges where (a.y <= m.y) != (b.y <= m.y) {
                if a.x + (b.x - a.x) * (m.y - a.y) / (b.y - a.y) > m.x { w += b.y > a.y ? 1 : -1 }
            }
            return eoFill ? w & 1 != 0 : w != 0
        }

        /// Whether `m` lies within `d` of an edge.
        static func isNear(_ edges: [(CGPoint, CGPoint)], _ m: CGPoint, _ d: CGFloat) -> Bool {
            edges.contains { distance(from: m, toSegment: $0.0, $0.1) < d }
        }
    }

    @Test(arguments: ["circles", "square and circle", "sharing an edge", "overlapping along an edge", "touching at a corner",
                      "the same square", "a circle in a square's corner", "holed ring and ellipse", "star and circle", "tangent circles"])
    func booleansAgreeWithTheSets(_ name: String) {
        let (a, b) = Self.pairs[name]!
        let ea = Flat(a).edges, eb = Flat(b).edges
        let box = a.boundingRect.union(b.boundingRect).insetBy(dx: -10, dy: -10)
        // The operands' sets at 10,000 points, less those within a twentieth of a point of an edge.
        var points = Points(rect: box)
        let all = (0..<10_000).map { _ in points.next()! }.filter { !Flat.isNear(ea, $0, 0.05) && !Flat.isNear(eb, $0, 0.05) }
        #expect(all.count > 9_000, "\(name): only \(all.count) points away from the edges")
        for eo in [false, true] {
            let samples = all.map { ($0, Flat.contains(ea, $0, eoFill: eo), Flat.contains(eb, $0, eoFill: eo)) }
            let results: [(String, Path, (Bool, Bool) -> Bool)] = [
                ("union", a.union(b, eoFill: eo), { $0 || $1 }),
                ("intersection", a.intersection(b, eoFill: eo), { $0 && $1 }),
                ("subtracting", a.subtracting(b, eoFill: eo), { $0 && !$1 }),
                ("symmetricDifference", a.symmetricDifference(b, eoFill: eo), { $0 != $1 }),
            ]
            for (op, result, expected) in results {
                let flat = Flat(result).edges
                var wrong = 0, example: CGPoint?
                for (p, inA, inB) in samples {
                    let want = expected(inA, inB)
                    if Flat.contains(flat, p) != want || Flat.contains(flat, p, eoFill: true) != want {
                        wrong += 1
                        example = example ?? p
                    }
                }
                #expect(wrong == 0, "\(name) \(op) eoFill \(eo): \(wrong) of \(samples.count) points wrong, e.g. \(String(describing: example))")
            }
        }
    }

    /// Curves survive as curves, with the bounds of the area.
    @Test func curvesStayCurves() {
        let (a, b) = Self.pairs["circles"]!
        let union = a.union(b)
        var curves = 0, lines = 0
        union.forEach { e in
            switch e {
            case .curve: curves += 1
            case .line: lines += 1
            default: break
            }
        }
        #expect(curves >= 8 && curves <= 12 && lines == 0, "\(curves) curves, \(lines) lines")
        let box = a.boundingRect.union(b.boundingRect)
        #expect(abs(union.boundingRect.minX - box.minX) < 0.01 && abs(union.boundingRect.maxY - box.maxY) < 0.01)
        // Two squares sharing an edge: one rectangle, the shared edge gone.
        let (s, t) = Self.pairs["sharing an edge"]!
        let merged = s.union(t)
        #expect(!merged.contains(CGPoint(x: 140, y: 30)) && merged.contains(CGPoint(x: 140, y: 90)))
        #expect(merged.boundingRect == CGRect(x: 40, y: 40, width: 200, height: 100))
        #expect(Path().union(Path()).isEmpty && s.intersection(Path()).isEmpty && s.subtracting(s).isEmpty)
    }

    @Test func linesAndNormalizing() {
        let disc = Self.circle(100, 100, 50)
        let line = Path { $0.move(to: CGPoint(x: 0, y: 100)); $0.addLine(to: CGPoint(x: 200, y: 100)) }
        let inside = line.lineIntersection(disc), outside = line.lineSubtraction(disc)
        #expect(abs(inside.boundingRect.minX - 50) < 0.01 && abs(inside.boundingRect.maxX - 150) < 0.01)
        #expect(abs(outside.boundingRect.minX) < 0.01 && abs(outside.boundingRect.maxX - 200) < 0.01)
        var moves = 0
        outside.forEach { if case .move = $0 { moves += 1 } }
        #expect(moves == 2, "two pieces outside the disc")
        // A circle's outline inside a square: the arc inside, still curves.
        let arc = disc.lineIntersection(Path(CGRect(x: 100, y: 0, width: 200, height: 200)))
        var curves = 0
        arc.forEach { if case .curve = $0 { curves += 1 } }
        #expect(curves >= 2 && abs(arc.boundingRect.minX - 100) < 0.01 && abs(arc.boundingRect.maxX - 150) < 0.01)
        // Two squares in one path, overlapping: non-zero fills both, even-odd leaves the overlap out.
        var twice = Path(CGRect(x: 0, y: 0, width: 100, height: 100))
        twice.addRect(CGRect(x: 50, y: 50, width: 100, height: 100))
        let nonzero = twice.normalized(eoFill: false), evenOdd = twice.normalized(eoFill: true)
        for p in [CGPoint(x: 75, y: 75), CGPoint(x: 25, y: 25), CGPoint(x: 125, y: 125)] {
            #expect(nonzero.contains(p) && nonzero.contains(p, eoFill: true))
        }
        #expect(!evenOdd.contains(CGPoint(x: 75, y: 75)) && !evenOdd.contains(CGPoint(x: 75, y: 75), eoFill: true) && evenOdd.contains(CGPoint(x: 25, y: 25)))
    }

    /// Bad numbers make empty or finite paths, never a crash.
    @Test func badInputIsHarmless() {
        let huge = Path(CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        let nan = Path { $0.move(to: CGPoint(x: CGFloat.nan, y: 0)); $0.addLine(to: CGPoint(x: 1, y: 1)); $0.addLine(to: CGPoint(x: 0, y: 1)) }
        let square = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        for other in [huge, nan, Path(), Path(CGRect(x: 5, y: 5, width: 0, height: 0))] {
            for result in [square.union(other), square.intersection(other), square.subtracting(other), square.symmetricDifference(other),
                           other.union(square), other.normalized(), square.lineIntersection(other), other.lineSubtraction(square)] {
                result.forEach { e in
                    if case .line(let p) = e { #expect(p.x.isFinite && p.y.isFinite) }
                }
            }
        }
    }
}

extension PathBooleanTests {
    /// The four operations on two circles and on a star and a circle, filled (kept to look at).
    @Test func booleansDraw() {
        var canvas = Bitmap(width: 1200, height: 600)
        let (a, b) = Self.pairs["circles"]!, (c, d) = Self.pairs["star and circle"]!
        canvas.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            for (k, (x, y)) in [(a, b), (c, d)].enumerated() {
                for (j, r) in [x.union(y), x.intersection(y), x.subtracting(y), x.symmetricDifference(y)].enumerated() {
                    let placed = r.applying(CGAffineTransform(translationX: CGFloat(j) * 300, y: CGFloat(k) * 300))
                    context.fill(placed, with: .color(.blue.opacity(0.6)))
                    context.stroke(placed, with: .color(.black), lineWidth: 2)
                }
            }
        }
        try? canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("booleans.png"))
        #expect(totalCoverage(canvas) > 10_000)
    }
}
