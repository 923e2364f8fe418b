import AnimateDrawing
import Foundation
import Testing

@Suite struct GeometryTests {
    func close(_ a: CGFloat, _ b: CGFloat, _ eps: CGFloat = 1e-9) -> Bool { abs(a - b) <= eps }
    func close(_ a: CGPoint, _ b: CGPoint, _ eps: CGFloat = 1e-9) -> Bool { close(a.x, b.x, eps) && close(a.y, b.y, eps) }

    @Test func concatenatingAppliesSelfFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0)
        let s = CGAffineTransform(scaleX: 2, y: 3)
        // (1, 1) translated to (11, 1), then scaled to (22, 3).
        #expect(CGPoint(x: 1, y: 1).applying(t.concatenating(s)) == CGPoint(x: 22, y: 3))
        // Hand-computed matrix of t.concatenating(s).
        #expect(t.concatenating(s) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 0))
    }

    @Test func translatedByPrependsAsCoreGraphics() {
        // scaledBy then translatedBy: the translation happens in the scaled space.
        let m = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)
        #expect(CGPoint.zero.applying(m) == CGPoint(x: 10, y: 0))
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(r)
        #expect(close(p, CGPoint(x: 0, y: 1)))
        #expect(CGAffineTransform.identity.rotated(by: .pi / 2) == r)
    }

    @Test func invertedUndoes() {
        let m = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let p = CGPoint(x: 3.5, y: -2)
        #expect(close(p.applying(m).applying(m.inverted()), p, 1e-12))
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func rectAndSizeApplying() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(close(r.minX, -20) && close(r.maxX, 0) && close(r.minY, 0) && close(r.maxY, 10))
        #expect(CGSize(width: 2, height: 3).applying(CGAffineTransform(translationX: 9, y: 9)) == CGSize(width: 2, height: 3))
    }

    @Test func angles() {
        #expect(close(Angle.degrees(180).radians, .pi))
        #expect(close(Angle.radians(.pi / 2).degrees, 90))
        #expect(Angle.zero.radians == 0)
    }

    @Test func arcFalseClockwiseSweepsWithIncreasingAngle() {
        var p = Path()
        p.addArc(center: .zero, radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        #expect(p.elements.count == 2)
        #expect(close(p.currentPoint!, CGPoint(x: 0, y: 10), 1e-9))
        // The quarter arc stays in the +x, +y quadrant (clockwise on a y-down screen).
        let b = p.boundingRect
        #expect(close(b.minX, 0, 1e-9) && close(b.minY, 0, 1e-9) && close(b.maxX, 10, 1e-9) && close(b.maxY, 10, 1e-9))
    }

    @Test func arcTrueClockwiseSweepsTheOtherWay() {
        var p = Path()
        p.addArc(center: .zero, radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: true)
        // 0 -> 90 with decreasing angle is three quarters of a turn.
        #expect(p.elements.count == 4)
        let b = p.boundingRect
        #expect(close(b.minX, -10, 1e-9) && close(b.minY, -10, 1e-9) && close(b.maxY, 10, 1e-9))
    }

    @Test func fullTurnDrawsWholeCircle() {
        for (start, end, cw) in [(360.0, 0.0, true), (360.0, 0.0, false), (0.0, 360.0, false)] {
            var p = Path()
            p.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: .degrees(start), endAngle: .degrees(end), clockwise: cw)
            let b = p.boundingRect
            #expect(close(b.width, 4, 1e-9) && close(b.height, 4, 1e-9), "arc \(start)->\(end) clockwise \(cw)")
        }
    }

    @Test func tangentArcMeetsBothLines() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 3)
        // Right-angle corner: the arc starts 3 before the corner and ends 3 after it.
        guard case .line(let t1) = p.elements[1] else { Issue.record("expected a line"); return }
        #expect(close(t1, CGPoint(x: 7, y: 0), 1e-9))
        #expect(close(p.currentPoint!, CGPoint(x: 10, y: 3), 1e-9))
    }

    @Test func builtinPathsStartWhereCoreGraphicsDoes() {
        let rect = Path(CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(rect.elements.first == .move(to: CGPoint(x: 1, y: 2)))
        #expect(rect.elements[1] == .line(to: CGPoint(x: 4, y: 2)))
        let ellipse = Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(ellipse.elements.first == .move(to: CGPoint(x: 20, y: 5)))
        #expect(ellipse.elements.last == .closeSubpath)
    }

    @Test func boundsContainsAndEmpty() {
        #expect(Path().isEmpty)
        #expect(Path().boundingRect.isNull)
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        // The curve's apex is at y = 5, not at the control point's 10.
        #expect(close(p.boundingRect.maxY, 5))
        let ring = Path { r in
            r.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
            r.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
        }
        #expect(ring.contains(CGPoint(x: 10, y: 50)))
        #expect(ring.contains(CGPoint(x: 50, y: 50)))              // non-zero: same direction, still inside
        #expect(!ring.contains(CGPoint(x: 50, y: 50), eoFill: true))
        #expect(!ring.contains(CGPoint(x: 99, y: 1)))
    }

    @Test func colorsAreSwiftUIs() {
        #expect(Color.blue == Color(red: 0, green: 122 / 255, blue: 1))
        #expect(Color(hue: 0, saturation: 1, brightness: 1) == Color(red: 1, green: 0, blue: 0))
        #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1).green == 1)
        #expect(Color.red.opacity(0.5).opacity == 0.5)
    }
}
