import AnimateDiagrams
import AnimateDrawing
import AnimateTestSupport
import Foundation
import Testing

/// Braces keep their shape over any width; arrows point where they say, straight or bent; angle
/// marks measure their angle; every annotation draws.
@Suite struct AnnotationTests {
    /// Brace shapes from 8 to 3,000 points wide: the ends at the two points, the tip in the middle
    /// at the depth, the stretch filled along its middle and nothing past the tip, in any direction.
    @Test(arguments: [8.0, 20, 37, 72, 150, 400, 1000, 3000])
    func bracesKeepTheirShape(_ width: Double) {
        let w = CGFloat(width)
        for angle in [0.0, 0.5, Double.pi / 2, 2.5, Double.pi, 4] {
            let u = CGPoint(x: CGFloat(cos(angle)), y: CGFloat(sin(angle))), n = CGPoint(x: -u.y, y: u.x)
            let a = CGPoint(x: 500, y: 400), b = a + u * w
            let brace = Brace(from: a, to: b, depth: 18)
            let path = brace.path
            // In the brace's own frame: along u, across n.
            var along = (min: CGFloat.infinity, max: -CGFloat.infinity), across = along
            path.forEach { e in
                let p: CGPoint
                switch e {
                case .move(let q), .line(let q), .quadCurve(let q, _), .curve(let q, _, _): p = q
                case .closeSubpath: return
                }
                let d = p - a
                along = (min(along.min, d.dot(u)), max(along.max, d.dot(u)))
                across = (min(across.min, d.dot(n)), max(across.max, d.dot(n)))
            }
            #expect(abs(along.min) < 1e-9 && abs(along.max - w) < 1e-6, "ends at the points (\(width), \(angle))")
            #expect(abs(across.min) < 1e-9 && abs(across.max - 18) < 1e-9, "tip at the depth")
            #expect(brace.tip.distance(to: (a + b) * 0.5 + n * 18) < 1e-9)
            #expect(path.contains((a + b) * 0.5 + n * 15), "the tip is filled")
            #expect(!path.contains((a + b) * 0.5 + n * 18.5) && !path.contains((a + b) * 0.5 + n * 2), "nothing beyond the tip or over the thing")
            if w >= 72 {
                #expect(path.contains(a + u * (w / 4) + n * 9), "the stretch is filled along its middle")
                #expect(!path.contains(a + u * (w / 4) + n * 12) && !path.contains(a + u * (w / 4) + n * 6), "and no thicker")
            }
        }
        // Beneath a box, pointing down; label below the tip, anchored at its top.
        let under = Brace(under: CGRect(x: 100, y: 100, width: 200, height: 50))
        #expect(under.tip == CGPoint(x: 200, y: 176) && under.labelAnchor == .top && under.labelPoint(gap: 4) == CGPoint(x: 200, y: 180))
        let box = CGRect(x: 100, y: 100, width: 200, height: 50)
        #expect(Brace(.leading, of: box).tip.x < 100 && Brace(.trailing, of: box).tip.x > 300 && Brace(.top, of: box).tip.y < 100)
        #expect(Brace(from: .zero, to: .zero).path.isEmpty && Brace(from: .zero, to: CGPoint(x: CGFloat.nan, y: 0)).path.isEmpty)
    }

    @Test func arrowsPointWhereTheySay() {
        let a = CGPoint(x: 100, y: 300), b = CGPoint(x: 500, y: 300)
        let straight = Arrow(from: a, to: b, lineWidth: 4).path
        #expect(straight.contains(CGPoint(x: 300, y: 301)) && !straight.contains(CGPoint(x: 300, y: 303)), "a shaft 4 points wide")
        #expect(straight.contains(CGPoint(x: 497, y: 300)) && !straight.contains(CGPoint(x: 501, y: 300)), "the tip at the end")
        #expect(straight.contains(CGPoint(x: 485, y: 305)), "a head wider than the shaft")
        #expect(!straight.contains(CGPoint(x: 103, y: 306)), "no head at the start")
        let double = Arrow(from: a, to: b, isDoubleEnded: true).path
        #expect(double.contains(CGPoint(x: 103, y: 300)) && double.contains(CGPoint(x: 112, y: 305)) && !double.contains(CGPoint(x: 99, y: 300)))
        // Bent a quarter turn to the left of the way (up on a y-down screen): a quarter circle
        // through both points, its middle 400 (1 - cos 45°) / (2 sin 45°) above the chord.
        let bent = Arrow(from: a, to: b, bend: .degrees(90), lineWidth: 4).path
        let rise = 400 * (1 - cos(Double.pi / 4)) / (2 * sin(Double.pi / 4))
        #expect(bent.contains(CGPoint(x: 300, y: 300 - rise)) && !bent.contains(CGPoint(x: 300, y: 300 + rise)))
        #expect(bent.boundingRect.minY < 300 - rise + 3 && bent.boundingRect.maxY < 300 + 12)
        #expect(bent.contains(CGPoint(x: 497.5, y: 297.8)) && !bent.contains(CGPoint(x: 501, y: 301)), "the tip at the end, along the arc")
        let other = Arrow(from: a, to: b, bend: .degrees(-90)).path
        #expect(other.contains(CGPoint(x: 300, y: 300 + rise)), "a negative bend bows the other way")
        let wide = Arrow(from: a, to: b, bend: .degrees(270), isDoubleEnded: true).path
        #expect(wide.boundingRect.height > 400, "past a half turn the arc goes the long way round")
        #expect(Arrow(from: a, to: a).path.isEmpty && Arrow(from: a, to: CGPoint(x: CGFloat.infinity, y: 0)).path.isEmpty)
    }

