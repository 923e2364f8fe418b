public import Foundation

/// How the ends of open stroked subpaths are drawn.
public enum CGLineCap: Sendable, Hashable {
    /// Square end exactly at the endpoint.
    case butt
    /// Semicircle centred on the endpoint.
    case round
    /// Square end extended by half the line width.
    case square
}

/// How the corners of stroked paths are drawn.
public enum CGLineJoin: Sendable, Hashable {
    /// Sharp corner, beveled when longer than the miter limit allows.
    case miter
    /// Circular corner.
    case round
    /// Corner cut straight across.
    case bevel
}

/// Stroke parameters, as SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    /// Longest miter, as a multiple of the line width, before the join is beveled (CoreGraphics default 10).
    public var miterLimit: CGFloat
    /// Alternating on/off lengths in user units; empty for a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the stroke starts.
    public var dashPhase: CGFloat

    /// A stroke style; the defaults are SwiftUI's.
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dash = dash; self.dashPhase = dashPhase
    }
}

/// Fill options, as SwiftUI's `FillStyle`.
public struct FillStyle: Hashable, Sendable {
    /// Even-odd rule when true, non-zero winding otherwise.
    public var isEOFilled: Bool
    /// Anti-aliased edges when true; pixel centres only when false.
    public var isAntialiased: Bool
    /// A fill style; by default non-zero and anti-aliased.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill; isAntialiased = antialiased
    }
    var rule: FillRule { isEOFilled ? .evenOdd : .nonZero }
}
