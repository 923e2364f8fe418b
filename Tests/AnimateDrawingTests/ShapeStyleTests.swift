import AnimateDrawing
import AnimateText
import Foundation
import Testing

/// SwiftUI's gradient values as shape styles: laid over the bounds of what is drawn.
@Suite struct ShapeStyleTests {
    func draw(_ width: Int = 100, _ height: Int = 60, _ body: (inout GraphicsContext) -> Void) -> Bitmap {
        var canvas = Bitmap(width: width, height: height)
        canvas.draw { context, _ in body(&context) }
        return canvas
    }

    let box = CGRect(x: 20, y: 10, width: 60, height: 40)
    let colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]

    @Test func linearGradientValueSpansThePathBounds() {
        let styled = draw { $0.fill(Path(box), with: .style(LinearGradient(colors: colors, startPoint: .leading, endPoint: .trailing))) }
        let explicit = draw { $0.fill(Path(box), with: .linearGradient(Gradient(colors: colors), startPoint: CGPoint(x: 20, y: 30), endPoint: CGPoint(x: 80, y: 30))) }
        #expect(styled.rgba8() == explicit.rgba8())
        // The same with SwiftUI's static member spelling.
        let member = draw { $0.fill(Path(box), with: .style(.linearGradient(colors: colors, startPoint: .leading, endPoint: .trailing))) }
        #expect(member.rgba8() == explicit.rgba8())
        // Strokes lay it over the path's bounds too.
        let stroked = draw { $0.stroke(Path(box), with: .style(LinearGradient(colors: colors, startPoint: .top, endPoint: .bottom)), lineWidth: 4) }
        let strokedExplicit = draw { $0.stroke(Path(box), with: .linearGradient(Gradient(colors: colors), startPoint: CGPoint(x: 50, y: 10), endPoint: CGPoint(x: 50, y: 50)), lineWidth: 4) }
        #expect(stroked.rgba8() == strokedExplicit.rgba8())
    }

    @Test func radialAndEllipticalValuesCentreOnTheBounds() {
        let radial = draw { $0.fill(Path(box), with: .style(RadialGradient(colors: colors, center: .center, startRadius: 0, endRadius: 20))) }
        let explicit = draw { $0.fill(Path(box), with: .radialGradient(Gradient(colors: colors), center: CGPoint(x: 50, y: 30), startRadius: 0, endRadius: 20)) }
        #expect(radial.rgba8() == explicit.rgba8())
        // Elliptical: radius fraction 0.5 reaches the middle of each side.
        let elliptical = draw { $0.fill(Path(box), with: .style(EllipticalGradient(colors: colors))) }
        let centre = elliptical.premultipliedPixel(x: 50, y: 30), side = elliptical.premultipliedPixel(x: 79, y: 30), top = elliptical.premultipliedPixel(x: 50, y: 10)
        #expect(centre.x > 240 && centre.z < 15, "\(centre)")
        #expect(side.z > 235 && side.x < 20)
        #expect(top.z > 235 && top.x < 20)
    }

    @Test func angularGradientValueSpansItsAngles() {
        let square = CGRect(x: 0, y: 0, width: 100, height: 100)
        let full = draw(100, 100) { $0.fill(Path(square), with: .style(AngularGradient(colors: colors, center: .center))) }
        let conic = draw(100, 100) { $0.fill(Path(square), with: .conicGradient(Gradient(colors: colors), center: CGPoint(x: 50, y: 50))) }
        #expect(full.rgba8() == conic.rgba8())
        // Red at 0 degrees to blue at 90 (clockwise on screen), then blue to the gap's middle (225) and red after.
        let quarter = draw(100, 100) {
            $0.fill(Path(square), with: .style(AngularGradient(colors: colors, center: .center, startAngle: .zero, endAngle: .degrees(90))))
        }
        func at(_ degrees: Double) -> SIMD4<UInt8> {
            let a = degrees * .pi / 180
            return quarter.premultipliedPixel(x: Int(50 + 40 * cos(a)), y: Int(50 + 40 * sin(a)))
        }
        #expect(at(45).x > 100 && at(45).z > 100)
        #expect(at(180).z > 240 && at(180).x < 15)
        #expect(at(300).x > 240 && at(300).z < 15, "\(at(300)) \(at(250)) \(at(350))")
    }

    @Test func colorIsAStyleAndTextTakesAGradientAcrossItsWidth() {
        let styled = draw { $0.fill(Path(box), with: .style(Color.green)) }
        let plain = draw { $0.fill(Path(box), with: .color(.green)) }
        #expect(styled.rgba8() == plain.rgba8())
        let text = draw(200, 60) {
            $0.draw(Text("IIIIIIIIII").font(.system(size: 40)).foregroundStyle(LinearGradient(colors: colors, startPoint: .leading, endPoint: .trailing)),
                    at: CGPoint(x: 100, y: 30))
        }
        // Find the leftmost and rightmost inked columns: red on the left, blue on the right.
        var inked: [(x: Int, p: SIMD4<UInt8>)] = []
        for x in 0..<200 { let p = text.premultipliedPixel(x: x, y: 30); if p.w == 255 { inked.append((x, p)) } }
        let left = inked.first!.p, right = inked.last!.p
        #expect(left.x > 200 && left.z < 60, "left \(left)")
        #expect(right.z > 200 && right.x < 60, "right \(right)")
    }
}
