extension GraphicsContext {
    /// Options of `addFilter(_:options:)`, as SwiftUI's; accepted for source compatibility.
    public struct FilterOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Colour filters compute in linear light in SwiftUI; here in sRGB-encoded values, as drawing.
        public static let linearColor = FilterOptions(rawValue: 1)
    }

    /// Options of a blur, as SwiftUI's.
    public struct BlurOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Treat the area outside the drawing as its nearest edge instead of transparent, so the
        /// blur does not fade out at the frame's edges.
        public static let opaque = BlurOptions(rawValue: 1)
        /// Accepted; the result is 8-bit premultiplied like every pixel.
        public static let dithersResult = BlurOptions(rawValue: 2)
    }

    /// Options of a shadow, as SwiftUI's.
    public struct ShadowOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Draw the shadow above what casts it instead of below.
        public static let shadowAbove = ShadowOptions(rawValue: 1)
        /// Draw only the shadow.
        public static let shadowOnly = ShadowOptions(rawValue: 2)
        /// Invert the shadow's alpha: with `shadowOnly` or `shadowAbove`, an inner shadow.
        public static let invertsShadow = ShadowOptions(rawValue: 4)
        /// Accepted for source compatibility.
        public static let disablesGroup = ShadowOptions(rawValue: 8)
    }
}
