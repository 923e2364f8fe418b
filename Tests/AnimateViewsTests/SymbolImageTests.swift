import AnimateDrawing
import AnimateText
@testable import AnimateViews
import Foundation
import Testing

/// System symbols (`Image(systemName:)`) drawn by their Material Icons stand-ins: every name in
/// the table has its glyph, sizes follow the font and image scale, variants and styles apply,
/// canvases draw them from cached masks with the same pixels, an unknown name is warned of once.
@Suite struct SymbolImageTests {
    static func render<V: View>(_ width: Int, _ height: Int, @ViewBuilder _ view: () -> V) -> Bitmap {
        ViewLayoutTests.render(width, height, view)
    }

    /// The box of pixels darker than near-white, or nil.
    static func inkBox(_ b: Bitmap) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<b.height {
            for x in 0..<b.width {
                let p = b.premultipliedPixel(x: x, y: y)
                if min(p.x, p.y, p.z) < 200 {
                    box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
                }
            }
        }
        return box
    }

    @Test func everyNameInTheTableHasItsGlyphInTheIconFont() {
        let names = SystemSymbol.namesWithStandIns.sorted()
        #expect(names.count >= 500)
        let missing = names.filter { !SystemSymbol.named($0).isDrawn }
        #expect(missing.isEmpty, "no glyph for \(missing.prefix(20))")
    }

    @Test func aSymbolIsASquareAsLargeAsItsFontTimesItsScale() {
        for (font, scale, side) in [(Font.body, Image.Scale.medium, 17.0), (.system(size: 40), .medium, 40), (.system(size: 40), .large, 52),
                                    (.system(size: 40), .small, 32)] {
            let size = idealSize(of: Image(systemName: "star.fill").font(font).imageScale(scale))
            #expect(abs(size.width - side) < 0.01 && abs(size.height - side) < 0.01, "\(size) for \(font.size) \(scale)")
        }
    }

    @Test func aSymbolIsFilledWithTheForegroundStyleAndFillsItsFrame() throws {
        let b = Self.render(100, 100) {
            Image(systemName: "square.fill").font(.system(size: 80)).foregroundStyle(Color(red: 1, green: 0, blue: 0))
        }
        // Material's filled square covers 18 of the 20 shown units: 72 of 80 points, centred.
        let centre = b.premultipliedPixel(x: 50, y: 50)
        #expect(centre.x == 255 && centre.y == 0 && centre.z == 0)
        let box = try #require(Self.inkBox(b))
        #expect(abs(box.minX - 14) <= 1 && abs(box.maxX - 85) <= 1 && abs(box.minY - 14) <= 1 && abs(box.maxY - 85) <= 1, "\(box)")
    }

    @Test func aResizableSymbolStretchesToItsFrame() throws {
        let b = Self.render(200, 100) {
            Image(systemName: "square.fill").resizable().frame(width: 200, height: 100)
        }
        let box = try #require(Self.inkBox(b))
        // 1/20 of the frame stays clear each side: 10 of 200 across, 5 of 100 down.
        #expect(abs(box.minX - 10) <= 1 && abs(box.maxX - 189) <= 1 && abs(box.minY - 5) <= 1 && abs(box.maxY - 94) <= 1, "\(box)")
    }

    @Test func aVariantNamesTheFilledSymbolWhereThereIsOne() {
        let filled = Self.render(60, 60) { Image(systemName: "heart.fill").font(.system(size: 40)) }
        let variant = Self.render(60, 60) { Image(systemName: "heart").symbolVariant(.fill).font(.system(size: 40)) }
        let outlined = Self.render(60, 60) { Image(systemName: "heart").font(.system(size: 40)) }
        #expect(filled.rgba8() == variant.rgba8())
        #expect(filled.rgba8() != outlined.rgba8())
        // The heart's middle is ink when filled, paper when outlined.
        #expect(filled.premultipliedPixel(x: 30, y: 30).x < 60)
        #expect(outlined.premultipliedPixel(x: 30, y: 30).x > 200)
        // A variant the symbol lacks leaves it as named.
        let plain = Self.render(60, 60) { Image(systemName: "arrow.right").font(.system(size: 40)) }
        let slashed = Self.render(60, 60) { Image(systemName: "arrow.right").symbolVariant(.slash).font(.system(size: 40)) }
        #expect(plain.rgba8() == slashed.rgba8())
    }

    @Test func multicolorGivesTheSunItsYellow() {
        let b = Self.render(60, 60) { Image(systemName: "sun.max.fill").symbolRenderingMode(.multicolor).font(.system(size: 40)) }
        let p = b.premultipliedPixel(x: 30, y: 30)
        #expect(p.x > 230 && p.y > 180 && p.z < 60, "\(p)")
    }

    @Test func aCanvasDrawsResolvedSymbolsAsTheViewDrawsThem() {
        let direct = Self.render(120, 60) {
            HStack(spacing: 0) {
                Image(systemName: "bolt.fill").font(.system(size: 30)).frame(width: 60, height: 60)
                Image(systemName: "bolt.fill").font(.system(size: 30)).frame(width: 60, height: 60)
            }
        }
        let canvas = Self.render(120, 60) {
            Canvas { context, _ in
                let symbol = context.resolveSymbol(id: "bolt")!
                context.draw(symbol, at: CGPoint(x: 30, y: 30))
                context.draw(symbol, at: CGPoint(x: 90, y: 30))
            } symbols: {
                Image(systemName: "bolt.fill").font(.system(size: 30)).tag("bolt")
            }
        }
        #expect(direct.rgba8() == canvas.rgba8())
        // An image drawn in a canvas takes the shading its resolved form is given.
        let shaded = Self.render(40, 40) {
            Canvas { context, size in
                var image = context.resolve(Image(systemName: "circle.fill"))
                image.shading = .color(Color(red: 0, green: 0, blue: 1))
                context.draw(image, in: CGRect(origin: .zero, size: size))
            }
        }
        let p = shaded.premultipliedPixel(x: 20, y: 20)
        #expect(p.x == 0 && p.y == 0 && p.z == 255)
    }

    @Test func aLabelShowsItsSymbolBeforeItsTitle() throws {
        let b = Self.render(200, 40) { Label("Favourites", systemImage: "heart.fill").foregroundStyle(Color(red: 1, green: 0, blue: 0)) }
        let box = try #require(Self.inkBox(b))
        // A red heart at the start of the label's row.
        let heart = (box.minX..<(box.minX + 17)).contains { x in (0..<40).contains { y in
            let p = b.premultipliedPixel(x: x, y: y); return p.x > 240 && p.y < 20 } }
        #expect(heart)
    }

    @Test func anUnknownNameIsWarnedOfOnceAndDrawnAsAQuestionMark() {
        nonisolated(unsafe) var told: [String] = []
        let name = "no.such.symbol.\(UInt32.random(in: 0..<UInt32.max))"
        let previous = RenderWarnings.handler
        RenderWarnings.handler = { if $0.contains(name) { told.append($0) } }
        defer { RenderWarnings.handler = previous }
        let unknown = Self.render(60, 60) { Image(systemName: name).font(.system(size: 40)) }
        _ = Self.render(60, 60) { Image(systemName: name).font(.system(size: 40)) }
        #expect(told.count == 1)
        #expect(SystemSymbol.named(name).standIn == nil)
        let question = Self.render(60, 60) { Image(systemName: "questionmark.circle").font(.system(size: 40)) }
        #expect(unknown.rgba8() == question.rgba8())
    }
}

