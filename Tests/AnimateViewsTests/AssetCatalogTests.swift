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
