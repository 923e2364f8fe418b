import AnimateDiagrams
import AnimateDrawing
import AnimateFormula
import Foundation
import Testing
import AnimateTestSupport

/// Each of the axes' options on its own, and Manim's defaults in one call.
@Suite struct AxesOptionTests {
    static func ticks(_ parts: DiagramParts) -> [CGFloat] {
        // Each tick is a move and a line: its length.
        var lengths: [CGFloat] = []
        var last = CGPoint.zero
        for element in parts.lines.elements {
            switch element {
            case .move(let p): last = p
            case .line(let p): lengths.append(hypot(p.x - last.x, p.y - last.y)); last = p
            default: break
            }
        }
        return Array(lengths.dropFirst(2))   // the two axis lines first
    }

    @Test func manimsAxesInOneCall() {
        let axes = Axes.manim(x: 0...10, y: -2...6, xLength: 10, yLength: 6, numbers: true)
        #expect(axes.frame == CGRect(x: 960 - 675, y: 540 - 405, width: 1350, height: 810), "\(axes.frame)")
        #expect(axes.xTicks == [1, 2, 3, 4, 5, 6, 7, 8, 9] && axes.yTicks == [-2, -1, 1, 2, 3, 4, 5], "a step of 1: \(axes.xTicks) \(axes.yTicks)")
        let parts = axes.parts
        #expect(Self.ticks(parts).allSatisfy { abs($0 - 27) < 0.01 }, "0.1 unit either side")
        #expect(parts.labels.count == 9 + 7 && parts.labels.allSatisfy { $0.formula.color == Manim.white })
        #expect(abs(parts.lineWidth - 2.7) < 1e-9)
        // Manim's 3-line gallery axes: 2 lines here.
        var plane = NumberPlane.manim()
        plane.axes.showsNumbers = true
        #expect(abs(plane.axes.frame.width - 1920) < 0.1 && plane.axes.frame.height == 1080 && abs(plane.axes.frame.midX - 960) < 1e-9, "the frame filled")
        #expect(Self.ticks(plane.parts).isEmpty, "Manim's plane has no ticks")
    }

    @Test func eachOptionAlone() {
        var axes = Axes(x: -5...5, y: -3...3, width: 1000, height: 600)
        #expect(axes.frame == CGRect(x: 460, y: 240, width: 1000, height: 600), "centred on the canvas's middle")
        axes.xStep = 1
        axes.yStep = 1
        axes.fontSize = 40
        axes.tickLength = 6
        #expect(Self.ticks(axes.parts).allSatisfy { $0 == 12 }, "the tick length, not the font's")
        axes.xLongTicks = [2, -2]
        let lengths = Self.ticks(axes.parts)
        #expect(lengths.filter { $0 == 24 }.count == 2 && lengths.filter { $0 == 12 }.count == lengths.count - 2, "two ticks twice as long")
        axes.showsTicks = false
        #expect(Self.ticks(axes.parts).isEmpty)
        axes.xNumbers = [-4, 4, 2.5, 99]
        axes.yNumbers = []
        let numbers = axes.parts.labels.map { $0.formula.tex }
        #expect(numbers == ["-4", "4", "2.5"], "only the numbers asked for, in range, ticks or not: \(numbers)")
        axes.numberColor = .red
        axes.labelColor = .blue
        axes.xLabel = "x"
        let parts = axes.parts
        #expect(parts.color == axes.color && parts.labels.filter { $0.formula.color == .red }.count == 3
                && parts.labels.last?.formula.color == .blue)
        axes.arrowSize = 30
        #expect(abs(axes.parts.heads.boundingRect.maxX - (axes.point(5, 0).x + 30)) < 0.01, "the x tip 30 points past the end")
        // The name past the end, or up and to the right of it (Manim's).
        let end = axes.point(5, 0)
        let beyond = axes.parts.labels.last!
        #expect(beyond.anchor == .leading && beyond.point.x > end.x && beyond.point.y == end.y)
        axes.labelPlacement = .upRight
        let upRight = axes.parts.labels.last!
        #expect(upRight.anchor == .bottomLeading && upRight.point.x > end.x && upRight.point.y < end.y)
    }
}

