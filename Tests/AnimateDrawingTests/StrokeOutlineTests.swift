@testable import AnimateDrawing
import Foundation
import Testing

/// The stroker tells the rasterizer when an outline is two nested convex loops (no pixel can hold
/// two boundaries that cross), so it skips looking for overlaps; anything else is looked at.
@Suite struct StrokeOutlineTests {
    func isSimple(_ path: Path, lineWidth: CGFloat) -> Bool {
        var flat = Polylines()
        flat.append(path, transform: .identity, tolerance: 0.2)
        var stroker = Stroker()
        stroker.stroke(flat, style: StrokeStyle(lineWidth: lineWidth), transform: .identity, tolerance: 0.2)
        return stroker.outlineIsSimple
    }

    @Test func convexClosedContoursAreSimple() {
        // A flattened ellipse ends a rounding error from its start; that is not a segment.
        #expect(isSimple(Path(ellipseIn: CGRect(x: 500, y: 300, width: 240, height: 240)), lineWidth: 1.5))
        #expect(isSimple(Path(ellipseIn: CGRect(x: 3.3, y: 7.1, width: 60, height: 33)), lineWidth: 4))
        #expect(isSimple(Path(roundedRect: CGRect(x: 10, y: 10, width: 200, height: 100), cornerRadius: 20), lineWidth: 3))
        var hexagon = Path()
        hexagon.addLines((0..<6).map { k in CGPoint(x: 100 + 80 * cos(Double(k) * .pi / 3), y: 100 + 80 * sin(Double(k) * .pi / 3)) })
        hexagon.closeSubpath()
        #expect(isSimple(hexagon, lineWidth: 3))
    }

    @Test func concaveOpenOrThickOutlinesAreLookedAt() {
        var star = Path()
        star.addLines((0..<10).map { k in
            let r = k % 2 == 0 ? 80.0 : 35.0
            return CGPoint(x: 100 + r * cos(Double(k) * .pi / 5), y: 100 + r * sin(Double(k) * .pi / 5))
        })
        star.closeSubpath()
        #expect(!isSimple(star, lineWidth: 3))
        var open = Path()
        open.move(to: CGPoint(x: 0, y: 0)); open.addLine(to: CGPoint(x: 50, y: 10)); open.addLine(to: CGPoint(x: 90, y: 60))
        #expect(!isSimple(open, lineWidth: 3))
        // Thicker than the curve is tight: the inner side pivots and loops.
        #expect(!isSimple(Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10)), lineWidth: 12))
        var two = Path(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50))
        two.addEllipse(in: CGRect(x: 20, y: 0, width: 50, height: 50))
        #expect(!isSimple(two, lineWidth: 2))
    }
}
