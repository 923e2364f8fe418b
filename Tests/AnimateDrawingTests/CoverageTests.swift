import AnimateDrawing
import AnimateTestSupport
import Foundation
import Testing

/// Pixel-exact checks of the rasterizer against analytic areas.
@Suite struct CoverageTests {
    func fill(_ path: Path, width: Int = 64, height: Int = 64, eo: Bool = false) -> Bitmap {
        var canvas = Bitmap(width: width, height: height)
        canvas.draw { c, _ in c.fill(path, with: .color(.black), style: FillStyle(eoFill: eo)) }
        return canvas
    }

    @Test func fractionalRectangleHasExactArea() {
        let canvas = fill(Path(CGRect(x: 10.25, y: 5.5, width: 20.5, height: 10.25)))
        #expect(abs(totalCoverage(canvas) - 20.5 * 10.25) < 0.5 / 255 * 100)
        // Edge pixels carry exactly their covered fraction (to 8-bit rounding).
        #expect(abs(alpha(canvas, 10, 10) - 0.75) <= 0.5 / 255)
        #expect(abs(alpha(canvas, 20, 5) - 0.5) <= 0.5 / 255)
        #expect(abs(alpha(canvas, 10, 5) - 0.375) <= 0.5 / 255)
        #expect(alpha(canvas, 20, 10) == 1)
        #expect(alpha(canvas, 9, 10) == 0)
    }

    @Test func circleCoverageMatchesPiRSquared() {
        for r in [3.0, 10.3, 27.0] {
            let canvas = fill(Path(ellipseIn: CGRect(x: 32 - r, y: 32 - r, width: 2 * r, height: 2 * r)))
            let area = Double.pi * r * r
            // Flattening to 0.2 px loses at most the chord sagitta along the perimeter.
            #expect(abs(totalCoverage(canvas) - area) < 0.2 * 2 * .pi * r * 0.7 + 1, "r = \(r)")
        }
    }

    @Test func onePixelLineCoverageSumsToItsLength() {
        var canvas = Bitmap(width: 200, height: 200)
        canvas.draw { c, _ in
            var p = Path()
            p.move(to: CGPoint(x: 20.3, y: 30.7))
            p.addLine(to: CGPoint(x: 150.1, y: 140.2))
            c.stroke(p, with: .color(.black), lineWidth: 1)
        }
        let length = hypot(150.1 - 20.3, 140.2 - 30.7)
        #expect(abs(totalCoverage(canvas) - length) < length * 0.01)
    }

    @Test func evenOddHolesAreEmpty() {
        let ring = Path { r in
            r.addRect(CGRect(x: 4, y: 4, width: 56, height: 56))
            r.addRect(CGRect(x: 20, y: 20, width: 24, height: 24))
        }
        let eo = fill(ring, eo: true)
        #expect(alpha(eo, 32, 32) == 0)
        #expect(alpha(eo, 10, 32) == 1)
        #expect(abs(totalCoverage(eo) - (56 * 56 - 24 * 24)) < 0.1)
        let nz = fill(ring)
        #expect(alpha(nz, 32, 32) == 1)
    }

    @Test func abuttingRectanglesLeaveNoSeam() {
        var canvas = Bitmap(width: 32, height: 32)
        canvas.draw { c, _ in
            c.fill(Path(CGRect(x: 0, y: 0, width: 16.5, height: 32)), with: .color(.black))
            c.fill(Path(CGRect(x: 16.5, y: 0, width: 15.5, height: 32)), with: .color(.black))
        }
        // Conflation at the shared edge: 0.5 + 0.5 * (1 - 0.5) = 0.75, the exact-coverage result.
        #expect(abs(alpha(canvas, 16, 10) - 0.75) <= 1 / 255)
        #expect(alpha(canvas, 15, 10) == 1 && alpha(canvas, 17, 10) == 1)
    }

