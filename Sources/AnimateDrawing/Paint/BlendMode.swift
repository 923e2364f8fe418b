/// How drawn colour combines with what is already there, as SwiftUI's `GraphicsContext.BlendMode`.
///
/// Colours blend in sRGB-encoded values, as CoreGraphics and SwiftUI do by default.
public enum BlendMode: Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
    case softLight, hardLight, difference, exclusion
    case hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn
    case destinationOut, destinationAtop, xor, plusDarker, plusLighter
}
