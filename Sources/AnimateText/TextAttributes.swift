public import AnimateDrawing
public import Foundation

/// Attributes `Text` reads from an `AttributedString`: `foregroundColor`, `backgroundColor` and `font`,
/// set as in SwiftUI: `var s = AttributedString("Hi"); s.foregroundColor = .red`.
public struct AnimateTextAttributes: AttributeScope {
    public let foregroundColor: ForegroundColorAttribute
    public let backgroundColor: BackgroundColorAttribute
    public let font: FontAttribute

    /// The colour of the glyphs.
    public enum ForegroundColorAttribute: AttributedStringKey {
        public typealias Value = Color
        public static let name = "animate.foregroundColor"
    }

    /// A colour filled behind the run.
    public enum BackgroundColorAttribute: AttributedStringKey {
        public typealias Value = Color
        public static let name = "animate.backgroundColor"
    }

    /// The font of the run.
    public enum FontAttribute: AttributedStringKey {
        public typealias Value = Font
        public static let name = "animate.font"
    }
}

extension AttributeScopes {
    /// The attributes animate's `Text` understands.
    public var animate: AnimateTextAttributes.Type { AnimateTextAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AnimateTextAttributes, T>) -> T {
        self[T.self]
    }
}
