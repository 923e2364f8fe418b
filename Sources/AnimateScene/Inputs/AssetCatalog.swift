public import AnimateDrawing
import AnimateViews
public import AnimateText
public import Foundation

/// An Xcode asset catalog (`Assets.xcassets`): its colour sets and image sets by name, as an
/// app's `Color("Brand")`, `Image("Logo")` and `UIImage(named:)` find them. Colour sets keep
/// their light and dark appearances (sRGB, Display P3, linear, grey; components as Xcode writes
/// them: fractions, 8-bit integers or hex); image sets their 1x/2x/3x and dark pictures (PNG or
/// JPEG), read when first drawn. Folders group names; a folder that provides a namespace prefixes
/// them (`"Icons/star"`).
public final class AssetCatalog: @unchecked Sendable {
    /// A colour set's appearances.
    struct ColorSet { var light: Color; var dark: Color? }
    /// An image set's pictures: (scale, dark, file) of each, and whether it is a template.
    struct ImageSet {
        var pictures: [(scale: Int, dark: Bool, file: URL)]
        var vectors: [URL]
        /// Drawn in the foreground style (`template-rendering-intent: template`).
        var isTemplate = false
    }

    /// Where the catalogs were read from.
    public let folders: [URL]
    private var colors: [String: ColorSet] = [:]
    private var images: [String: ImageSet] = [:]
    private let lock = NSLock()
    private var decoded: [String: Image] = [:]

    /// The colour and image names the catalogs hold.
    public var colorNames: [String] { colors.keys.sorted() }
    public var imageNames: [String] { images.keys.sorted() }

