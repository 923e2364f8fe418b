import AnimateDrawing
import AnimateTestSupport
@testable import AnimateDrawing
import Foundation
import Testing

/// Gradient shading is a function of the pixel alone: however a row is cut into spans (one fill
/// across the frame: blocks and long runs; or one fill per column: a block per column), every
/// pixel gets the same colour, and padding is exactly the end colours. This pins the closed-form
/// runs of the linear shader (padding before, inside, padding after) and the four-pixel groups and
/// tails of the radial and conic shaders.
@Suite struct GradientTests {
    let width = 67, height = 5
    let gradient = Gradient(colors: [Color(red: 1, green: 0, blue: 0), .yellow, .green, Color(red: 0, green: 0, blue: 1)])

    func render(_ shading: GraphicsContext.Shading, columns: Bool) -> [UInt8] {
        var canvas = Bitmap(width: width, height: height)
        canvas.draw { c, _ in
            if columns {
                for x in 0..<width { c.fill(Path(CGRect(x: x, y: 0, width: 1, height: height)), with: shading) }
            } else {
                c.fill(Path(CGRect(x: 0, y: 0, width: width, height: height)), with: shading)
            }
        }
        return canvas.rgba8()
    }

    static let linearCases: [(CGPoint, CGPoint)] = [
        (CGPoint(x: 20, y: 0), CGPoint(x: 45, y: 0)),       // padding on both sides
        (CGPoint(x: 45, y: 0), CGPoint(x: 20, y: 3)),       // reversed, padding on both sides
        (CGPoint(x: -30, y: 0), CGPoint(x: 100, y: 0)),     // inside everywhere
        (CGPoint(x: 0, y: 0), CGPoint(x: 67, y: 5)),        // diagonal, the frame's own
        (CGPoint(x: 30, y: 0), CGPoint(x: 30.001, y: 0)),   // a step: a huge slope
        (CGPoint(x: 10, y: -4), CGPoint(x: 10, y: 9)),      // vertical: constant along rows
        (CGPoint(x: 90, y: 0), CGPoint(x: 120, y: 0)),      // all padding (before)
        (CGPoint(x: -50, y: 0), CGPoint(x: -20, y: 0)),     // all padding (after)
    ]

    @Test(arguments: linearCases)
    func linearGradientIsTheSameWhateverTheSpans(start: CGPoint, end: CGPoint) {
        let shading = GraphicsContext.Shading.linearGradient(gradient, startPoint: start, endPoint: end)
        #expect(render(shading, columns: false) == render(shading, columns: true))
    }

    /// A subtle linear gradient (a few levels over hundreds of pixels, like a background) is shaded
    /// run by run of equal colours. Each run must end on the very pixel where one-pixel look-ups
    /// change colour: in both directions, across the padding, and for spans starting anywhere.
    @Test(arguments: [(CGPoint(x: 40, y: 0), CGPoint(x: 260, y: 0)), (CGPoint(x: 260, y: 1), CGPoint(x: 40, y: 0)),
                      (CGPoint(x: 0, y: 0), CGPoint(x: 300, y: 5)), (CGPoint(x: -500, y: 0), CGPoint(x: 900, y: 0)),
                      (CGPoint(x: 10, y: -2), CGPoint(x: 10, y: 4))])
    func subtleGradientRunsEndWhereOnePixelLookUpsChange(start: CGPoint, end: CGPoint) {
        let subtle = Gradient(colors: [Color(red: 0.20, green: 0.30, blue: 0.40), Color(red: 0.21, green: 0.30, blue: 0.42)])
        // Runs of 16 pixels on average are filled (the AVX2 path fills only longer ones).
        let paint = Paint(.linearGradient(subtle, startPoint: start, endPoint: end), transform: .identity, shortestRunFilled: 16)
        #expect(!paint.runs.isEmpty, "this gradient should be shaded by runs")
        for y in 0..<3 {
            var single = [UInt32](repeating: 0, count: 300)
            single.withUnsafeMutableBufferPointer { out in
                for x in 0..<300 { paint.shade(y: y, x: x, count: 1, into: out.baseAddress! + x) }
            }
            #expect(Set(single).count >= (start.x == end.x ? 1 : 2), "the gradient should change along the row")
            for (from, count) in [(0, 300), (37, 200), (131, 9)] {
                var span = [UInt32](repeating: 0, count: count)
                span.withUnsafeMutableBufferPointer { paint.shade(y: y, x: from, count: count, into: $0.baseAddress!) }
                let wrong = (0..<count).filter { span[$0] != single[from + $0] }
                #expect(wrong.isEmpty, "row \(y), span at \(from): pixels \(wrong.prefix(5).map { $0 + from }) differ")
            }
        }
    }

    @Test func radialAndConicGradientsAreTheSameWhateverTheSpans() {
        for shading in [GraphicsContext.Shading.radialGradient(gradient, center: CGPoint(x: 30, y: 2), startRadius: 3, endRadius: 25),
                        .conicGradient(gradient, center: CGPoint(x: 33.5, y: 2.5), angle: .degrees(30))] {
            #expect(render(shading, columns: false) == render(shading, columns: true))
        }
    }

    /// Every pixel whose centre lies before the start point, or past the end point, is exactly the
    /// end colour, whichever way the gradient runs; the pixels between are not.
    @Test(arguments: [false, true])
    func linearPaddingTakesTheEndColours(reversed: Bool) {
        let (start, end) = reversed ? (CGPoint(x: 45, y: 0), CGPoint(x: 20, y: 0)) : (CGPoint(x: 20, y: 0), CGPoint(x: 45, y: 0))
        let rgba = render(.linearGradient(gradient, startPoint: start, endPoint: end), columns: false)
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        for y in 0..<height {
            for x in 0..<width {
                let pixel = Array(rgba[(y * width + x) * 4..<(y * width + x) * 4 + 4])
                let centre = Double(x) + 0.5
                if centre < 20 { #expect(pixel == (reversed ? blue : red), "x \(x)") }
                if centre > 45 { #expect(pixel == (reversed ? red : blue), "x \(x)") }
                if centre > 21 && centre < 44 { #expect(pixel != red && pixel != blue, "x \(x)") }
            }
        }
    }
}
