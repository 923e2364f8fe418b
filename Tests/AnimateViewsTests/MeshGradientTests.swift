import AnimateDrawing
import AnimateText
@testable import AnimateViews
import Foundation
import Testing

/// `MeshGradient`: each patch blends its corners' colours where its points put it, as a view and
/// as a fill; gradients are views too.
@Suite struct MeshGradientTests {
    static let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1), white = Color(red: 1, green: 1, blue: 1)

    static func near(_ p: SIMD4<UInt8>, _ r: Int, _ g: Int, _ b: Int, within: Int = 6) -> Bool {
        abs(Int(p.x) - r) <= within && abs(Int(p.y) - g) <= within && abs(Int(p.z) - b) <= within
    }

    @Test func aPatchBlendsItsCornersColours() {
        let mesh = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [Self.red, Self.green, Self.blue, Self.white],
                                smoothsColors: false)
        let b = ViewLayoutTests.render(200, 200) { mesh }
        #expect(Self.near(b.premultipliedPixel(x: 1, y: 1), 255, 0, 0, within: 8))
        #expect(Self.near(b.premultipliedPixel(x: 198, y: 1), 0, 255, 0, within: 8))
        #expect(Self.near(b.premultipliedPixel(x: 1, y: 198), 0, 0, 255, within: 8))
        #expect(Self.near(b.premultipliedPixel(x: 198, y: 198), 255, 255, 255, within: 8))
        // The middle is the four averaged.
        #expect(Self.near(b.premultipliedPixel(x: 100, y: 100), 128, 128, 128, within: 4))
    }

    @Test func movingAPointMovesItsColour() {
        // A 3x3 mesh, white at its middle point, moved to (0.25, 0.25); black elsewhere.
        var points: [SIMD2<Float>] = []
        for y in 0..<3 { for x in 0..<3 { points.append([Float(x) / 2, Float(y) / 2]) } }
        points[4] = [0.25, 0.25]
        var colors = [Color](repeating: Color(red: 0, green: 0, blue: 0), count: 9)
        colors[4] = Self.white
        let b = ViewLayoutTests.render(200, 200) { MeshGradient(width: 3, height: 3, points: points, colors: colors) }
        #expect(b.premultipliedPixel(x: 50, y: 50).x > 240, "white where the point went")
        #expect(b.premultipliedPixel(x: 100, y: 100).x < 200, "not where it was")
        #expect(b.premultipliedPixel(x: 199, y: 199).x < 10)
    }

    @Test func aMeshFillsAShapeAndAGradientIsAView() {
        let mesh = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [Self.red, Self.red, Self.red, Self.red])
        let b = ViewLayoutTests.render(100, 100) { Circle().fill(mesh).frame(width: 100, height: 100) }
        #expect(Self.near(b.premultipliedPixel(x: 50, y: 50), 255, 0, 0))
        #expect(Self.near(b.premultipliedPixel(x: 2, y: 2), 255, 255, 255), "outside the circle")
        let g = ViewLayoutTests.render(100, 100) {
            ZStack {
                LinearGradient(colors: [Self.red, Self.blue], startPoint: .top, endPoint: .bottom)
                Text("Hi")
            }
        }
        #expect(Self.near(g.premultipliedPixel(x: 2, y: 1), 255, 0, 0, within: 12))
        #expect(Self.near(g.premultipliedPixel(x: 2, y: 98), 0, 0, 255, within: 12))
    }

    @Test func aBrokenMeshIsItsBackgroundNotACrash() {
        let short = MeshGradient(width: 3, height: 3, points: [[0, 0]], colors: [Self.red], background: Self.blue)
        let b = ViewLayoutTests.render(20, 20) { short }
        #expect(Self.near(b.premultipliedPixel(x: 10, y: 10), 0, 0, 255))
        let nan = MeshGradient(width: 2, height: 2, points: [[.nan, 0], [1, 0], [0, 1], [1, 1]], colors: [Self.red, Self.red, Self.red, Self.red])
        _ = ViewLayoutTests.render(20, 20) { nan }
    }
}