    /// Reads the catalogs in `folders` (a name in an earlier one wins). Throws `AssetCatalogError`
    /// naming a folder that is not a catalog or a `Contents.json` that is not JSON.
    public init(contentsOf folders: [URL]) throws {
        self.folders = folders
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw AssetCatalogError(path: folder.path, problem: "is not a folder (an asset catalog is a folder such as Assets.xcassets)")
            }
            try read(folder, prefix: "")
        }
    }

    public convenience init(contentsOf folder: URL) throws { try self.init(contentsOf: [folder]) }

    /// The catalog `Color("name")`, `Image("name")` and `UIImage(named:)` read: the one set (the
    /// command line's `--assets`), else the catalogs found in `searchFolder` when an asset is first
    /// named (`find(in:)`; a catalog that cannot be read is one warning).
    public static var current: AssetCatalog? {
        get {
            currentLock.withLock {
                if !searched {
                    searched = true
                    let found = find(in: searchFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                    if !found.isEmpty {
                        do { chosen = try AssetCatalog(contentsOf: found) } catch { RenderWarnings.warn("\(error)") }
                    }
                }
                return chosen
            }
        }
        set { currentLock.withLock { chosen = newValue; searched = true } }
    }

    /// Where catalogs are looked for when none is set: a lesson file's folder (nil: the current directory).
    nonisolated(unsafe) package static var searchFolder: URL?
    private static let currentLock = NSLock()
    nonisolated(unsafe) private static var chosen: AssetCatalog?
    nonisolated(unsafe) private static var searched = false

    /// The asset catalogs (`*.xcassets` folders) in `folder` and its subfolders, four deep, as an
    /// Xcode project keeps them (`MyApp/Assets.xcassets`, `Preview Content/Preview Assets.xcassets`);
    /// hidden folders and build products are skipped. Sorted by path, shallower first.
    public static func find(in folder: URL) -> [URL] {
        var found: [URL] = []
        func walk(_ url: URL, depth: Int) {
            guard depth <= 4, let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
            for name in names.sorted() where !name.hasPrefix(".") && name != "build" && name != "DerivedData" {
                let child = url.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                if name.hasSuffix(".xcassets") { found.append(child) } else { walk(child, depth: depth + 1) }
            }
        }
        walk(folder, depth: 0)
        return found.sorted { ($0.pathComponents.count, $0.path) < ($1.pathComponents.count, $1.path) }
    }

    private func read(_ folder: URL, prefix: String) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            let ext = url.pathExtension, base = url.deletingPathExtension().lastPathComponent
            switch ext {
            case "colorset":
                if colors[prefix + base] == nil, let set = try Self.colorSet(url) { colors[prefix + base] = set }
            case "imageset", "symbolset":
                if images[prefix + base] == nil, let set = try Self.imageSet(url) { images[prefix + base] = set }
            case "":
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                let contents = try Self.contents(url)
                let namespaced = (contents?["properties"] as? [String: Any])?["provides-namespace"] as? Bool ?? false
                try read(url, prefix: namespaced ? prefix + name + "/" : prefix)
            default: continue
            }
        }
    }

    /// A folder's `Contents.json`, nil when it has none.
    private static func contents(_ folder: URL) throws -> [String: Any]? {
        let file = folder.appendingPathComponent("Contents.json")
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw AssetCatalogError(path: file.path, problem: "is not a JSON object")
        }
        return object
    }

    private static func isDark(_ entry: [String: Any]) -> Bool {
        ((entry["appearances"] as? [[String: Any]]) ?? []).contains {
            $0["appearance"] as? String == "luminosity" && $0["value"] as? String == "dark"
        }
    }

    /// Whether an entry is for iPhone-like screens (universal or iOS) and no other appearance
    /// than light or dark (high contrast ones are skipped).
    private static func isPlain(_ entry: [String: Any]) -> Bool {
        let idiom = entry["idiom"] as? String ?? "universal"
        guard ["universal", "iphone"].contains(idiom) else { return false }
        return ((entry["appearances"] as? [[String: Any]]) ?? []).allSatisfy { $0["appearance"] as? String == "luminosity" }
    }

    private static func colorSet(_ folder: URL) throws -> ColorSet? {
        guard let entries = try contents(folder)?["colors"] as? [[String: Any]] else { return nil }
        var light: Color?, dark: Color?
        for entry in entries where isPlain(entry) {
            guard let color = (entry["color"] as? [String: Any]).flatMap(Self.color) else { continue }
            if isDark(entry) { dark = dark ?? color } else if (entry["appearances"] as? [Any])?.isEmpty ?? true { light = light ?? color }
        }
        guard let light = light ?? dark else { return nil }
        return ColorSet(light: light, dark: dark)
    }

    /// A component as Xcode writes it: a fraction ("0.800"), an 8-bit integer ("204") or hex ("0xCC").
    static func component(_ value: Any?) -> Double? {
        if let number = value as? Double { return number > 1 && number == number.rounded() ? number / 255 : number }
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespaces) else { return nil }
        if text.lowercased().hasPrefix("0x") { return UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 } }
        guard let number = Double(text), number.isFinite, number >= 0 else { return nil }
        return text.contains(".") || number <= 1 ? min(number, 1) : min(number, 255) / 255
    }

    private static let systemColors: [String: Color] = [
        "systemRedColor": .red, "systemOrangeColor": .orange, "systemYellowColor": .yellow, "systemGreenColor": .green,
        "systemMintColor": .mint, "systemTealColor": .teal, "systemCyanColor": .cyan, "systemBlueColor": .blue,
        "systemIndigoColor": .indigo, "systemPurpleColor": .purple, "systemPinkColor": .pink, "systemBrownColor": .brown,
        "systemGrayColor": .gray, "labelColor": .black, "systemBackgroundColor": .white, "whiteColor": .white,
        "blackColor": .black, "clearColor": .clear,
    ]

    static func color(_ description: [String: Any]) -> Color? {
        if let reference = description["reference"] as? String { return systemColors[reference] }
        guard let parts = description["components"] as? [String: Any] else { return nil }
        let alpha = component(parts["alpha"]) ?? 1
        let space = description["color-space"] as? String ?? "srgb"
        if let white = component(parts["white"]) { return Color(white: white, opacity: alpha) }
        guard let r = component(parts["red"]), let g = component(parts["green"]), let b = component(parts["blue"]) else { return nil }
        switch space {
        case "display-p3": return Color(.displayP3, red: r, green: g, blue: b, opacity: alpha)
        case "extended-linear-srgb", "linear-srgb": return Color(.sRGBLinear, red: r, green: g, blue: b, opacity: alpha)
        default: return Color(red: r, green: g, blue: b, opacity: alpha)
        }
    }

    private static func imageSet(_ folder: URL) throws -> ImageSet? {
        let contents = try contents(folder)
        guard let entries = contents?["images"] as? [[String: Any]] else { return nil }
        var set = ImageSet(pictures: [], vectors: [])
        set.isTemplate = (contents?["properties"] as? [String: Any])?["template-rendering-intent"] as? String == "template"
        for entry in entries where isPlain(entry) {
            guard let file = entry["filename"] as? String, !file.contains("/") else { continue }
            let url = folder.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            switch url.pathExtension.lowercased() {
            case "png", "jpg", "jpeg":
                let scale = Int((entry["scale"] as? String ?? "1x").dropLast()) ?? 1
                set.pictures.append((max(1, min(scale, 3)), isDark(entry), url))
            case "pdf", "svg": set.vectors.append(url)
            default: continue
            }
        }
        return set.pictures.isEmpty && set.vectors.isEmpty ? nil : set
    }

    /// The colour named `name` in the given appearance, or nil.
    public func color(named name: String, dark: Bool = false) -> Color? {
        guard let set = colors[name] else { return nil }
        return dark ? set.dark ?? set.light : set.light
    }

    /// The picture named `name` for a screen of `scale` pixels a point in the given appearance:
    /// the smallest scale at least that (else the largest), its dark picture where it has one.
    /// Nil when there is none; throws `ImageError` when its file cannot be read.
    public func image(named name: String, scale: CGFloat = 1, dark: Bool = false) throws -> Image? {
        guard let set = images[name] else { return nil }
        let appearance = set.pictures.filter { $0.dark == dark }
        let candidates = appearance.isEmpty ? set.pictures.filter { !$0.dark } : appearance
        let sorted = (candidates.isEmpty ? set.pictures : candidates).sorted { $0.scale < $1.scale }
        guard let pick = sorted.first(where: { CGFloat($0.scale) >= scale }) ?? sorted.last else {
            // A vector image set: an SVG drawn as outlines, a PDF rendered at the size it is shown.
            guard let vector = set.vectors.first else { return nil }
            let key = vector.path
            if let image = lock.withLock({ decoded[key] }) { return image }
            let artwork: any ImageArtwork, size: CGSize
            if vector.pathExtension.lowercased() == "svg" {
                let text = try String(contentsOf: vector, encoding: .utf8)
                let picture: SVGPicture
                do { picture = try SVGPicture(text: text) } catch { throw AssetCatalogError(path: vector.path, problem: "cannot be read as SVG: \(error)") }
                (artwork, size) = (VectorArtwork(picture: picture, name: name, isTemplate: set.isTemplate), picture.size)
            } else {
                let picture: PDFPicture
                do { picture = try PDFPicture(data: try Data(contentsOf: vector)) } catch { throw AssetCatalogError(path: vector.path, problem: (error as? PDFError)?.description ?? "cannot be read") }
                (artwork, size) = (VectorArtwork(picture: picture, name: name, isTemplate: set.isTemplate), picture.size)
            }
            let width = max(1, Int(size.width.rounded(.up))), height = max(1, Int(size.height.rounded(.up)))
            guard let image = Image(artwork: artwork, width: min(width, 16384), height: min(height, 16384)) else { return nil }
            lock.withLock { decoded[key] = image }
            return image
        }
        let key = "\(pick.file.path)"
        if let image = lock.withLock({ decoded[key] }) { return image }
        guard var image = try Image.lazily(contentsOf: pick.file, fitting: nil) else { return nil }
        image.scale = CGFloat(pick.scale)
        lock.withLock { decoded[key] = image }
        return image
    }

    /// Whether the catalog has an image set named `name`.
    package func hasImage(named name: String) -> Bool { images[name] != nil }

    /// What a missing image is drawn as: a 100-point light grey square crossed corner to corner.
    static let missingImage: Image = {
        var bitmap = Bitmap(width: 100, height: 100)
        bitmap.draw { context, size in
            let r = CGRect(origin: .zero, size: size)
            context.fill(Path(r), with: .color(Color(white: 0.9)))
            var cross = Path()
            cross.move(to: .zero); cross.addLine(to: CGPoint(x: 100, y: 100))
            cross.move(to: CGPoint(x: 100, y: 0)); cross.addLine(to: CGPoint(x: 0, y: 100))
            context.stroke(cross, with: .color(Color(white: 0.6)), lineWidth: 2)
            context.stroke(Path(r.insetBy(dx: 1, dy: 1)), with: .color(Color(white: 0.6)), lineWidth: 2)
        }
        return bitmap.picture()!
    }()

    /// What a missing colour is drawn as: magenta, which no lesson means.
    static let missingColor = Color(red: 1, green: 0, blue: 1)
}