/// Braces and angle marks as Manim draws them: thickness, braces along any direction with a
/// buffer, labels placed by the rounded direction; angles measured counterclockwise.
@Suite struct BraceAndAngleOptionTests {
    @Test func braceThicknessDirectionAndLabel() {
        let box = CGRect(x: 100, y: 100, width: 200, height: 100)
        let thin = Brace(under: box, thickness: 2).path.boundingRect, thick = Brace(under: box, thickness: 8).path.boundingRect
        #expect(thin.width == thick.width && thin.height == thick.height, "thickness does not change the brace's extent")
        var inked = (thin: 0, thick: 0)
        for (path, key) in [(Brace(under: box, thickness: 2).path, 0), (Brace(under: box, thickness: 8).path, 1)] {
            var canvas = Bitmap(width: 400, height: 300)
            canvas.draw { context, _ in context.fill(path, with: .color(.black)) }
            let n = Int(totalCoverage(canvas))
            if key == 0 { inked.thin = n } else { inked.thick = n }
        }
        #expect(inked.thick > inked.thin * 2, "\(inked)")
        // Along a diagonal: the brace spans the square across the direction, beyond its corner.
        let square = Path(CGRect(x: 0, y: 0, width: 100, height: 100))
        let diagonal = Brace(along: square, direction: CGPoint(x: 1, y: 1), gap: 10)
        #expect(abs(diagonal.direction.x - 0.7071) < 1e-3 && abs(diagonal.direction.y - 0.7071) < 1e-3, "it bulges the way asked")
        #expect(abs(diagonal.from.distance(to: diagonal.to) - 100 * 2.squareRoot()) < 0.01, "across the whole square")
        let base = (diagonal.from + diagonal.to) * 0.5
        #expect(abs(base.x - (100 + 10 / 2.squareRoot())) < 0.01 && abs(base.y - (100 + 10 / 2.squareRoot())) < 0.01, "\(base)")
        #expect(diagonal.labelAnchor == .topLeading, "a label at a diagonal tip takes the corner facing it")
        // Thirty degrees below the horizontal rounds to the right side, as Manim rounds it.
        let tilted = Brace(along: square, direction: CGPoint(x: cos(Double.pi / 6), y: sin(Double.pi / 6)))
        #expect(tilted.labelAnchor == .leading && tilted.labelPoint(gap: 8) == tilted.tip + CGPoint(x: 8, y: 0))
    }

    @Test func anglesCounterclockwiseAsManimMeasures() {
        let v = CGPoint(x: 200, y: 200), right = CGPoint(x: 300, y: 200), left = CGPoint(x: 100, y: 200), up = CGPoint(x: 200, y: 100)
        let straight = AngleMark(vertex: v, from: right, to: left, turn: .counterclockwise)
        #expect(straight.path.boundingRect.maxY <= 200.01 && straight.path.boundingRect.minY < 170, "over the top: \(straight.path.boundingRect)")
        #expect(AngleMark(vertex: v, from: right, to: left).path.boundingRect.minY >= 199.99, "the shorter way at half a turn goes below")
        #expect(abs(AngleMark(vertex: v, from: right, to: up, turn: .counterclockwise).angle - .pi / 2) < 1e-9)
        #expect(abs(AngleMark(vertex: v, from: up, to: right, turn: .counterclockwise).angle - 3 * .pi / 2) < 1e-9, "the long way round")
        #expect(abs(AngleMark(vertex: v, from: up, to: right, turn: .clockwise).angle - .pi / 2) < 1e-9)
        #expect(AngleMark(vertex: v, from: right, to: right, turn: .counterclockwise).angle == 0)
    }
}