/// A canvas symbol that is one solid shape is filled from a cached mask: the same picture as the
/// shape drawn as a view, within the quarter pixel its place is rounded to.
@Suite struct MaskedSymbolTests {
    @Test func aShapeSymbolDrawsAsTheShapeDoes() {
        let places = [CGPoint(x: 20, y: 20), CGPoint(x: 47.3, y: 21.6), CGPoint(x: 70.25, y: 60.75), CGPoint(x: 20.5, y: 70)]
        let symbols = ViewLayoutTests.render(100, 100) {
            Canvas { context, _ in
                let dot = context.resolveSymbol(id: 1)!
                for p in places { context.draw(dot, at: p) }
            } symbols: {
                Circle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 16, height: 16).tag(1)
            }
        }
        let paths = ViewLayoutTests.render(100, 100) {
            Canvas { context, _ in
                for p in places { context.fill(Path(ellipseIn: CGRect(x: p.x - 8, y: p.y - 8, width: 16, height: 16)), with: .color(Color(red: 0, green: 0, blue: 1))) }
            }
        }
        var worst = 0, differing = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let a = symbols.premultipliedPixel(x: x, y: y), b = paths.premultipliedPixel(x: x, y: y)
                let d = abs(Int(a.x) - Int(b.x))
                worst = max(worst, d)
                if d > 0 { differing += 1 }
            }
        }
        // Interiors alike; edges within what an eighth of a pixel's shift changes.
        #expect(worst <= 48, "\(worst)")
        #expect(differing < 4 * 60, "\(differing) pixels differ")
        #expect(symbols.premultipliedPixel(x: 20, y: 20) == SIMD4(0, 0, 255, 255))
        // Drawn again, the same bytes (the masks are a function of size and phase).
        let again = ViewLayoutTests.render(100, 100) {
            Canvas { context, _ in
                let dot = context.resolveSymbol(id: 1)!
                for p in places.reversed() { context.draw(dot, at: p) }
            } symbols: {
                Circle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 16, height: 16).tag(1)
            }
        }
        #expect(again.rgba8() == symbols.rgba8())
    }

    @Test func aSymbolWithEffectsIsDrawnAsAView() {
        let faded = ViewLayoutTests.render(40, 40) {
            Canvas { context, _ in context.draw(context.resolveSymbol(id: 0)!, at: CGPoint(x: 20, y: 20)) } symbols: {
                Circle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 20, height: 20).opacity(0.5).tag(0)
            }
        }
        let p = faded.premultipliedPixel(x: 20, y: 20)
        #expect(abs(Int(p.x) - 128) <= 2 && p.z == 255, "\(p)")
    }
}