/// An asset catalog that cannot be read.
public struct AssetCatalogError: Error, CustomStringConvertible {
    public let path: String
    public let problem: String
    public var description: String { "\(path) \(problem)" }
}

extension Color {
    /// The colour set `name` of the asset catalog (`AssetCatalog.current`), in the appearance of
    /// the view being made (its dark colour in a dark scheme). A name the catalog lacks is
    /// magenta, with one warning.
    public init(_ name: String, bundle: Bundle? = nil) {
        let dark = EnvironmentValues.current?.colorScheme == .dark
        if let color = AssetCatalog.current?.color(named: name, dark: dark) {
            self = color
        } else {
            RenderWarnings.warn(AssetCatalog.missing("colour", name))
            self = AssetCatalog.missingColor
        }
    }
}

extension Image {
    /// The image set `name` of the asset catalog (`AssetCatalog.current`), at the screen's scale
    /// and in the appearance of the view being made. A name the catalog lacks (or a picture that
    /// cannot be read) is a 100-point grey square crossed corner to corner, with one warning.
    public init(_ name: String, bundle: Bundle? = nil) {
        self = AssetCatalog.namedImage(name) ?? AssetCatalog.missingImage
    }

    /// As `init(_:bundle:)`; the label is for accessibility.
    public init(_ name: String, bundle: Bundle? = nil, label: Text) { self.init(name, bundle: bundle) }

