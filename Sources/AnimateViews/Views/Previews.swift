import AnimateDrawing
public import Foundation

/// Xcode's previews, as SwiftUI's `PreviewProvider`: pasted code that declares them compiles;
/// `previews` is a view like any other (a scene can show it).
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// How a preview is laid out: a phone's screen, the size its view asks for, or a fixed size.
public enum PreviewLayout: Sendable {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device a preview imitates (accepted).
public struct PreviewDevice: Sendable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

extension View {
    /// The preview laid out as `layout` says (a `PreviewProvider`'s scene takes its size from it).
    public func previewLayout(_ layout: PreviewLayout) -> some View { PreviewSettings(content: self, layout: layout) }
    /// The preview named `name` (its scene is named after it, as a `#Preview` title).
    public func previewDisplayName(_ name: String?) -> some View { PreviewSettings(content: self, displayName: name) }
    public func previewDevice(_ device: PreviewDevice?) -> Self { self }
}

/// What a preview's modifiers say of its scene: its layout and name.
package protocol PreviewSettingsCarrier {
    var previewLayout: PreviewLayout? { get }
    var previewDisplayName: String? { get }
    /// The view the settings were given to.
    var previewContent: any View { get }
}

/// A view with preview settings: drawn as its content.
struct PreviewSettings<Content: View>: View, PreviewSettingsCarrier {
    let content: Content
    var layout: PreviewLayout?
    var displayName: String?

    var body: some View { content }
    var previewLayout: PreviewLayout? { layout }
    var previewDisplayName: String? { displayName }
    var previewContent: any View { content }
}

/// The layout and name a preview's view carries through its preview modifiers (the outermost one
/// of each).
package func previewSettings(of view: any View) -> (layout: PreviewLayout?, displayName: String?) {
    var layout: PreviewLayout?, name: String?
    var current: any View = view
    while let carrier = current as? any PreviewSettingsCarrier {
        layout = layout ?? carrier.previewLayout
        name = name ?? carrier.previewDisplayName
        current = carrier.previewContent
    }
    return (layout, name)
}
