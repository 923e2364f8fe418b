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
