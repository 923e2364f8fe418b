import AnimateDrawing
import AnimateStoryboard
import AnimateTestSupport
import Foundation
import Testing

/// Draws one still exercising every canvas feature, writes it as an artifact to look at,
/// and checks pixels that must hold whatever the details.
@Suite struct GalleryTests {
    static func star(points: Int, center: CGPoint, outer: CGFloat, inner: CGFloat) -> Path {
        Path { p in
            for i in 0..<(2 * points) {
                let r = i % 2 == 0 ? outer : inner
                let a = Double(i) * .pi / Double(points) - .pi / 2
                let pt = CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a))
                if i == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
            }
            p.closeSubpath()
        }
    }

    @Test func gallery() throws {
        var canvas = Bitmap(width: 960, height: 540)
        canvas.clear(.white)
        canvas.draw { context, size in
            // Row 1: fills.
            context.fill(Path(CGRect(x: 20, y: 20, width: 100, height: 80)), with: .color(.blue))
            context.fill(Path(ellipseIn: CGRect(x: 140, y: 20, width: 100, height: 80)), with: .color(.red))
            context.fill(Path(roundedRect: CGRect(x: 260, y: 20, width: 100, height: 80), cornerRadius: 20), with: .color(.green))
            context.fill(Self.star(points: 5, center: CGPoint(x: 430, y: 60), outer: 45, inner: 18), with: .color(.orange))
            let pentagram = Path { p in
                for i in 0..<5 {
                    let a = Double(i * 2) * 2 * .pi / 5 - .pi / 2
                    let pt = CGPoint(x: 540 + 45 * cos(a), y: 60 + 45 * sin(a))
                    if i == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
                }
                p.closeSubpath()
            }
            context.fill(pentagram, with: .color(.purple), style: FillStyle(eoFill: true))
            var arcs = Path()
            arcs.addArc(center: CGPoint(x: 650, y: 60), radius: 40, startAngle: .degrees(0), endAngle: .degrees(270), clockwise: false)
            arcs.closeSubpath()
            context.fill(arcs, with: .color(.teal))
            var curve = Path()
            curve.move(to: CGPoint(x: 720, y: 100))
            curve.addCurve(to: CGPoint(x: 860, y: 100), control1: CGPoint(x: 740, y: 0), control2: CGPoint(x: 840, y: 0))
            curve.addQuadCurve(to: CGPoint(x: 720, y: 100), control: CGPoint(x: 790, y: 140))
            context.fill(curve, with: .color(.pink))

            // Row 2: gradients.
            let rainbow = Gradient(colors: [.red, .orange, .yellow, .green, .blue, .purple])
            context.fill(Path(CGRect(x: 20, y: 130, width: 200, height: 100)),
                         with: .linearGradient(rainbow, startPoint: CGPoint(x: 20, y: 130), endPoint: CGPoint(x: 220, y: 230)))
            context.fill(Path(ellipseIn: CGRect(x: 240, y: 130, width: 100, height: 100)),
                         with: .radialGradient(Gradient(colors: [.white, .blue, .black]), center: CGPoint(x: 290, y: 180), startRadius: 0, endRadius: 50))
            context.fill(Self.star(points: 16, center: CGPoint(x: 410, y: 180), outer: 50, inner: 30),
                         with: .conicGradient(Gradient(colors: [.yellow, .red, .yellow]), center: CGPoint(x: 410, y: 180), angle: .degrees(-90)))
            context.fill(Path(CGRect(x: 480, y: 130, width: 200, height: 100)),
                         with: .ellipticalGradient(Gradient(colors: [.yellow, .mint, .indigo]), in: CGRect(x: 480, y: 130, width: 200, height: 100)))
            context.fill(Path(CGRect(x: 700, y: 130, width: 160, height: 100)),
                         with: .linearGradient(Gradient(colors: [.black, .clear]), startPoint: CGPoint(x: 700, y: 0), endPoint: CGPoint(x: 860, y: 0)))

            // Row 3: strokes: joins, caps, dashes, hairlines, transformed pen.
            var zigzag = Path()
            zigzag.addLines([CGPoint(x: 30, y: 330), CGPoint(x: 60, y: 260), CGPoint(x: 90, y: 330), CGPoint(x: 120, y: 260)])
            context.stroke(zigzag, with: .color(.black), style: StrokeStyle(lineWidth: 12, lineCap: .butt, lineJoin: .miter))
            context.stroke(zigzag.offsetBy(dx: 120, dy: 0), with: .color(.black), style: StrokeStyle(lineWidth: 12, lineCap: .round, lineJoin: .round))
            context.stroke(zigzag.offsetBy(dx: 240, dy: 0), with: .color(.black), style: StrokeStyle(lineWidth: 12, lineCap: .square, lineJoin: .bevel))
            context.stroke(Path(roundedRect: CGRect(x: 400, y: 260, width: 120, height: 70), cornerRadius: 12), with: .color(.blue),
                           style: StrokeStyle(lineWidth: 3, dash: [10, 6], dashPhase: 0))
            context.stroke(Path(ellipseIn: CGRect(x: 540, y: 260, width: 70, height: 70)), with: .color(.red),
                           style: StrokeStyle(lineWidth: 6, lineCap: .round, dash: [0, 12]))
            for i in 0..<8 {
                var line = Path()
                line.move(to: CGPoint(x: 630 + Double(i) * 10, y: 260))
                line.addLine(to: CGPoint(x: 660 + Double(i) * 10, y: 330))
                context.stroke(line, with: .color(.black), lineWidth: 0.25 * Double(i + 1))
            }
            var squashed = context
            squashed.translateBy(x: 790, y: 295)
            squashed.scaleBy(x: 3, y: 1)
            squashed.stroke(Path(ellipseIn: CGRect(x: -20, y: -30, width: 40, height: 60)), with: .color(.indigo), lineWidth: 4)

            // Row 4: transforms, opacity, layers, blend modes, clips.
            var spin = context
            spin.translateBy(x: 80, y: 440)
            for i in 0..<12 {
                var c = spin
                c.rotate(by: .degrees(Double(i) * 30))
                c.opacity = 0.3 + 0.05 * Double(i)
                c.fill(Path(CGRect(x: 10, y: -5, width: 50, height: 10)), with: .color(Color(hue: Double(i) / 12, saturation: 0.8, brightness: 0.9)))
            }
            var blend = context
            blend.fill(Path(ellipseIn: CGRect(x: 170, y: 370, width: 90, height: 90)), with: .color(.red))
            blend.blendMode = .multiply
            blend.fill(Path(ellipseIn: CGRect(x: 220, y: 370, width: 90, height: 90)), with: .color(.yellow))
            blend.blendMode = .screen
            blend.fill(Path(ellipseIn: CGRect(x: 195, y: 420, width: 90, height: 90)), with: .color(.blue))
            var layered = context
            layered.opacity = 0.5
            layered.drawLayer { layer in
                layer.fill(Path(CGRect(x: 340, y: 380, width: 80, height: 80)), with: .color(.green))
                layer.fill(Path(CGRect(x: 380, y: 420, width: 80, height: 80)), with: .color(.green))
            }
            var clipped = context
            clipped.clip(to: Path(ellipseIn: CGRect(x: 490, y: 370, width: 140, height: 140)))
            for i in 0..<7 {
                clipped.fill(Path(CGRect(x: 490 + Double(i) * 20, y: 370, width: 10, height: 140)), with: .color(.orange))
            }
            var inverse = context
            inverse.clip(to: Path(ellipseIn: CGRect(x: 680, y: 390, width: 100, height: 100)), options: .inverse)
            inverse.fill(Path(CGRect(x: 660, y: 370, width: 140, height: 140)), with: .color(.cyan))
            _ = size
        }
        try canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("gallery.png"))
        // Interiors have their exact colours; even-odd leaves the pentagram's centre empty.
        #expect(canvas.premultipliedPixel(x: 70, y: 60) == SIMD4(0, 122, 255, 255))
        #expect(canvas.premultipliedPixel(x: 540, y: 62) == SIMD4(255, 255, 255, 255))
        #expect(canvas.premultipliedPixel(x: 190, y: 60) == SIMD4(255, 59, 48, 255))
        // The inverse clip keeps the circle's inside white.
        #expect(canvas.premultipliedPixel(x: 730, y: 440) == SIMD4(255, 255, 255, 255))
    }
}
