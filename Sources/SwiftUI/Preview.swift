public import Animate
import AnimateViews
public import Foundation

/// Xcode's preview of a view: `#Preview { ContentView() }`, with a title and traits if given.
/// Each becomes a scene of the lesson file it is in (`animate ContentView.swift -o out.mp4`), named
/// after its title, else after its file; see `Scene.init(preview:file:line:traits:body:)`.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping () -> any View)
    = #externalMacro(module: "AnimateMacros", type: "PreviewMacro")

@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
                     @ViewBuilder body: @escaping () -> any View)
    = #externalMacro(module: "AnimateMacros", type: "PreviewMacro")

/// What a preview's traits are about: `PreviewTrait<Preview.ViewTraits>`.
public enum Preview {
    /// Traits of a view's preview (its layout and orientation).
    public enum ViewTraits {}
}

/// A preview's trait: its layout (the device, a fixed size, or the size the view asks for) and
/// the device's orientation.
public struct PreviewTrait<T>: Sendable {
    enum Value: Sendable {
        case layout(PreviewLayout)
        case orientation(landscape: Bool)
    }
    let value: Value
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The device's screen (the default).
    public static var defaultLayout: PreviewTrait { PreviewTrait(value: .layout(.device)) }
    /// The size the view asks for.
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(value: .layout(.sizeThatFits)) }
    /// A size of its own, in points.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait { PreviewTrait(value: .layout(.fixed(width: width, height: height))) }
    public static var portrait: PreviewTrait { PreviewTrait(value: .orientation(landscape: false)) }
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(value: .orientation(landscape: false)) }
    public static var landscapeLeft: PreviewTrait { PreviewTrait(value: .orientation(landscape: true)) }
    public static var landscapeRight: PreviewTrait { PreviewTrait(value: .orientation(landscape: true)) }
}

/// The scene type a preview's expansion names (a file's own type named `Scene`, as an app's
/// `var body: some Scene` has, does not hide it).
public typealias _PreviewScene = Scene

extension Scene {
    /// The device a preview shows when its traits name no other layout: a phone's screen in points.
    public static let previewDevice = CGSize(width: 390, height: 844)
    /// How long a preview plays, in seconds.
    public static let previewDuration = 5.0

    /// A preview as a scene: its view in the middle of a white window the size of a phone's
    /// screen (`previewDevice`, in points; turned for a landscape trait), or of the size a
    /// `fixedLayout` trait gives, or of the size the view asks for (`sizeThatFitsLayout`), for
    /// `previewDuration` seconds. Named after `title` (lowercased, words joined by `-`), else
    /// after the file (`ContentView.swift`: `ContentView`). `line` is where the preview stands
    /// (0: nowhere in particular, as a `PreviewProvider`'s).
    public init<V: View>(preview title: String?, file: String, line: Int, traits: [PreviewTrait<Preview.ViewTraits>] = [],
                         @ViewBuilder body: @escaping () -> V) {
        // A PreviewProvider's view says its layout and name with modifiers.
        let settings = previewSettings(of: body())
        var layout = settings.layout ?? .device, landscape = false
        let title = title ?? settings.displayName
        for trait in traits {
            switch trait.value {
            case .layout(let given): layout = given
            case .orientation(let turned): landscape = turned
            }
        }
        var size: CGSize
        switch layout {
        case .device: size = Self.previewDevice
        case .fixed(let width, let height): size = CGSize(width: max(2, width.rounded()), height: max(2, height.rounded()))
        case .sizeThatFits: size = Self.fittingSize(of: body())
        }
        if landscape && size.height > size.width { size = CGSize(width: size.height, height: size.width) }
        let stem = file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
        self.init(name: title.map(Self.sceneName(title:)) ?? stem,
                  description: (title.map { "Preview: \($0)" } ?? "Preview") + (line > 0 ? " (\(file), line \(line))" : " (\(file))"),
                  duration: Self.previewDuration, size: size, view: body)
    }

    /// A title as a scene name: lowercased, each run of other characters than letters and digits a `-`.
    static func sceneName(title: String) -> String {
        var name = "", gap = false
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                if gap && !name.isEmpty { name.append("-") }
                name.append(character)
                gap = false
            } else {
                gap = true
            }
        }
        return name.isEmpty ? "preview" : name
    }

    /// The size `view` asks for when offered nothing in particular, rounded up to whole, even points.
    static func fittingSize<V: View>(of view: V) -> CGSize {
        let size = idealSize(of: view)
        func even(_ value: CGFloat) -> CGFloat { max(2, (value / 2).rounded(.up) * 2) }
        return CGSize(width: even(size.width), height: even(size.height))
    }
}
