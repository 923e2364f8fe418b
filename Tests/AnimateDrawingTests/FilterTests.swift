import AnimateDrawing
import AnimateTestSupport
import AnimateText
import Foundation
import Testing

/// `GraphicsContext.addFilter`: shadows, blur and colour filters checked against what they must compute.
@Suite struct FilterTests {
    func draw(_ width: Int = 200, _ height: Int = 200, _ body: (inout GraphicsContext) -> Void) -> Bitmap {
        var canvas = Bitmap(width: width, height: height)
        canvas.draw { context, _ in body(&context) }
        return canvas
    }

    func alphaSum(_ canvas: Bitmap) -> Double {
        var sum = 0.0
        for y in 0..<canvas.height { for x in 0..<canvas.width { sum += Double(canvas.premultipliedPixel(x: x, y: y).w) } }
        return sum
    }

    /// The standard normal CDF.
    func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

    @Test(arguments: [1.5, 4, 8, 20])
    func blurKeepsAlphaAndFollowsTheGaussian(sigma: Double) {
        // A square well inside the frame: blurring moves alpha around but keeps its total.
        let square = draw(240, 240) { c in
            c.addFilter(.blur(radius: sigma))
            c.fill(Path(CGRect(x: 90, y: 90, width: 60, height: 60)), with: .color(.black))
        }
        #expect(abs(alphaSum(square) - 60 * 60 * 255) / (60 * 60 * 255) < 0.005, "σ \(sigma)")
        // An edge blurred by a Gaussian of σ has the normal CDF as its profile.
        let edge = draw(400, 20) { c in
            c.addFilter(.blur(radius: sigma, options: .opaque))
            c.fill(Path(CGRect(x: 200, y: 0, width: 200, height: 20)), with: .color(.black))
        }
        var worst = 0.0
        for x in 0..<400 {
            let want = 255 * phi((Double(x) + 0.5 - 200) / sigma)
            worst = max(worst, abs(Double(edge.premultipliedPixel(x: x, y: 10).w) - want))
        }
        #expect(worst <= 4, "σ \(sigma): largest difference \(worst) levels")
    }

    /// A blur is the Gaussian of the drawing over transparent surroundings, at the frame's edges
    /// too: a square against the left and top edges, and one in the middle, each within 4 levels of
    /// the exact product of normal CDFs everywhere (box passes clipped at the edge left the edge
    /// at 84 where the Gaussian gives 130 at σ 20).
    @Test(arguments: [1.5, 6, 20])
    func blurIsTheGaussianOverTransparentSurroundings(sigma: Double) {
        for origin in [CGPoint(x: 0, y: 0), CGPoint(x: 150, y: 70)] {
            let square = CGRect(origin: origin, size: CGSize(width: 100, height: 60))
            let blurred = draw(400, 200) { c in
                c.addFilter(.blur(radius: sigma))
                c.fill(Path(square), with: .color(.black))
            }
            var worst = 0.0
            for y in 0..<200 {
                let cy = Double(y) + 0.5
                let top = Double(square.minY), bottom = Double(square.maxY)
                let fy: Double = phi((bottom - cy) / sigma) - phi((top - cy) / sigma)
                for x in 0..<400 {
                    let cx = Double(x) + 0.5
                    let left = Double(square.minX), right = Double(square.maxX)
                    let fx: Double = phi((right - cx) / sigma) - phi((left - cx) / sigma)
                    let got = Double(blurred.premultipliedPixel(x: x, y: y).w)
                    worst = max(worst, abs(got - 255 * fx * fy))
                }
            }
            #expect(worst <= 4, "σ \(sigma) at \(origin): largest difference \(worst) levels")
        }
    }

    /// Blurs in a row are one blur whose variance is the sum of theirs.
    @Test func consecutiveBlursAreOneGaussian() {
        let twice = draw { c in
            c.addFilter(.blur(radius: 3))
            c.addFilter(.blur(radius: 4))
            c.fill(Path(ellipseIn: CGRect(x: 60, y: 60, width: 80, height: 80)), with: .color(.blue))
        }
        let once = draw { c in
            c.addFilter(.blur(radius: 5))
            c.fill(Path(ellipseIn: CGRect(x: 60, y: 60, width: 80, height: 80)), with: .color(.blue))
        }
        #expect(twice.rgba8() == once.rgba8())
    }

