import AnimateDrawing
import AnimateTestSupport
import AnimateTimeline
import Foundation
import Testing

/// A fill or stroke paints the union of its area under the fill rule: coinciding and crossing
/// contours are neither darker nor lighter than the region they enclose.
@Suite struct UnionCoverageTests {
    func draw(_ size: Int = 96, _ body: (inout GraphicsContext) -> Void) -> Bitmap {
        var canvas = Bitmap(width: size, height: size)
        canvas.draw { context, _ in body(&context) }
        return canvas
    }

    func alphas(_ canvas: Bitmap) -> [Int] {
        var out: [Int] = []
        for y in 0..<canvas.height { for x in 0..<canvas.width { out.append(Int(canvas.premultipliedPixel(x: x, y: y).w)) } }
        return out
    }

    func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(alphas(a), alphas(b)).map { abs($0 - $1) }.max() ?? 0
    }

    let circle = Path(ellipseIn: CGRect(x: 17.3, y: 12.6, width: 61.4, height: 58.9))

    func twice(_ path: Path) -> Path {
        var p = path
        p.addPath(path)
        return p
    }

    @Test func samePathTwiceFillsAsOnce() {
        let once = draw { $0.fill(circle, with: .color(.black)) }
        let double = draw { $0.fill(twice(circle), with: .color(.black)) }
        #expect(largestDifference(once, double) <= 1)
        // Even-odd: winding 2 is outside, so the doubled circle leaves nothing, not a ghost of its edge.
        let evenOdd = draw { $0.fill(twice(circle), with: .color(.black), style: FillStyle(eoFill: true)) }
        #expect(alphas(evenOdd).max() == 0)
        // A doubled circle over a square, even-odd: windings 1 and 3 are both inside, so the square alone.
        let square = Path(CGRect(x: 5.5, y: 60.25, width: 30, height: 30))
        var both = twice(circle)
        both.addPath(square)
        let squareOnly = draw { $0.fill(square, with: .color(.black)) }
        let withCircles = draw { $0.fill(both, with: .color(.black), style: FillStyle(eoFill: true)) }
        let a = alphas(squareOnly), b = alphas(withCircles)
        // Outside the square the doubled circle is outside too; inside it every pixel matches.
        #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 1 })
    }

    @Test func samePathTwiceStrokesAsOnce() {
        for width in [1.5, 4.0] {
            let once = draw { $0.stroke(circle, with: .color(.black), lineWidth: width) }
            let double = draw { $0.stroke(twice(circle), with: .color(.black), lineWidth: width) }
            #expect(largestDifference(once, double) <= 1, "lineWidth \(width)")
        }
    }

    @Test func figureEightCrossingIsCovered() {
        // A bow tie whose edges cross in the middle of pixel (30, 30): its two halves wind +1 and -1.
        var bowTie = Path()
        bowTie.move(to: CGPoint(x: 10.5, y: 10.5))
        bowTie.addLine(to: CGPoint(x: 50.5, y: 50.5))
        bowTie.addLine(to: CGPoint(x: 50.5, y: 10.5))
        bowTie.addLine(to: CGPoint(x: 10.5, y: 50.5))
        bowTie.closeSubpath()
        for eo in [false, true] {
            let canvas = draw(64) { $0.fill(bowTie, with: .color(.black), style: FillStyle(eoFill: eo)) }
            #expect(abs(totalCoverage(canvas) - 800) < 0.5, "eo \(eo)")
            // The left and right quarters of the crossing pixel are inside.
            #expect(abs(alpha(canvas, 30, 30) - 0.5) <= 1.0 / 255, "eo \(eo)")
        }
    }

    /// Overlapping polygons in one path against a supersampled winding count of the same polygons.
    @Test func overlappingPolygonsMatchSupersampledUnion() {
        var random = RandomSource(seed: 19)
        for eo in [false, true] {
            var polygons: [[CGPoint]] = []
            for _ in 0..<6 {
                let cx = random.uniform(20...76), cy = random.uniform(20...76)
                // Star-shaped (points in angle order): every crossing is between two polygons.
                let n = Int(random.uniform(3...8))
                let angles = (0..<n).map { _ in random.uniform(0...2 * .pi) }.sorted()
                polygons.append(angles.map { a in
                    let r = random.uniform(6...24)
                    return CGPoint(x: cx + r * cos(a), y: cy + r * sin(a))
                })
            }
            // One polygon twice, one reversed, so coinciding and opposite windings both occur.
            polygons.append(polygons[0])
            polygons.append(polygons[1].reversed())
            let worst = largestErrorAgainstSupersampling(polygons, eo: eo)
            // Supersampling at 24 x 24 is itself off by up to about one sample row per edge.
            #expect(worst < 0.01, "eo \(eo): worst \(worst)")
        }
    }

    @Test func crossedBarsAreNotDarkerWhereTheyOverlap() {
        // An "X" of two bars in one path, as glyphs of variable fonts overlap their contours.
        let bar = [CGPoint(x: -4, y: -30), CGPoint(x: 4, y: -30), CGPoint(x: 4, y: 30), CGPoint(x: -4, y: 30)]
        let polygons = [CGFloat.pi / 5, -.pi / 5, .pi / 2].map { angle in
            bar.map { $0.applying(CGAffineTransform(rotationAngle: angle).concatenating(CGAffineTransform(translationX: 48.3, y: 47.8))) }
        }
        #expect(largestErrorAgainstSupersampling(polygons, eo: false) < 0.01)
    }

    func largestErrorAgainstSupersampling(_ polygons: [[CGPoint]], eo: Bool) -> Double {
        var path = Path()
        for p in polygons { path.addLines(p); path.closeSubpath() }
        let canvas = draw { $0.fill(path, with: .color(.black), style: FillStyle(eoFill: eo)) }
        func sampled(_ x: Int, _ y: Int, _ n: Int) -> Double {
            var inside = 0
            for sy in 0..<n {
                for sx in 0..<n {
                    let p = CGPoint(x: Double(x) + (Double(sx) + 0.5) / Double(n), y: Double(y) + (Double(sy) + 0.5) / Double(n))
                    let w = polygons.reduce(0) { $0 + winding(of: $1, at: p) }
                    if eo ? w & 1 != 0 : w != 0 { inside += 1 }
                }
            }
            return Double(inside) / Double(n * n)
        }
        var worst = 0.0
        for y in 0..<96 {
            for x in 0..<96 {
                let e = abs(alpha(canvas, x, y) - sampled(x, y, 16))
                // Only where the coarse count disagrees is a fine one worth its time.
                if e > 0.02 { worst = max(worst, abs(alpha(canvas, x, y) - sampled(x, y, 256))) }
            }
        }
        return worst
    }

    func winding(of polygon: [CGPoint], at p: CGPoint) -> Int {
        var w = 0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            if a.y <= p.y && b.y > p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { w += 1 }
            if a.y > p.y && b.y <= p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 { w -= 1 }
        }
        return w
    }
}
