import AnimateDrawing
import AnimateTestSupport
import AnimateText
import AnimateVideo
import AnimateViews
import Foundation
import Testing

/// SwiftUI conveniences real Bitmap code uses: trimmed paths and shapes, insets, stroked paths,
/// relative arcs, continuous corners, colour spaces, the foreground shading, text spacing and design.
@Suite struct ConveniencesTests {
    func points(_ path: Path) -> [CGPoint] {
        path.elements.compactMap { element -> CGPoint? in
            switch element {
            case let .move(to: p), let .line(to: p), let .quadCurve(to: p, control: _), let .curve(to: p, control1: _, control2: _): return p
            case .closeSubpath: return nil
            }
        }
    }

    func near(_ a: CGPoint?, _ b: CGPoint, _ tolerance: CGFloat = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    func draw(_ size: Int = 100, _ body: (inout GraphicsContext) -> Void) -> Bitmap {
        var canvas = Bitmap(width: size, height: size)
        canvas.draw { context, _ in body(&context) }
        return canvas
    }

    @Test func trimmedPathFollowsLengthAcrossSides() {
        let square = Path(CGRect(x: 0, y: 0, width: 100, height: 100))   // perimeter 400, from (0,0) clockwise
        #expect(points(square.trimmedPath(from: 0.125, to: 0.375)) == [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)])
        #expect(near(square.trimmedPath(from: 0, to: 0.5).currentPoint, CGPoint(x: 100, y: 100)))
        // The closing side counts: 0.875...1 runs up the left side back to the start.
        #expect(points(square.trimmedPath(from: 0.875, to: 1)) == [CGPoint(x: 0, y: 50), CGPoint(x: 0, y: 0)])
        #expect(square.trimmedPath(from: 0, to: 1) == square)
        #expect(square.trimmedPath(from: 0.4, to: 0.4).isEmpty && square.trimmedPath(from: 0.7, to: 0.2).isEmpty)
        #expect(square.trimmedPath(from: -3, to: 9) == square)
        // Two subpaths: length runs through both.
        var two = Path()
        two.move(to: .zero); two.addLine(to: CGPoint(x: 100, y: 0))
        two.move(to: CGPoint(x: 0, y: 10)); two.addLine(to: CGPoint(x: 100, y: 10))
        #expect(points(two.trimmedPath(from: 0.25, to: 0.75)) == [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 10), CGPoint(x: 50, y: 10)])
    }

    @Test func trimmedCurvesStayCurvesAndCutByArcLength() {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200))
        // Half the length of a circle starting at angle 0 ends at angle π.
        let half = circle.trimmedPath(from: 0, to: 0.5)
        #expect(near(points(half).first, CGPoint(x: 200, y: 100), 1e-9))
        #expect(near(half.currentPoint, CGPoint(x: 0, y: 100), 0.05))
        #expect(half.elements.contains { if case .curve = $0 { return true } else { return false } })
        // A quarter starting an eighth in: from 45° to 135°, every point on the circle.
        let quarter = circle.trimmedPath(from: 0.125, to: 0.375)
        for p in points(quarter) { #expect(abs(((p.x - 100) * (p.x - 100) + (p.y - 100) * (p.y - 100)).squareRoot() - 100) < 0.05) }
        #expect(near(points(quarter).first, CGPoint(x: 100 + 100 / 2.squareRoot(), y: 100 + 100 / 2.squareRoot()), 0.1))
        // Drawn on: the stroke's ink grows with the trimmed fraction, to the whole circle's.
        var previous = -1.0
        for p in stride(from: 0.0, through: 1.0, by: 0.25) {
            let ink = totalCoverage(draw { $0.stroke(Circle().trim(from: 0, to: p).path(in: CGRect(x: 10, y: 10, width: 80, height: 80)),
                                                      with: .color(.black), lineWidth: 4) })
            #expect(ink > previous)
            previous = ink
        }
        let whole = totalCoverage(draw { $0.stroke(Circle().path(in: CGRect(x: 10, y: 10, width: 80, height: 80)), with: .color(.black), lineWidth: 4) })
        #expect(abs(previous - whole) < 1e-9)
    }