    @Test func nonFiniteAndHugeGeometryIsSafe() {
        var canvas = Bitmap(width: 64, height: 64)
        canvas.draw { c, _ in
            var bad = Path()
            bad.move(to: CGPoint(x: 1, y: 1))
            bad.addLine(to: CGPoint(x: CGFloat.nan, y: 5))
            bad.addLine(to: CGPoint(x: 30, y: CGFloat.infinity))
            c.fill(bad, with: .color(.red))
            c.stroke(bad, with: .color(.red), lineWidth: 3)
            // A triangle reaching 1e9 px away still covers the frame's left half exactly.
            let huge = Path { p in
                p.move(to: CGPoint(x: -1e9, y: -1e9))
                p.addLine(to: CGPoint(x: 32, y: -1e9))
                p.addLine(to: CGPoint(x: 32, y: 1e9))
                p.addLine(to: CGPoint(x: -1e9, y: 1e9))
                p.closeSubpath()
            }
            c.fill(huge, with: .color(.black))
            c.stroke(Path(ellipseIn: CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12)), with: .color(.blue), lineWidth: 2)
            var zero = Path()
            zero.move(to: CGPoint(x: 40, y: 40))
            zero.addLine(to: CGPoint(x: 40, y: 40))
            c.stroke(zero, with: .color(.black), style: StrokeStyle(lineWidth: 4, lineCap: .round))
            c.fill(Path(CGRect(x: 50, y: 50, width: 0, height: 10)), with: .color(.black))
            var degenerate = c
            degenerate.scaleBy(x: 0, y: 0)
            degenerate.stroke(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black), lineWidth: 1)
        }
        #expect(alpha(canvas, 10, 32) == 1)
        #expect(alpha(canvas, 40, 20) == 0)
    }

    @Test func antialiasingOffSnapsCoverage() {
        var canvas = Bitmap(width: 16, height: 16)
        canvas.draw { c, _ in
            c.fill(Path(CGRect(x: 2.3, y: 2.3, width: 8.4, height: 8.4)), with: .color(.black), style: FillStyle(antialiased: false))
        }
        for y in 0..<16 { for x in 0..<16 { let a = alpha(canvas, x, y); #expect(a == 0 || a == 1) } }
    }

    @Test func copiedContextKeepsItsOwnState() {
        var canvas = Bitmap(width: 20, height: 10)
        canvas.draw { c, _ in
            var moved = c
            moved.translateBy(x: 10, y: 0)
            moved.opacity = 0.5
            c.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black))
            moved.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black))
            #expect(c.transform == .identity && c.opacity == 1)
        }
        #expect(alpha(canvas, 2, 2) == 1)
        #expect(abs(alpha(canvas, 12, 2) - 0.5) <= 1 / 255)
    }

    /// A pixel's value is a function of its coverage alone: the sweep reports pixels next to an
    /// edge in blocks and the rest of a row as one constant run, and both must round alike.
    /// A rectangle whose top and bottom edges cut through pixel rows gives each of those rows one
    /// partial coverage from end to end; every pixel of such a row must come out the same.
    @Test func partialRowsAreUniformWhateverTheSweepGroups() {
        var mismatches: [String] = []
        for step in 0..<40 {
            let top = 3 + Double(step) * 0.0371, bottom = 9 + Double(step) * 0.0583
            for opacity in [1.0, 0.7, 0.3, 0.1] {
                for antialiased in [true, false] {
                    var canvas = Bitmap(width: 300, height: 12)
                    canvas.draw { c, _ in
                        c.fill(Path(CGRect(x: 0, y: 0, width: 300, height: 12)), with: .color(.white))
                        c.opacity = opacity
                        c.fill(Path(CGRect(x: 0, y: top, width: 300, height: bottom - top)),
                               with: .color(Color(red: 0.2, green: 0.5, blue: 0.9, opacity: 0.6)),
                               style: FillStyle(antialiased: antialiased))
                    }
                    let rgba = canvas.rgba8()
                    for row in [Int(top), Int(bottom)] {
                        let first = Array(rgba[(row * 300) * 4..<(row * 300) * 4 + 4])
                        for x in 1..<300 where Array(rgba[(row * 300 + x) * 4..<(row * 300 + x) * 4 + 4]) != first {
                            mismatches.append("row \(row) x \(x) top \(top) opacity \(opacity) aa \(antialiased)")
                            break
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