    /// As `init(_:bundle:)` (the image is decorative to accessibility).
    public init(decorative name: String, bundle: Bundle? = nil) { self.init(name, bundle: bundle) }
}

extension UIImage {
    /// The image set `name` of the asset catalog; nil (with one warning) when it has none.
    public convenience init?(named name: String) {
        guard let image = AssetCatalog.namedImage(name) else { return nil }
        self.init(image)
    }

    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: Any?) {
        self.init(named: name)
    }
}

extension AssetCatalog {
    static func missing(_ kind: String, _ name: String) -> String {
        guard let catalog = current else {
            return "no asset catalog: the \(kind) \"\(name)\" is drawn by a stand-in (put Assets.xcassets beside the lesson, or name it with --assets)"
        }
        let place = catalog.folders.map(\.lastPathComponent).joined(separator: ", ")
        return "the asset catalog (\(place)) has no \(kind) named \"\(name)\"; a stand-in is drawn"
    }

    /// The named image as the view being made sees it, or nil (warned of).
    static func namedImage(_ name: String) -> Image? {
        let environment = EnvironmentValues.current
        do {
            if let image = try current?.image(named: name, scale: environment?.displayScale ?? 1, dark: environment?.colorScheme == .dark) {
                return image
            }
            if current?.hasImage(named: name) == true { return nil }
            RenderWarnings.warn(missing("image", name))
        } catch {
            RenderWarnings.warn("the image \"\(name)\" of the asset catalog cannot be read: \(error)")
        }
        return nil
    }
}