    /// The particle idiom: many squares, each through its own blur, composite as their exact
    /// Gaussians would, one over another (work bounded by each one's reach changes no pixel).
    @Test func aBlurPerShapeIsEachShapesGaussian() {
        let squares: [CGRect] = (0..<40).map { (i: Int) -> CGRect in
            let x = Double((i * 37) % 380), y = Double((i * 53) % 180)
            return CGRect(x: x, y: y, width: 8, height: 8)
        }
        let sigma = 5.0
        let each = draw(400, 200) { c in
            for square in squares {
                var d = c
                d.addFilter(.blur(radius: sigma))
                d.fill(Path(square), with: .color(.white))
            }
        }
        func coverage(_ t: Double, _ low: Double, _ high: Double) -> Double { phi((high - t) / sigma) - phi((low - t) / sigma) }
        var worst = 0.0
        for y in 0..<200 {
            for x in 0..<400 {
                var clear = 1.0
                for square in squares {
                    let fx: Double = coverage(Double(x) + 0.5, Double(square.minX), Double(square.maxX))
                    let fy: Double = coverage(Double(y) + 0.5, Double(square.minY), Double(square.maxY))
                    clear *= 1 - fx * fy
                }
                let got = Double(each.premultipliedPixel(x: x, y: y).w)
                worst = max(worst, abs(got - 255 * (1 - clear)))
            }
        }
        #expect(worst <= 6, "largest difference \(worst) levels")
    }

    @Test func blurRadiusIsInUserSpace() {
        let scaled = draw { c in
            c.scaleBy(x: 2, y: 2)
            c.addFilter(.blur(radius: 4))
            c.fill(Path(CGRect(x: 50, y: 0, width: 50, height: 100)), with: .color(.black))
        }
        let plain = draw { c in
            c.addFilter(.blur(radius: 8))
            c.fill(Path(CGRect(x: 100, y: 0, width: 100, height: 200)), with: .color(.black))
        }
        #expect(scaled.rgba8() == plain.rgba8())
    }

    @Test func shadowIsOffsetTintedAndPlaced() {
        func scene(_ options: GraphicsContext.ShadowOptions) -> Bitmap {
            draw { c in
                c.addFilter(.shadow(color: Color(red: 1, green: 0, blue: 0, opacity: 0.5), radius: 0, x: 10, y: 10, options: options))
                c.fill(Path(CGRect(x: 50, y: 50, width: 20, height: 20)), with: .color(.black))
            }
        }
        let below = scene([])
        #expect(below.premultipliedPixel(x: 75, y: 75) == SIMD4(128, 0, 0, 128))   // shadow only there
        #expect(below.premultipliedPixel(x: 65, y: 65) == SIMD4(0, 0, 0, 255))     // content over its shadow
        #expect(below.premultipliedPixel(x: 55, y: 55) == SIMD4(0, 0, 0, 255))
        #expect(below.premultipliedPixel(x: 85, y: 85) == SIMD4(0, 0, 0, 0))
        let above = scene(.shadowAbove)
        #expect(above.premultipliedPixel(x: 65, y: 65) == SIMD4(128, 0, 0, 255))   // half red over black
        let only = scene(.shadowOnly)
        #expect(only.premultipliedPixel(x: 55, y: 55) == SIMD4(0, 0, 0, 0) && only.premultipliedPixel(x: 65, y: 65) == SIMD4(128, 0, 0, 128))
        // A blurred shadow keeps the shadow's total alpha (half the square's).
        let soft = draw { c in
            c.addFilter(.shadow(color: Color(white: 0, opacity: 0.5), radius: 6, x: 0, y: 0, options: .shadowOnly))
            c.fill(Path(CGRect(x: 60, y: 60, width: 40, height: 40)), with: .color(.black))
        }
        #expect(abs(alphaSum(soft) - 40 * 40 * 127.5) / (40 * 40 * 127.5) < 0.01)
    }

