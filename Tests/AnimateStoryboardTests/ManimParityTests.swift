import AnimateDiagrams
import AnimateDrawing
import AnimateFormula
@testable import AnimateStoryboard
import AnimateTestSupport
import AnimateText
import AnimateTimeline
import AnimateViews
import Foundation
import Testing

/// What a Manim user reaches for on a storyboard: its style in one line, dashed strokes, strokes
/// kept through scaling, a created drawing, a number plane as a thing, edges and corners.
@Suite struct ManimParityTests {
    static func picture(_ s: Storyboard, at t: Double, background: Color = .white) -> Bitmap {
        var canvas = Bitmap(width: Int(s.size.width), height: Int(s.size.height))
        canvas.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(background))
            s.draw(in: &context, at: t)
        }
        return canvas
    }

    @Test func manimsStyleInOneLine() {
        let s = Storyboard(size: CGSize(width: 400, height: 200)) { s in
            s.style = .manim
            let label = s.add(Text("Hi").font(.system(size: 60)), at: CGPoint(x: 100, y: 100), visible: true)
            let formula = s.add(Formula("x").font(.system(size: 60)), at: CGPoint(x: 300, y: 100), visible: true)
            _ = (label, formula)
            let dot = s.add(Circle(), size: 40, at: CGPoint(x: 200, y: 100), stroke: .red, lineWidth: 4)
            s.play(.fadeIn(dot))
        }
        #expect(s.style.background == Manim.background)
        let p = Self.picture(s, at: 2, background: s.style.background)
        var white = 0
        for y in 60..<140 { for x in 40..<360 where p.premultipliedPixel(x: x, y: y) == SIMD4(255, 255, 255, 255) { white += 1 } }
        #expect(white > 200, "white ink on black: \(white)")
        // Manim's smooth, not easeInOut, for plays that name no easing.
        var alpha = 0.0
        let fade = Storyboard(size: CGSize(width: 100, height: 100)) { s in
            s.style = .manim
            let square = s.add(Path(CGRect(x: 0, y: 0, width: 100, height: 100)), fill: .red)
            s.play(.fadeIn(square))
            alpha = s.things[square.id].opacity.value(at: 0.25)
        }
        _ = fade
        #expect(abs(alpha - Easing.smooth(0.25)) < 1e-9, "\(alpha)")
    }

    /// Manim's `Text(...).next_to(dot, DOWN)` in one call, and its size 48 for text naming no font.
    @Test func textAddedBesideAThingOrAPoint() {
        _ = Storyboard(size: CGSize(width: 1920, height: 1080), style: .manim) { s in
            let dot = s.add(Circle(), size: 20, at: CGPoint(x: 960, y: 540), fill: .white, visible: true)
            let below = s.add(Text("(0, 0)"), .bottom, of: dot, gap: 10, visible: true)
            #expect(abs(s.frame(of: below).minY - 560) < 0.01 && abs(s.frame(of: below).midX - 960) < 0.01)
            let beside = s.add(Formula("x"), .trailing, of: CGPoint(x: 100, y: 100), gap: 5, visible: true)
            #expect(abs(s.frame(of: beside).minX - 105) < 0.01 && abs(s.frame(of: beside).midY - 100) < 0.01)
            // Manim's Text at font size 48 is 64.8 points: its capitals about 0.7 of that tall.
            let title = s.add(Text("H"), at: .zero, visible: true)
            #expect(abs(s.frame(of: title).height - 64.8 * 0.73) < 4, "\(s.frame(of: title))")
        }
    }

    @Test func strokesKeepTheirWidthWhenScaledInManimsStyle() {
        func width(_ style: Storyboard.Style) -> Int {
            let s = Storyboard(size: CGSize(width: 400, height: 400)) { s in
                s.style = style
                let ring = s.add(Circle(), size: 100, at: CGPoint(x: 200, y: 200), stroke: .red, lineWidth: 10, visible: true)
                s.scale(ring, to: 3)
            }
            let p = Self.picture(s, at: 0)
            return (200..<400).filter { p.premultipliedPixel(x: $0, y: 200).y < 128 }.count
        }
        #expect(abs(width(.standard) - 30) <= 2, "scaled with the ring: \(width(.standard))")
        #expect(abs(width(.manim) - 10) <= 2, "kept, as Manim keeps stroke widths: \(width(.manim))")
    }

    @Test func dashedStrokes() {
        let s = Storyboard(size: CGSize(width: 200, height: 40)) { s in
            var line = Path()
            line.move(to: CGPoint(x: 0, y: 20)); line.addLine(to: CGPoint(x: 200, y: 20))
            _ = s.add(line, stroke: .black, strokeStyle: StrokeStyle(lineWidth: 4, dash: [10, 10]), visible: true)
        }
        let p = Self.picture(s, at: 0)
        let ink = (0..<200).map { p.premultipliedPixel(x: $0, y: 20).x < 128 }
        #expect(ink.filter { $0 }.count > 90 && ink.filter { $0 }.count < 110, "half the line drawn")
        #expect(ink[5] && !ink[15] && ink[25], "dashes of ten, gaps of ten")
    }

    @Test func createDrawsADrawingClosureOn() {
        let s = Storyboard(size: CGSize(width: 200, height: 100)) { s in
            let drawing = s.add { context, _ in
                var line = Path()
                line.move(to: CGPoint(x: 0, y: 30)); line.addLine(to: CGPoint(x: 200, y: 30))
                context.stroke(line, with: .color(.black), lineWidth: 6)
                context.fill(Path(CGRect(x: 0, y: 60, width: 200, height: 20)), with: .color(.blue))
            }
            s.play(.create(drawing), duration: 1, easing: .linear)
        }
        let half = Self.picture(s, at: 0.35)
        #expect(half.premultipliedPixel(x: 50, y: 30).x < 128 && half.premultipliedPixel(x: 150, y: 30).x > 200, "the stroke half drawn")
        #expect(half.premultipliedPixel(x: 100, y: 70) == SIMD4(255, 255, 255, 255), "the fill not yet")
        let done = Self.picture(s, at: 1)
        #expect(done.premultipliedPixel(x: 150, y: 30).x < 128 && done.premultipliedPixel(x: 100, y: 70).z > 200)
    }

    @Test func aNumberPlaneIsAThingThatIsCreated() {
        let s = Storyboard(size: CGSize(width: 400, height: 300)) { s in
            var plane = NumberPlane(x: -4...4, y: -3...3, in: CGRect(x: 0, y: 0, width: 400, height: 300))
            plane.gridColor = .blue
            let thing = s.add(plane)
            s.play(.create(thing), duration: 1)
        }
        let before = Self.picture(s, at: 0), after = Self.picture(s, at: 1.5)
        #expect(totalCoverage(before) == totalCoverage(Self.picture(Storyboard(size: s.size) { _ in }, at: 0)))
        // A grid line at x = 1 (250 points across) in the plane's blue.
        #expect(after.premultipliedPixel(x: 250, y: 40).z > 200 && after.premultipliedPixel(x: 250, y: 40).x < 100)
    }

    @Test func edgesCornersAndPoints() {
        let s = Storyboard(size: CGSize(width: 1920, height: 1080)) { s in
            let box = s.add(Path(CGRect(x: 900, y: 500, width: 120, height: 80)), fill: .red, visible: true)
            let other = s.add(Path(CGRect(x: 0, y: 0, width: 40, height: 40)), fill: .blue, visible: true)
            s.toEdge(box, .top)
            #expect(s.frame(of: box).minY == 67.5, "half a Manim unit from the top")
            s.toCorner(box, .bottomTrailing, margin: 10)
            #expect(s.frame(of: box).maxX == 1910 && s.frame(of: box).maxY == 1070)
            s.place(other, .leading, of: CGPoint(x: 500, y: 500), gap: 5)
            #expect(s.frame(of: other) == CGRect(x: 455, y: 480, width: 40, height: 40))
            // A move beside a thing the same play scales sees it scaled, whichever comes first.
            s.play(.move(other, .trailing, of: box, gap: 0), .scale(box, to: 2), duration: 1)
            let scaled = s.frame(of: box)
            #expect(abs(s.frame(of: other).minX - scaled.maxX) < 0.01, "\(s.frame(of: other)) \(scaled)")
            s.play(.move(other, toCorner: .topLeading, margin: 0))
            #expect(s.frame(of: other).origin == .zero)
        }
        _ = s
    }
}