    @Test func insetShapesStayInsideTheirFrame() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
        #expect(Circle().inset(by: 4).path(in: rect).boundingRect == CGRect(x: 24, y: 4, width: 52, height: 52))
        #expect(Rectangle().inset(by: 5).inset(by: 5).path(in: rect) == Path(rect.insetBy(dx: 10, dy: 10)))
        // Rounded corners shrink with the inset, keeping the outline parallel.
        #expect(RoundedRectangle(cornerRadius: 10).inset(by: 4).path(in: rect)
                == RoundedRectangle(cornerRadius: 6).path(in: rect.insetBy(dx: 4, dy: 4)))
        // A line of width 2·inset stays inside the frame.
        let canvas = draw { $0.stroke(Capsule().inset(by: 3).path(in: CGRect(x: 0, y: 20, width: 100, height: 60)), with: .color(.black), lineWidth: 6) }
        #expect(alpha(canvas, 50, 19) == 0 && alpha(canvas, 50, 80) == 0 && alpha(canvas, 50, 21) > 0.9)
    }

    @Test func strokedPathFillsToTheStroke() {
        var line = Path()
        line.move(to: CGPoint(x: 10, y: 50)); line.addLine(to: CGPoint(x: 90, y: 50))
        #expect(line.strokedPath(StrokeStyle(lineWidth: 10)).boundingRect == CGRect(x: 10, y: 45, width: 80, height: 10))
        #expect(line.strokedPath(StrokeStyle(lineWidth: 10, lineCap: .square)).boundingRect == CGRect(x: 5, y: 45, width: 90, height: 10))
        // Filling the outline draws what stroking draws.
        var zigzag = Path()
        zigzag.addLines([CGPoint(x: 10, y: 80), CGPoint(x: 30, y: 20), CGPoint(x: 50, y: 80), CGPoint(x: 70, y: 20), CGPoint(x: 90, y: 80)])
        for style in [StrokeStyle(lineWidth: 6, lineJoin: .miter), StrokeStyle(lineWidth: 6, lineJoin: .bevel),
                      StrokeStyle(lineWidth: 3, dash: [8, 4])] {
            let stroked = draw { $0.stroke(zigzag, with: .color(.black), style: style) }
            let filled = draw { $0.fill(zigzag.strokedPath(style), with: .color(.black)) }
            #expect(stroked.rgba8() == filled.rgba8())
        }
    }

    @Test func relativeArcsTurnByTheirDelta() {
        var p = Path()
        p.addRelativeArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: .zero, delta: .degrees(90))
        #expect(near(points(p).first, CGPoint(x: 90, y: 50)) && near(p.currentPoint, CGPoint(x: 50, y: 90), 1e-9))
        var q = Path()
        q.addRelativeArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: .zero, delta: .degrees(-90))
        #expect(near(q.currentPoint, CGPoint(x: 50, y: 10), 1e-9))
        var full = Path()
        full.addRelativeArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: .zero, delta: .degrees(720))
        #expect(full.boundingRect.insetBy(dx: -1e-9, dy: -1e-9).contains(CGRect(x: 10, y: 10, width: 80, height: 80)))
    }

    @Test func continuousCornersMeetTheEdgesWithoutAKink() {
        let rect = CGRect(x: 0, y: 0, width: 200, height: 100)
        let path = Path(roundedRect: rect, cornerRadius: 20, style: .continuous)
        #expect(path.boundingRect == rect)
        #expect(path.elements.first == .move(to: CGPoint(x: 20 * 1.52866483, y: 0)))
        // Each corner's first and last curves keep their controls on the edge (no curvature jump).
        var curves: [(CGPoint, CGPoint, CGPoint)] = []
        var current = CGPoint.zero
        for element in path.elements {
            switch element {
            case let .move(to: p), let .line(to: p): current = p
            case let .curve(to: p, control1: c1, control2: c2): curves.append((current, c1, c2)); current = p
            default: break
            }
        }
        #expect(curves.count == 12)
        for k in stride(from: 0, to: 12, by: 3) {
            let (start, c1, c2) = curves[k]
            #expect((start.y == c1.y && c1.y == c2.y) || (start.x == c1.x && c1.x == c2.x), "corner \(k / 3)")
        }
        // Circular stays what it was; the shape takes the style.
        #expect(Path(roundedRect: rect, cornerRadius: 20, style: .circular) == Path(roundedRect: rect, cornerRadius: 20))
        #expect(RoundedRectangle(cornerRadius: 20, style: .continuous).path(in: rect) == path)
        // Drawn, both cover nearly the same area, and the continuous corner is the fuller near the edges' ends.
        let a = totalCoverage(draw(200) { $0.fill(Path(roundedRect: CGRect(x: 0, y: 0, width: 200, height: 100), cornerRadius: 20, style: .continuous), with: .color(.black)) })
        let b = totalCoverage(draw(200) { $0.fill(Path(roundedRect: CGRect(x: 0, y: 0, width: 200, height: 100), cornerRadius: 20), with: .color(.black)) })
        #expect(abs(a - b) / b < 0.01 && a != b)
    }

    @Test func colourSpacesAndSemanticColours() {
        let linear = Color(.sRGBLinear, red: 0.5, green: 0, blue: 1)
        #expect(abs(linear.red - 0.735357) < 1e-5 && linear.green == 0 && abs(linear.blue - 1) < 1e-12)
        let p3White = Color(.displayP3, red: 1, green: 1, blue: 1)
        #expect(abs(p3White.red - 1) < 1e-6 && abs(p3White.green - 1) < 1e-6 && abs(p3White.blue - 1) < 1e-6)
        let p3Red = Color(.displayP3, red: 1, green: 0, blue: 0)   // outside sRGB: clipped to sRGB red
        #expect(p3Red.red == 1 && p3Red.green == 0 && p3Red.blue == 0)
        #expect(Color(.sRGB, red: 0.2, green: 0.4, blue: 0.6, opacity: 0.5) == Color(red: 0.2, green: 0.4, blue: 0.6, opacity: 0.5))
        #expect(Color.primary == .black && Color.secondary.opacity == 0.6 && Color.accentColor == .blue)
        let canvas = draw(10) { $0.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .foreground) }
        #expect(canvas.premultipliedPixel(x: 5, y: 5) == SIMD4(0, 0, 0, 255))
    }

    @Test func linearColorGradientsMixInLinearLight() {
        let gradient = Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0)])
        func middle(_ options: GraphicsContext.GradientOptions) -> SIMD4<UInt8> {
            let canvas = draw(256) { c in
                c.fill(Path(CGRect(x: 0, y: 0, width: 256, height: 256)),
                       with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 255, y: 0), options: options))
            }
            return canvas.premultipliedPixel(x: 127, y: 10)
        }
        // Half way: 0.5 of each encoded value in sRGB; 0.5 of each linear value (0.735 encoded) in linear light.
        let srgb = middle([]), linear = middle(.linearColor)
        #expect(abs(Int(srgb.x) - 128) <= 2 && abs(Int(srgb.y) - 128) <= 2)
        #expect(abs(Int(linear.x) - 188) <= 2 && abs(Int(linear.y) - 188) <= 2 && linear.z == 0)
    }

    @Test func gradientsRepeatAndMirrorBeyondTheirEnds() {
        let ramp = Gradient(colors: [Color(white: 0), Color(white: 1)])
        func row(_ options: GraphicsContext.GradientOptions, radial: Bool = false) -> [UInt8] {
            let canvas = draw(300) { c in
                let shading: GraphicsContext.Shading = radial
                    ? .radialGradient(ramp, center: .zero, startRadius: 0, endRadius: 100, options: options)
                    : .linearGradient(ramp, startPoint: .zero, endPoint: CGPoint(x: 100, y: 0), options: options)
                c.fill(Path(CGRect(x: 0, y: 0, width: 300, height: 300)), with: shading)
            }
            return (0..<300).map { canvas.premultipliedPixel(x: $0, y: 0).x }
        }
        let pad = row([]), repeated = row(.repeat), mirrored = row(.mirror)
        // Inside the gradient all three agree (within a level: the pad path is exact fixed point).
        for x in 0..<100 { #expect(abs(Int(pad[x]) - Int(repeated[x])) <= 1 && abs(Int(pad[x]) - Int(mirrored[x])) <= 1, "x \(x)") }
        // Beyond it: pad holds white; repeat starts again from black; mirror comes back down.
        #expect(pad[150] == 255 && pad[250] == 255)
        #expect(abs(Int(repeated[150]) - Int(repeated[50])) <= 1 && abs(Int(repeated[250]) - Int(repeated[50])) <= 1)
        #expect(abs(Int(mirrored[150]) - Int(mirrored[49])) <= 1 && abs(Int(mirrored[250]) - Int(mirrored[50])) <= 1)
        #expect(repeated[105] < 20 && mirrored[105] > 235)
        // Radial: rings, 100 px apart, along the top row from the centre at the corner.
        let rings = row(.repeat, radial: true)
        #expect(abs(Int(rings[150]) - Int(rings[50])) <= 1 && rings[101] < 10 && rings[99] > 245)
        // Conic gradients wrap by themselves; .linearColor combines with either.
        let both = row([.repeat, .linearColor])
        #expect(abs(Int(both[150]) - Int(both[50])) <= 1 && both[50] > pad[50] + 40)
    }

    @Test func textSpacingWeightAndDesign() {
        var canvas = Bitmap(width: 400, height: 100)
        var widths: [CGFloat] = []
        canvas.draw { context, _ in
            let plain = context.resolve(Text("Hello").font(.system(size: 20))).size.width
            let spaced = context.resolve(Text("Hello").font(.system(size: 20)).kerning(3)).size.width
            let tracked = context.resolve(Text("Hello").font(.system(size: 20)).kerning(3).tracking(2)).size.width
            widths = [plain, spaced, tracked]
            // Monospaced: narrow and wide letters take the same width.
            let i = context.resolve(Text("iiii").font(.system(size: 20)).fontDesign(.monospaced)).size.width
            let m = context.resolve(Text("MMMM").font(.system(size: 20, design: .monospaced))).size.width
            widths += [i, m]
        }
        #expect(abs(widths[1] - widths[0] - 15) < 1e-6 && abs(widths[2] - widths[0] - 25) < 1e-6)
        #expect(abs(widths[3] - widths[4]) < 1e-6)
        let regular = draw(100) { $0.draw(Text("W").font(.system(size: 40)), at: CGPoint(x: 50, y: 50)) }
        let bold = draw(100) { $0.draw(Text("W").font(.system(size: 40)).fontWeight(.bold), at: CGPoint(x: 50, y: 50)) }
        #expect(totalCoverage(bold) > totalCoverage(regular) * 1.15)
    }

    /// A still of the conveniences as lesson code uses them, written as an artifact to look at.
    @Test func stillOfTheConveniences() throws {
        var canvas = Bitmap(width: 960, height: 300)
        canvas.clear(.white)
        canvas.draw { context, _ in
            // Draw-on: a circle stroked to 0.25, 0.5, 0.75 and 1 of its length.
            for (k, p) in [0.25, 0.5, 0.75, 1].enumerated() {
                let rect = CGRect(x: 20 + CGFloat(k) * 110, y: 20, width: 90, height: 90)
                context.stroke(Circle().trim(from: 0, to: p).path(in: rect), with: .color(.accentColor),
                               style: StrokeStyle(lineWidth: 8, lineCap: .round))
            }
            // Circular and continuous corners, one over the other (continuous in red, outline).
            let box = CGRect(x: 480, y: 20, width: 180, height: 110)
            context.fill(Path(roundedRect: box, cornerRadius: 36), with: .color(Color(white: 0.85)))
            context.stroke(Path(roundedRect: box, cornerRadius: 36, style: .continuous), with: .color(.red), lineWidth: 2)
            // Inset strokes stay inside the frame (the frame in grey).
            let frame = CGRect(x: 700, y: 20, width: 110, height: 110)
            context.stroke(Path(frame), with: .color(.gray), lineWidth: 1)
            context.stroke(Circle().inset(by: 8).path(in: frame), with: .color(.green), lineWidth: 16)
            // A dashed zigzag's stroked outline, filled, then outlined.
            var zigzag = Path()
            zigzag.addLines([CGPoint(x: 20, y: 260), CGPoint(x: 80, y: 160), CGPoint(x: 140, y: 260), CGPoint(x: 200, y: 160)])
            let outline = zigzag.strokedPath(StrokeStyle(lineWidth: 14, lineCap: .round, lineJoin: .round, dash: [30, 14]))
            context.fill(outline, with: .color(.orange))
            context.stroke(outline, with: .foreground, lineWidth: 1)
            // A relative arc, a quarter turn back.
            var arc = Path()
            arc.addRelativeArc(center: CGPoint(x: 300, y: 210), radius: 50, startAngle: .zero, delta: .degrees(-270))
            context.stroke(arc, with: .color(.purple), style: StrokeStyle(lineWidth: 6, lineCap: .round))
            // Text: weight, design, kerning.
            context.draw(Text("Regular").font(.system(size: 28)), at: CGPoint(x: 400, y: 170), anchor: .leading)
            context.draw(Text("Bold").font(.system(size: 28)).fontWeight(.bold), at: CGPoint(x: 540, y: 170), anchor: .leading)
            context.draw(Text("Serif").font(.system(size: 28)).fontDesign(.serif), at: CGPoint(x: 640, y: 170), anchor: .leading)
            context.draw(Text("Mono").font(.system(size: 28, design: .monospaced)), at: CGPoint(x: 740, y: 170), anchor: .leading)
            context.draw(Text("K E R N").font(.system(size: 28)).kerning(6), at: CGPoint(x: 400, y: 240), anchor: .leading)
            context.draw(Text("secondary").font(.system(size: 28)).foregroundColor(.secondary), at: CGPoint(x: 640, y: 240), anchor: .leading)
        }
        let url = artifactDirectory().appendingPathComponent("conveniences.png")
        try canvas.writeTestPNG(to: url)
        // The quarter-drawn circle has ink at its start (angle 0) and none at angle π.
        #expect(alpha(canvas, 110, 65) > 0.5 && alpha(canvas, 20, 65) == 0 || canvas.premultipliedPixel(x: 20, y: 65) == SIMD4(255, 255, 255, 255))
    }
}
