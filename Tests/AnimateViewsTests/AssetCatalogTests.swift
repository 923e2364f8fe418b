import AnimateDrawing
import AnimateScene
import AnimateTestSupport
import AnimateVideo
@testable import AnimateViews
import Foundation
import Testing

/// Xcode asset catalogs: colour sets in the forms Xcode writes (fractions, 8-bit, hex; sRGB, P3,
/// grey; light and dark), image sets at 1x/2x/3x with dark pictures, namespaced folders, and the
/// stand-ins (with one warning) for names a catalog lacks. One suite: `AssetCatalog.current` is
/// the process's.
@Suite(.serialized) struct AssetCatalogTests {
    /// A catalog with a colour set, an image set and a namespaced folder, in a fresh folder.
    static func makeCatalog() throws -> URL {
        let root = scratchDirectory().appendingPathComponent("Assets.xcassets")
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func picture(_ path: String, _ width: Int, _ height: Int, _ color: Color) throws {
            var bitmap = Bitmap(width: width, height: height)
            bitmap.clear(color)
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bitmap.pngData().write(to: url)
        }
        try write("Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try write("Brand.colorset/Contents.json", """
            {"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0x33","green":"0x66","red":"0xCC"}},"idiom":"universal"},
            {"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"255","green":"200","red":"100"}},"idiom":"universal"},
            {"appearances":[{"appearance":"contrast","value":"high"}],"color":{"color-space":"srgb","components":{"alpha":"1","blue":"0","green":"0","red":"0"}},"idiom":"universal"}]}
            """)
        try write("Paper.colorset/Contents.json", #"{"colors":[{"color":{"color-space":"gray-gamma-22","components":{"alpha":"0.500","white":"0.250"}},"idiom":"universal"}]}"#)
        try write("Wide.colorset/Contents.json", #"{"colors":[{"color":{"color-space":"display-p3","components":{"alpha":"1.000","blue":"0.000","green":"0.000","red":"1.000"}},"idiom":"universal"}]}"#)
        try write("Logo.imageset/Contents.json", """
            {"images":[{"filename":"logo.png","idiom":"universal","scale":"1x"},
            {"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"logo-dark.png","idiom":"universal","scale":"1x"},
            {"filename":"logo@2x.png","idiom":"universal","scale":"2x"},{"idiom":"universal","scale":"3x"}]}
            """)
        try picture("Logo.imageset/logo.png", 60, 40, Color(red: 0, green: 0.5, blue: 0))
        try picture("Logo.imageset/logo@2x.png", 120, 80, Color(red: 0, green: 0, blue: 1))
        try picture("Logo.imageset/logo-dark.png", 60, 40, Color(red: 1, green: 1, blue: 0))
        try write("Icons/Contents.json", #"{"properties":{"provides-namespace":true}}"#)
        try write("Icons/Dot.imageset/Contents.json", #"{"images":[{"filename":"dot.png","idiom":"universal"}]}"#)
        try picture("Icons/Dot.imageset/dot.png", 10, 10, Color(red: 1, green: 0, blue: 0))
        try write("Group/Contents.json", #"{}"#)
        try write("Group/Plain.colorset/Contents.json", #"{"colors":[{"color":{"components":{"red":"0","green":"0","blue":"0","alpha":"1"}}}]}"#)
        return root
    }

    static func rgb(_ c: Color?) -> [Int]? {
        guard let c else { return nil }
        return [c.red, c.green, c.blue, c.opacity].map { Int(($0 * 255).rounded()) }
    }

    @Test func colourSetsReadEveryComponentFormAndBothAppearances() throws {
        let catalog = try AssetCatalog(contentsOf: Self.makeCatalog())
        #expect(catalog.colorNames == ["Brand", "Paper", "Plain", "Wide"])
        #expect(Self.rgb(catalog.color(named: "Brand")) == [204, 102, 51, 255])
        #expect(Self.rgb(catalog.color(named: "Brand", dark: true)) == [100, 200, 255, 255])
        // Half-transparent grey.
        #expect(Self.rgb(catalog.color(named: "Paper")) == [64, 64, 64, 128])
        // Display P3's red is outside sRGB: clipped to sRGB's red.
        #expect(Self.rgb(catalog.color(named: "Wide")) == [255, 0, 0, 255])
        // A set with no dark colour is the same in both.
        #expect(catalog.color(named: "Plain", dark: true) == catalog.color(named: "Plain"))
        #expect(catalog.color(named: "Nothing") == nil)
    }

    @Test func imageSetsGiveThePictureForTheScaleAndAppearance() throws {
        let catalog = try AssetCatalog(contentsOf: Self.makeCatalog())
        #expect(catalog.imageNames == ["Icons/Dot", "Logo"])
        let one = try #require(try catalog.image(named: "Logo", scale: 1))
        #expect(one.width == 60 && one.size == CGSize(width: 60, height: 40))
        let two = try #require(try catalog.image(named: "Logo", scale: 2))
        #expect(two.width == 120 && two.size == CGSize(width: 60, height: 40))
        // No 3x picture: the largest there is.
        #expect(try catalog.image(named: "Logo", scale: 3)?.width == 120)
        let dark = try #require(try catalog.image(named: "Logo", scale: 1, dark: true))
        #expect(dark.rgba.prefix(4) == [255, 255, 0, 255])
        #expect(try catalog.image(named: "Icons/Dot")?.width == 10)
        #expect(try catalog.image(named: "Dot") == nil)
    }

    @Test func viewsFindTheirAssetsInTheCurrentCatalogAndItsAppearance() throws {
        let previous = AssetCatalog.current
        defer { AssetCatalog.current = previous }
        AssetCatalog.current = try AssetCatalog(contentsOf: Self.makeCatalog())
        struct Badge: View {
            var body: some View {
                VStack(spacing: 0) {
                    Rectangle().fill(Color("Brand")).frame(width: 60, height: 20)
                    Image("Logo")
                }
            }
        }
        let light = ViewLayoutTests.render(60, 60) { Badge() }
        let dark = ViewLayoutTests.render(60, 60) { Badge().preferredColorScheme(.dark) }
        #expect(light.premultipliedPixel(x: 30, y: 10) == SIMD4(204, 102, 51, 255))
        #expect(dark.premultipliedPixel(x: 30, y: 10) == SIMD4(100, 200, 255, 255))
        #expect(light.premultipliedPixel(x: 30, y: 40) == SIMD4(0, 128, 0, 255))
        #expect(dark.premultipliedPixel(x: 30, y: 40) == SIMD4(255, 255, 0, 255))
    }

    @Test func aMissingAssetIsAStandInAndOneWarning() throws {
        let previous = AssetCatalog.current
        defer { AssetCatalog.current = previous }
        AssetCatalog.current = try AssetCatalog(contentsOf: Self.makeCatalog())
        nonisolated(unsafe) var told: [String] = []
        let handler = RenderWarnings.handler
        let name = "Absent\(UInt32.random(in: 0..<UInt32.max))"
        RenderWarnings.handler = { if $0.contains(name) { told.append($0) } }
        defer { RenderWarnings.handler = handler }
        let image = Image(name), again = Image(name)
        #expect(image.size == CGSize(width: 100, height: 100) && image == again)
        #expect(Color(name) == Color(red: 1, green: 0, blue: 1))
        #expect(told.count == 2, "\(told)")
        #expect(told.allSatisfy { $0.contains("Assets.xcassets") })
        #expect(UIImage(named: name) == nil)
    }

    @Test func aBrokenCatalogIsNamedInItsError() throws {
        let root = try Self.makeCatalog()
        try Data("{not json".utf8).write(to: root.appendingPathComponent("Brand.colorset/Contents.json"))
        #expect { try AssetCatalog(contentsOf: root) } throws: { "\($0)".contains("Brand.colorset/Contents.json is not a JSON object") }
        #expect { try AssetCatalog(contentsOf: root.appendingPathComponent("nowhere")) } throws: { "\($0)".contains("is not a folder") }
    }

    @Test func catalogsAreFoundWhereXcodeKeepsThem() throws {
        let project = scratchDirectory()
        for path in ["MyApp/Assets.xcassets", "MyApp/Preview Content/Preview Assets.xcassets", ".hidden/X.xcassets", "build/Y.xcassets"] {
            try FileManager.default.createDirectory(at: project.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        #expect(AssetCatalog.find(in: project).map { $0.path.replacingOccurrences(of: project.path + "/", with: "") }
                == ["MyApp/Assets.xcassets", "MyApp/Preview Content/Preview Assets.xcassets"])
    }
}

/// Catalogs of any shape: random Contents.json files (any JSON, or none, or not JSON) in random
/// folders read as a catalog or fail with one error naming the file, and reading any name from
/// what was read never fails.
@Suite struct AssetCatalogFuzzTests {
    static func randomJSON(_ depth: Int, _ g: inout SystemRandomNumberGenerator) -> Any {
        let strings = ["srgb", "display-p3", "gray-gamma-22", "extended-linear-srgb", "0xZZ", "0x80", "255", "1.5", "-1", "nan", "", "1x", "3x",
                       "dark", "luminosity", "universal", "iphone", "x.png", "../x.png", "missing.jpg"]
        let keys = ["colors", "images", "color", "components", "red", "green", "blue", "alpha", "white", "color-space", "appearances",
                    "appearance", "value", "idiom", "filename", "scale", "properties", "provides-namespace", "reference", "info"]
        switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &g) {
        case 0: return strings.randomElement(using: &g)!
        case 1: return Double.random(in: -2...300, using: &g)
        case 2: return Bool.random(using: &g)
        case 3: return NSNull()
        case 4, 5:
            var d: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &g) { d[keys.randomElement(using: &g)!] = randomJSON(depth + 1, &g) }
            return d
        default: return (0..<Int.random(in: 0...3, using: &g)).map { _ in randomJSON(depth + 1, &g) }
        }
    }

    @Test func anyCatalogIsReadOrRefusedInOneError() throws {
        var g = SystemRandomNumberGenerator()
        for round in 0..<60 {
            let root = scratchDirectory().appendingPathComponent("Assets.xcassets")
            for i in 0..<Int.random(in: 1...6, using: &g) {
                let kind = ["colorset", "imageset", "symbolset", "", "txt"].randomElement(using: &g)!
                let folder = root.appendingPathComponent(kind.isEmpty ? "Group\(i)" : "A\(i).\(kind)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let contents = folder.appendingPathComponent("Contents.json")
                switch Int.random(in: 0..<5, using: &g) {
                case 0: break
                case 1: try Data("{not json".utf8).write(to: contents)
                default:
                    let object = ["colors": Self.randomJSON(1, &g), "images": Self.randomJSON(1, &g), "properties": Self.randomJSON(1, &g)]
                    try JSONSerialization.data(withJSONObject: object).write(to: contents)
                }
                if Bool.random(using: &g) { try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: folder.appendingPathComponent("x.png")) }
            }
            do {
                let catalog = try AssetCatalog(contentsOf: root)
                for name in catalog.colorNames + ["A0", "Group0/A1", "nothing"] { _ = catalog.color(named: name); _ = catalog.color(named: name, dark: true) }
                for name in catalog.imageNames + ["A0", "nothing"] {
                    // A picture that cannot be read is an error naming it, never a crash.
                    _ = try? catalog.image(named: name, scale: CGFloat(Int.random(in: 1...3, using: &g)))
                }
            } catch let error as AssetCatalogError {
                #expect(error.description.contains("Contents.json") || error.description.contains("folder"), "round \(round): \(error)")
            }
        }
    }
}

/// SVG image sets: read as outlines and drawn at any size; path data read as SVG's grammar
/// spells it (arcs included); any bytes read or refused in one error.
@Suite struct SVGPictureTests {
    @Test func pathDataReadsEveryCommand() throws {
        let square = try SVGPathData.path("M10,10 h20 v20 H10 z")
        #expect(square.boundingRect == CGRect(x: 10, y: 10, width: 20, height: 20))
        // Numbers run together as SVG allows: "1.5.5" is 1.5 and .5, "-1-2" is -1 and -2.
        let packed = try SVGPathData.path("M0 0L1.5.5l-1-2")
        #expect(packed.boundingRect.maxX == 1.5)
        // A half circle of radius 10 from (0, 10) to (20, 10) bulges 10 up (sweep 1) or down (sweep 0).
        let up = try SVGPathData.path("M0 10 A10 10 0 0 1 20 10"), down = try SVGPathData.path("M0 10 A10 10 0 0 0 20 10")
        #expect(abs(up.boundingRect.minY - 0) < 0.01 && abs(down.boundingRect.maxY - 20) < 0.01, "\(up.boundingRect) \(down.boundingRect)")
        // Smooth curves reflect their control points; implicit lines follow a move.
        let smooth = try SVGPathData.path("m0 0 c5 -10 15 -10 20 0 s15 10 20 0 M 0 30 10 30 20 30 q5 5 10 0 t10 0")
        #expect(smooth.boundingRect.width == 40)
        for bad in ["10 10", "M 10", "M10 10 X", "M0 0 A1 1 0 2 0 5 5", "M0 0 L1e400 2"] {
            #expect(throws: SVGError.self, "\(bad)") { try SVGPathData.path(bad) }
        }
    }

    @Test func anSVGImageSetIsDrawnAsItsOutlines() throws {
        let root = scratchDirectory().appendingPathComponent("Assets.xcassets")
        let set = root.appendingPathComponent("Mark.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images":[{"filename":"mark.svg","idiom":"universal"}],"properties":{"preserves-vector-representation":true}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        try Data("""
            <?xml version="1.0"?>
            <!-- a red square with a blue circle on it -->
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 20 20">
              <rect x="0" y="0" width="20" height="20" fill="#f00"/>
              <g transform="translate(10 10)" style="fill: rgb(0, 0, 255)">
                <circle cx="0" cy="0" r="5"/>
              </g>
            </svg>
            """.utf8).write(to: set.appendingPathComponent("mark.svg"))
        let catalog = try AssetCatalog(contentsOf: root)
        let image = try #require(try catalog.image(named: "Mark"))
        #expect(image.size == CGSize(width: 40, height: 40))
        let previous = AssetCatalog.current
        defer { AssetCatalog.current = previous }
        AssetCatalog.current = catalog
        let b = ViewLayoutTests.render(200, 200) { Image("Mark").resizable().frame(width: 200, height: 200) }
        #expect(b.premultipliedPixel(x: 10, y: 10) == SIMD4(255, 0, 0, 255), "the square, scaled")
        #expect(b.premultipliedPixel(x: 100, y: 100) == SIMD4(0, 0, 255, 255), "the circle in the middle")
        #expect(b.premultipliedPixel(x: 100, y: 40) == SIMD4(255, 0, 0, 255), "the circle's radius is a quarter of the side")
    }

    /// Random SVG-like bytes: read or refused with `SVGError`, never a crash or a hang.
    @Test func anyBytesAreReadOrRefused() {
        var g = SystemRandomNumberGenerator()
        let pieces = ["<svg viewBox=\"0 0 10 10\">", "</svg>", "<g transform=\"rotate(30 5 5) scale(2)\">", "</g>", "<path d=\"",
                      "M0 0", "L5 5", "A3 3 0 1 1 9 9", "c1 2 3 4 5 6", "s1 1 2 2", "Q1 1 2 2", "T4 4", "z", "\"/>", "<rect width=\"5\" height=\"5\"/>",
                      "<circle r=\"3\"/>", "<polygon points=\"0,0 5,0 5,5\"/>", "<!--", "-->", "<", ">", "\"", "=", " ", "1e9", "-.5", "nan",
                      "fill=\"#abc\"", "<?xml?>", "<![CDATA[x]]>", "style=\"stroke:red;stroke-width:2\""]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...14, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
            do { _ = try SVGPicture(text: text) } catch is SVGError {} catch { Issue.record("\(text): \(error)") }
        }
    }
}

/// PDF image sets, read by Poppler and drawn at the pixel size they cover.
@Suite struct PDFPictureTests {
    /// A one-page PDF of `width` x `height` points whose page draws `content` (PDF operators,
    /// y up), uncompressed, with a correct cross-reference table.
    static func pdf(_ content: String, width: Int = 40, height: Int = 40) -> Data {
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R >>",
                       "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"]
        var out = "%PDF-1.4\n", offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(i + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    /// A 40-point badge: a red disc of radius 16 round the middle, a blue 10-point square on it.
    static let badge = pdf("""
        1 0 0 rg 36 20 m 36 28.84 28.84 36 20 36 c 11.16 36 4 28.84 4 20 c 4 11.16 11.16 4 20 4 c 28.84 4 36 11.16 36 20 c f
        0 0 1 rg 15 15 10 10 re f
        """)

    static func catalog(_ pdf: Data, template: Bool = false) throws -> AssetCatalog {
        let root = scratchDirectory().appendingPathComponent("Assets.xcassets")
        let set = root.appendingPathComponent("Badge.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let properties = template ? #","properties":{"template-rendering-intent":"template"}"# : ""
        try Data(#"{"images":[{"filename":"badge.pdf","idiom":"universal"}]\#(properties)}"#.utf8).write(to: set.appendingPathComponent("Contents.json"))
        try pdf.write(to: set.appendingPathComponent("badge.pdf"))
        return try AssetCatalog(contentsOf: root)
    }

    static func render(_ catalog: AssetCatalog, side: Int, _ view: () -> some View) -> Bitmap {
        let previous = AssetCatalog.current
        defer { AssetCatalog.current = previous }
        AssetCatalog.current = catalog
        return ViewLayoutTests.render(side, side, view)
    }

    @Test func aPDFImageSetIsDrawnSharplyAtTheSizeItCovers() throws {
        let catalog = try Self.catalog(Self.badge)
        let image = try #require(try catalog.image(named: "Badge"))
        #expect(image.size == CGSize(width: 40, height: 40))
        // Shown five times its size: the square's edges fall on pixel edges (75 and 125), and
        // the pixels either side are whole colours, as a render at 200 pixels gives and a
        // 40-pixel picture scaled up would not.
        let b = Self.render(catalog, side: 200) { Image("Badge").resizable().frame(width: 200, height: 200) }
        #expect(b.premultipliedPixel(x: 100, y: 100) == SIMD4(0, 0, 255, 255), "the square")
        #expect(b.premultipliedPixel(x: 75, y: 100) == SIMD4(0, 0, 255, 255) && b.premultipliedPixel(x: 74, y: 100) == SIMD4(255, 0, 0, 255),
                "\(b.premultipliedPixel(x: 75, y: 100)) \(b.premultipliedPixel(x: 74, y: 100))")
        #expect(b.premultipliedPixel(x: 100, y: 30) == SIMD4(255, 0, 0, 255), "the disc, y up in the PDF, down on screen")
        #expect(b.premultipliedPixel(x: 5, y: 5) == SIMD4(255, 255, 255, 255), "the page is transparent outside its drawing")
        // At its own size, in the middle of a larger window.
        let small = Self.render(catalog, side: 100) { Image("Badge") }
        #expect(small.premultipliedPixel(x: 50, y: 50) == SIMD4(0, 0, 255, 255) && small.premultipliedPixel(x: 50, y: 35) == SIMD4(255, 0, 0, 255))
        // The same bytes again (Poppler's anti-aliasing is a pure function of the page and size).
        let again = Self.render(catalog, side: 200) { Image("Badge").resizable().frame(width: 200, height: 200) }
        #expect(again.rgba8() == b.rgba8())
    }

    @Test func aTemplatePDFIsPaintedInTheForegroundStyle() throws {
        let catalog = try Self.catalog(Self.badge, template: true)
        let b = Self.render(catalog, side: 200) { Image("Badge").resizable().frame(width: 200, height: 200).foregroundStyle(Color(red: 0, green: 0.5, blue: 0)) }
        #expect(b.premultipliedPixel(x: 100, y: 100) == SIMD4(0, 128, 0, 255) && b.premultipliedPixel(x: 100, y: 30) == SIMD4(0, 128, 0, 255))
        #expect(b.premultipliedPixel(x: 5, y: 5) == SIMD4(255, 255, 255, 255))
    }

    @Test func aBrokenPDFIsNamedInOneError() throws {
        for (bytes, problem) in [(Data("not a pdf at all".utf8), "cannot be read as PDF"), (Data(), "cannot be read as PDF"),
                                 (Data("%PDF-1.4\n".utf8), "cannot be read as PDF"),
                                 (Data(String(decoding: Self.badge, as: UTF8.self).replacingOccurrences(of: "/Kids [3 0 R] /Count 1", with: "/Kids [] /Count 0").utf8), "has no pages")] {
            let catalog = try Self.catalog(bytes)
            #expect { try catalog.image(named: "Badge") } throws: { "\($0)".contains("badge.pdf") && "\($0)".contains(problem) }
        }
    }

    /// The badge cut short, with bytes changed, inserted or removed at random: read and drawn, or
    /// refused with `PDFError`; never a crash, a hang or a message on stderr.
    @Test func damagedPDFsAreDrawnOrRefused() {
        var g = SystemRandomNumberGenerator()
        let original = [UInt8](Self.badge)
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &g) {
                let at = Int.random(in: 0..<max(bytes.count, 1), using: &g)
                switch Int.random(in: 0..<4, using: &g) {
                case 0 where !bytes.isEmpty: bytes[at] = UInt8.random(in: 0...255, using: &g)
                case 1 where !bytes.isEmpty: bytes.remove(at: at)
                case 2: bytes.insert(Array("0 1 R obj<<>>[]/(\\".utf8).randomElement(using: &g)!, at: min(at, bytes.count))
                default: bytes.removeLast(min(bytes.count, Int.random(in: 0...40, using: &g)))
                }
            }
            do {
                let picture = try PDFPicture(data: Data(bytes))
                _ = picture.image(width: 37, height: 23)
            } catch is PDFError {} catch { Issue.record("\(error)") }
        }
    }
}