    @Test func colourFiltersOnKnownColours() {
        func filtered(_ filter: GraphicsContext.Filter, _ color: Color) -> SIMD4<Double> {
            let canvas = draw(4, 4) { c in
                c.addFilter(filter)
                c.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(color))
            }
            let p = canvas.premultipliedPixel(x: 1, y: 1)
            return SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) / 255
        }
        func close(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Bool { ((a - b) * (a - b)).max() <= (1.0 / 255) * (1.0 / 255) }
        #expect(close(filtered(.brightness(0.2), Color(white: 0.5)), SIMD4(0.7, 0.7, 0.7, 1)))
        #expect(close(filtered(.contrast(0.5), Color(red: 1, green: 0, blue: 0.5)), SIMD4(0.75, 0.25, 0.5, 1)))
        #expect(close(filtered(.grayscale(1), .init(red: 1, green: 0, blue: 0)), SIMD4(0.213, 0.213, 0.213, 1)))
        #expect(close(filtered(.saturation(0), .init(red: 0, green: 1, blue: 0)), SIMD4(0.715, 0.715, 0.715, 1)))
        #expect(close(filtered(.colorInvert(), Color(red: 0.2, green: 0.4, blue: 0.6)), SIMD4(0.8, 0.6, 0.4, 1)))
        #expect(close(filtered(.hueRotation(.degrees(180)), Color(white: 0.4)), SIMD4(0.4, 0.4, 0.4, 1)))
        #expect(close(filtered(.hueRotation(.degrees(360)), Color(red: 0.9, green: 0.2, blue: 0.1)), SIMD4(0.9, 0.2, 0.1, 1)))
        #expect(close(filtered(.colorMultiply(Color(red: 1, green: 0.5, blue: 0)), .white), SIMD4(1, 0.5, 0, 1)))
        #expect(close(filtered(.luminanceToAlpha, .white), SIMD4(0, 0, 0, 1)))
        #expect(close(filtered(.luminanceToAlpha, Color(white: 0.5)), SIMD4(0, 0, 0, 0.5)))
        var swap = ColorMatrix()
        swap.r1 = 0; swap.r3 = 1; swap.b1 = 1; swap.b3 = 0
        #expect(close(filtered(.colorMatrix(swap), Color(red: 1, green: 0.5, blue: 0)), SIMD4(0, 0.5, 1, 1)))
        // As in SwiftUI, the filter added last applies first.
        let chained = draw(4, 4) { c in
            c.addFilter(.colorInvert())
            c.addFilter(.brightness(0.1))
            c.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(Color(white: 0.2)))
        }
        #expect(chained.premultipliedPixel(x: 1, y: 1) == SIMD4(178, 178, 178, 255))   // 1 - (0.2 + 0.1), 8 bits between
    }

    @Test func blurThenAlphaThresholdMergesNearbyBlobs() {
        let gooey = draw { c in
            c.addFilter(.alphaThreshold(min: 0.5, color: .blue))
            c.addFilter(.blur(radius: 10))            // added last, applied first: blur, then threshold
            c.drawLayer { layer in
                layer.fill(Path(ellipseIn: CGRect(x: 40, y: 70, width: 60, height: 60)), with: .color(.black))
                layer.fill(Path(ellipseIn: CGRect(x: 106, y: 70, width: 60, height: 60)), with: .color(.black))
            }
        }
        // Each blob alone would not reach the middle of the gap; their blurs together do.
        #expect(gooey.premultipliedPixel(x: 103, y: 100) == SIMD4(0, 122, 255, 255))
        #expect(gooey.premultipliedPixel(x: 103, y: 60) == SIMD4(0, 0, 0, 0))
        #expect(gooey.premultipliedPixel(x: 20, y: 100) == SIMD4(0, 0, 0, 0))
    }

    @Test func filtersApplyToLaterDrawingOfThatContextAndItsCopies() {
        let canvas = draw { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 50, height: 50)), with: .color(.red))        // before: untouched
            var copy = c
            copy.addFilter(.colorInvert())
            copy.fill(Path(CGRect(x: 100, y: 0, width: 50, height: 50)), with: .color(.red))   // the copy's: inverted
            c.fill(Path(CGRect(x: 0, y: 100, width: 50, height: 50)), with: .color(.red))      // the original: untouched
            let later = copy
            later.fill(Path(CGRect(x: 100, y: 100, width: 50, height: 50)), with: .color(.red)) // a copy of the copy: inverted
            later.draw(Text("Hi").font(.system(size: 20)), at: CGPoint(x: 175, y: 25))
        }
        let red = SIMD4<UInt8>(255, 59, 48, 255), cyan = SIMD4<UInt8>(0, 196, 207, 255)
        #expect(canvas.premultipliedPixel(x: 25, y: 25) == red && canvas.premultipliedPixel(x: 25, y: 125) == red)
        #expect(canvas.premultipliedPixel(x: 125, y: 25) == cyan && canvas.premultipliedPixel(x: 125, y: 125) == cyan)
    }

    /// Filters as Bitmap code uses them (glow, drop shadow, gooey blobs, colour filters), written as an artifact to look at.
    @Test func stillOfTheFilters() throws {
        var canvas = Bitmap(width: 960, height: 320)
        canvas.clear(Color(red: 0.1, green: 0.1, blue: 0.16))
        canvas.draw { context, _ in
            // Glow: the shape's blurred copy under it.
            var glow = context
            glow.addFilter(.shadow(color: .cyan, radius: 12))
            glow.stroke(Path(ellipseIn: CGRect(x: 40, y: 40, width: 160, height: 160)), with: .color(.cyan), lineWidth: 6)
            // Drop shadow under a card with text.
            var card = context
            card.addFilter(.shadow(color: Color(white: 0, opacity: 0.6), radius: 8, x: 6, y: 10))
            card.fill(Path(roundedRect: CGRect(x: 260, y: 50, width: 200, height: 130), cornerRadius: 18, style: .continuous), with: .color(.white))
            context.draw(Text("Card").font(.system(size: 30, weight: .bold)), at: CGPoint(x: 360, y: 115))
            // Gooey metaballs: blurred blobs thresholded.
            var goo = context
            goo.addFilter(.alphaThreshold(min: 0.5, color: .orange))
            goo.drawLayer { layer in
                layer.addFilter(.blur(radius: 12))
                for (x, y, r) in [(560.0, 110.0, 40.0), (640.0, 100.0, 34.0), (600.0, 170.0, 30.0), (700.0, 150.0, 22.0)] {
                    layer.fill(Path(ellipseIn: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)), with: .color(.black))
                }
            }
            // Blurred text.
            var soft = context
            soft.addFilter(.blur(radius: 3))
            soft.draw(Text("soft focus").font(.system(size: 36)).foregroundColor(.white), at: CGPoint(x: 850, y: 110))
            // Colour filters on the same three swatches.
            let filters: [(String, GraphicsContext.Filter?)] = [("none", nil), ("hue 120°", .hueRotation(.degrees(120))),
                ("saturation 0.3", .saturation(0.3)), ("invert", .colorInvert()), ("contrast 2", .contrast(2)), ("brightness 0.3", .brightness(0.3))]
            for (k, (name, filter)) in filters.enumerated() {
                var c = context
                if let filter { c.addFilter(filter) }
                for (j, color) in [Color.red, .green, .blue].enumerated() {
                    c.fill(Path(CGRect(x: 40 + CGFloat(k) * 150 + CGFloat(j) * 40, y: 230, width: 36, height: 36)), with: .color(color))
                }
                context.draw(Text(name).font(.system(size: 14)).foregroundColor(.white), at: CGPoint(x: 40 + CGFloat(k) * 150, y: 285), anchor: .leading)
            }
        }
        let url = artifactDirectory().appendingPathComponent("filters.png")
        try canvas.writeTestPNG(to: url)
        // The glow reaches outside the ring; the shadow falls below and right of the card.
        #expect(canvas.premultipliedPixel(x: 120, y: 30) != canvas.premultipliedPixel(x: 120, y: 5))
        #expect(canvas.premultipliedPixel(x: 463, y: 186) != SIMD4(26, 26, 41, 255))
    }
}