    /// A stealth head's back is swept in: behind its wings, off the shaft, there is nothing.
    @Test func stealthHeadsAndOtherMarks() {
        let a = CGPoint(x: 100, y: 300), b = CGPoint(x: 500, y: 300)
        var stealth = Arrow(from: a, to: b, lineWidth: 4)
        #expect(stealth.path.contains(CGPoint(x: 484, y: 305)), "a triangle covers its back")
        stealth.tip = .stealth
        #expect(!stealth.path.contains(CGPoint(x: 484, y: 305)) && stealth.path.contains(CGPoint(x: 484, y: 301)) && stealth.path.contains(CGPoint(x: 495, y: 300)))
        stealth.bend = .degrees(60)
        stealth.isDoubleEnded = true
        #expect(!stealth.path.isEmpty && stealth.path.boundingRect.minY < 300)
        let box = CGRect(x: 100, y: 100, width: 60, height: 80)
        #expect(abs(SurroundingCircle(box, padding: 5).radius - 55) < 1e-9)
        #expect(SurroundingCircle(box, padding: 5).path.boundingRect.midX == 130)
        #expect(Underline(box, gap: 6, overhang: 4).path.boundingRect == CGRect(x: 96, y: 186, width: 68, height: 0))
        let axes = Axes(x: -2...2, y: -2...2, in: CGRect(x: 0, y: 0, width: 400, height: 400))
        let v = axes.vector(1, 1)
        #expect(v.from == CGPoint(x: 200, y: 200) && v.to == CGPoint(x: 300, y: 100))
    }

    @Test func angleMarksMeasureTheirAngle() {
        let v = CGPoint(x: 200, y: 200)
        let right = AngleMark(vertex: v, from: CGPoint(x: 300, y: 200), to: CGPoint(x: 200, y: 100))
        #expect(abs(right.angle - .pi / 2) < 1e-12)
        let label = right.labelPoint(gap: 10)
        #expect(abs(label.x - 200 - 50 / 2.squareRoot()) < 1e-9 && abs(label.y - 200 + 50 / 2.squareRoot()) < 1e-9, "on the bisector")
        var reflex = right
        reflex.isReflex = true
        #expect(abs(reflex.angle - 3 * .pi / 2) < 1e-12)
        #expect(reflex.labelPoint(gap: 10).x < 200 && reflex.labelPoint(gap: 10).y > 200)
        #expect(AngleMark(vertex: v, from: v, to: CGPoint(x: 0, y: 0)).path.isEmpty)
        let square = RightAngleMark(vertex: v, from: CGPoint(x: 300, y: 200), to: CGPoint(x: 200, y: 100), size: 20)
        #expect(square.path.boundingRect == CGRect(x: 200, y: 180, width: 20, height: 20))
    }

    /// Every annotation drawn on one canvas (kept as an artifact to look at); the dimension line's
    /// extension lines add to its arrowheads where they cross, not cancel.
    @Test func annotationsDraw() throws {
        var canvas = Bitmap(width: 900, height: 500)
        let box = CGRect(x: 80, y: 80, width: 220, height: 60)
        let dimension = DimensionLine(from: CGPoint(x: 450, y: 420), to: CGPoint(x: 800, y: 420), offset: 40)
        canvas.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            context.fill(Path(box), with: .color(.blue.opacity(0.3)))
            context.stroke(SurroundingRectangle(box, padding: 8, cornerRadius: 6).path, with: .color(.orange), lineWidth: 3)
            let brace = Brace(under: box.insetBy(dx: -8, dy: -8))
            context.fill(brace.path, with: .color(.black))
            context.fill(Dot(at: brace.labelPoint()).path, with: .color(.red))
            context.fill(Arrow(from: CGPoint(x: 400, y: 100), to: CGPoint(x: 700, y: 100)).path, with: .color(.black))
            context.fill(Arrow(from: CGPoint(x: 400, y: 250), to: CGPoint(x: 700, y: 250), bend: .degrees(70), lineWidth: 3, isDoubleEnded: true).path, with: .color(.blue))
            let v = CGPoint(x: 120, y: 420)
            context.stroke(Path { $0.move(to: CGPoint(x: 320, y: 420)); $0.addLine(to: v); $0.addLine(to: CGPoint(x: 260, y: 300)) }, with: .color(.black), lineWidth: 3)
            context.stroke(AngleMark(vertex: v, from: CGPoint(x: 320, y: 420), to: CGPoint(x: 260, y: 300), radius: 50).path, with: .color(.red), lineWidth: 3)
            context.stroke(RightAngleMark(vertex: CGPoint(x: 820, y: 200), from: CGPoint(x: 860, y: 200), to: CGPoint(x: 820, y: 160)).path, with: .color(.black), lineWidth: 2)
            context.stroke(Cross(CGRect(x: 780, y: 60, width: 60, height: 60)).path, with: .color(.red), lineWidth: 6)
            context.fill(dimension.path, with: .color(.black))
        }
        try? canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("annotations.png"))
        #expect(totalCoverage(canvas) > 1000)
        // Where the right extension line crosses the arrowhead: covered.
        let crossing = dimension.arrow.to
        #expect(canvas.premultipliedPixel(x: Int(crossing.x) - 1, y: Int(crossing.y) - 1).x < 40)
        #expect(DimensionLine(from: .zero, to: .zero).path.isEmpty)
    }
}
