import AnimateDiagrams
import AnimateDrawing
import AnimateStoryboard
import AnimateTestSupport
import Foundation
import Testing

/// Boxes placed beside, aligned to, centred on and kept inside others; lesson units mapping both
/// ways while what is drawn keeps its size; storyboard things placed by their ink.
@Suite struct PlacementTests {
    let box = CGRect(x: 100, y: 100, width: 200, height: 100)
    let label = CGRect(x: 0, y: 0, width: 40, height: 20)

    @Test func boxesPlacedByBoxes() {
        #expect(label.placed(.bottom, of: box, gap: 10) == CGRect(x: 180, y: 210, width: 40, height: 20))
        #expect(label.placed(.top, of: box, gap: 10) == CGRect(x: 180, y: 70, width: 40, height: 20))
        #expect(label.placed(.leading, of: box, gap: 10) == CGRect(x: 50, y: 140, width: 40, height: 20))
        #expect(label.placed(.trailing, of: box, gap: 10) == CGRect(x: 310, y: 140, width: 40, height: 20))
        #expect(label.aligned(.leading, with: box).minX == 100 && label.aligned(.trailing, with: box).maxX == 300)
        #expect(label.aligned(.top, with: box).minY == 100 && label.aligned(.bottom, with: box).maxY == 200 && label.aligned(.top, with: box).minX == 0)
        #expect(label.centered(on: box) == CGRect(x: 180, y: 140, width: 40, height: 20))
        let screen = CGRect(x: 0, y: 0, width: 400, height: 300)
        #expect(label.offsetBy(dx: 390, dy: -30).kept(inside: screen, margin: 5) == CGRect(x: 355, y: 5, width: 40, height: 20))
        #expect(CGRect(x: 0, y: 0, width: 500, height: 10).kept(inside: screen).midX == 200, "too wide: centred")
        #expect(CGRect(enclosing: [box, label, .null]) == CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(CGRect(enclosing: []).isNull)
    }

    @Test func lessonUnitsMapBothWays() {
        let space = LessonSpace(canvas: CGSize(width: 1920, height: 1080))
        #expect(space.unit == 135 && space.point(0, 0) == CGPoint(x: 960, y: 540))
        #expect(space.point(1, 2) == CGPoint(x: 1095, y: 270), "y up")
        #expect(space.coordinates(of: CGPoint(x: 1095, y: 270)) == CGPoint(x: 1, y: 2))
        let shown = space.rect(showing: CGRect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(abs(shown.height - 8) < 1e-12 && abs(shown.width - 1920.0 / 135) < 1e-12 && abs(shown.midX) < 1e-12)
        // A unit circle drawn with a 4-point stroke: 135 points across, the stroke still 4 wide.
        var canvas = Bitmap(width: 400, height: 400)
        let small = LessonSpace(origin: CGPoint(x: 200, y: 200), unit: 100)
        canvas.draw { context, _ in
            context.stroke(small.path(Path(ellipseIn: CGRect(x: -1, y: -1, width: 2, height: 2))), with: .color(.black), lineWidth: 4)
        }
        #expect(canvas.premultipliedPixel(x: 300, y: 200).w > 200 && canvas.premultipliedPixel(x: 303, y: 200).w == 0 && canvas.premultipliedPixel(x: 296, y: 200).w == 0)
        var down = small
        down.yUp = false
        #expect(down.point(0, 1) == CGPoint(x: 200, y: 300))
    }

    @Test func storyboardThingsAlignedAndKeptInside() {
        var frames: [String: CGRect] = [:]
        _ = Storyboard(size: CGSize(width: 400, height: 200)) { s in
            let a = s.add(Path(CGRect(x: 50, y: 50, width: 100, height: 40)), fill: .blue, visible: true)
            let b = s.add(Path(CGRect(x: 300, y: 120, width: 30, height: 30)), fill: .red, visible: true)
            s.align(b, .leading, with: a)
            frames["aligned"] = s.frame(of: b)
            s.center(b, on: a)
            frames["centred"] = s.frame(of: b)
            let c = s.add(Path(CGRect(x: 380, y: 190, width: 50, height: 50)), fill: .green, visible: true)
            s.keepInside(c, margin: 10)
            frames["kept"] = s.frame(of: c)
        }
        #expect(frames["aligned"] == CGRect(x: 50, y: 120, width: 30, height: 30))
        #expect(frames["centred"] == CGRect(x: 85, y: 55, width: 30, height: 30))
        #expect(frames["kept"] == CGRect(x: 340, y: 140, width: 50, height: 50))
    }
}
