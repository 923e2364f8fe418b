import AnimateDrawing
public import Foundation

/// Xcode's previews, as SwiftUI's `PreviewProvider`: pasted code that declares them compiles;
/// `previews` is a view like any other (a scene can show it).
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// How a preview is laid out (accepted: a scene lays its view out in its own size).
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
    public func previewLayout(_ layout: PreviewLayout) -> Self { self }
    public func previewDisplayName(_ name: String?) -> Self { self }
    public func previewDevice(_ device: PreviewDevice?) -> Self { self }
}
