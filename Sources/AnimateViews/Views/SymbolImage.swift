public import AnimateDrawing
public import AnimateText
public import Foundation

extension Image {
    /// How large a system symbol is beside text of the same font, as SwiftUI's `Image.Scale`.
    public enum Scale: Sendable, Hashable {
        case small, medium, large

        /// The symbol's side against the font's size.
        var factor: CGFloat {
            switch self {
            case .small: 0.8
            case .medium: 1
            case .large: 1.3
            }
        }
    }

    /// The symbol drawn in `mode` (`.multicolor` gives the colours SF Symbols give the weather
    /// and a few others; the other modes draw the stand-in's one layer in the first foreground style).
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        modified(environment: { if let mode { $0.symbolRenderingMode = mode } })
    }
}

/// How a symbol's layers are coloured, as SwiftUI's `SymbolRenderingMode`.
public struct SymbolRenderingMode: Sendable, Hashable {
    let name: String
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    public static let palette = SymbolRenderingMode(name: "palette")
}

/// The variant of a symbol a view's symbols are drawn in (`.fill` turns "heart" into
/// "heart.fill"), as SwiftUI's `SymbolVariants`; a variant the symbol lacks leaves it as named.
public struct SymbolVariants: Sendable, Hashable {
    /// Name parts in SF Symbols' order: the slash, the enclosing shape, the fill.
    var slashed = false
    var shape: String?
    var filled = false

    public static let none = SymbolVariants()
    public static let fill = SymbolVariants(filled: true)
    public static let circle = SymbolVariants(shape: "circle")
    public static let square = SymbolVariants(shape: "square")
    public static let rectangle = SymbolVariants(shape: "rectangle")
    public static let slash = SymbolVariants(slashed: true)

    public var fill: SymbolVariants { var v = self; v.filled = true; return v }
    public var circle: SymbolVariants { var v = self; v.shape = "circle"; return v }
    public var square: SymbolVariants { var v = self; v.shape = "square"; return v }
    public var rectangle: SymbolVariants { var v = self; v.shape = "rectangle"; return v }
    public var slash: SymbolVariants { var v = self; v.slashed = true; return v }

    /// `name` in this variant, if the variant has a stand-in.
    func apply(to name: String) -> String {
        var parts = name
        if slashed, !parts.contains(".slash") { parts += ".slash" }
        if let shape, !parts.contains(".\(shape)") { parts += ".\(shape)" }
        if filled, !parts.hasSuffix(".fill") { parts += ".fill" }
        return parts != name && SystemSymbol.hasStandIn(parts) ? parts : name
    }
}

struct ImageScaleKey: EnvironmentKey { static var defaultValue: Image.Scale { .medium } }
struct SymbolRenderingModeKey: EnvironmentKey { static var defaultValue: SymbolRenderingMode? { nil } }
struct SymbolVariantsKey: EnvironmentKey { static var defaultValue: SymbolVariants { .none } }

extension EnvironmentValues {
    /// How large the symbols in a view are beside its text.
    public var imageScale: Image.Scale {
        get { self[ImageScaleKey.self] }
        set { self[ImageScaleKey.self] = newValue }
    }

    /// How the symbols in a view colour their layers.
    public var symbolRenderingMode: SymbolRenderingMode? {
        get { self[SymbolRenderingModeKey.self] }
        set { self[SymbolRenderingModeKey.self] = newValue }
    }

    /// The variant the symbols in a view are drawn in.
    public var symbolVariants: SymbolVariants {
        get { self[SymbolVariantsKey.self] }
        set { self[SymbolVariantsKey.self] = newValue }
    }
}

extension View {
    /// The symbols in the view drawn at `scale` against their font.
    public func imageScale(_ scale: Image.Scale) -> some View { modified(environment: { $0.imageScale = scale }) }

    /// The symbols in the view colour their layers as `mode` says.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        modified(environment: { if let mode { $0.symbolRenderingMode = mode } })
    }

    /// The symbols in the view drawn in `variant` where they have it.
    public func symbolVariant(_ variant: SymbolVariants) -> some View {
        modified(environment: { $0.symbolVariants = variant })
    }

    /// A palette of styles for the symbols in the view: the first fills them (the stand-ins are
    /// one layer) and the view's other content.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        foregroundStyle(primary)
    }

    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3) -> some View {
        foregroundStyle(primary)
    }
}

/// A system symbol as a view: a square as large as the font's size times the image scale (or the
/// space offered, when resizable), filled with the foreground style.
final class SymbolNode: ViewNode {
    let symbol: SystemSymbol
    let side: CGFloat
    let isResizable: Bool
    let style: (any ShapeStyle)?

    init(image: Image, symbol: SystemSymbol, environment: EnvironmentValues) {
        let name = environment.symbolVariants.apply(to: symbol.name)
        self.symbol = name == symbol.name ? symbol : SystemSymbol.named(name)
        side = (environment.font ?? .body).size * environment.imageScale.factor
        isResizable = image.isResizable
        let multicolor = environment.symbolRenderingMode == .multicolor ? SymbolNode.multicolor(name) : nil
        style = multicolor ?? environment.defaultForeground
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let own = CGSize(width: side, height: side)
        return isResizable ? proposal.replacingUnspecifiedDimensions(by: own) : own
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        symbol.draw(in: rect, shading: (style ?? Color.black).shading(in: rect), context: context)
    }

    /// The colour SF Symbols' multicolour rendering gives a symbol whose stand-in is one layer
    /// (its most visible layer's colour), nil for those drawn in the foreground style.
    static func multicolor(_ name: String) -> Color? {
        let base = name.split(separator: ".").first.map(String.init) ?? name
        switch base {
        case "sun", "sunrise", "sunset", "bolt", "lightbulb", "star": return .yellow
        case "flame": return .orange
        case "drop", "snowflake", "cloud", "wind": return name.hasPrefix("cloud.sun") || name.hasPrefix("cloud.bolt") ? .yellow : .cyan
        case "leaf", "tree", "checkmark": return .green
        case "heart", "xmark", "trash": return name.hasSuffix(".fill") ? .red : nil
        case "exclamationmark": return name.contains("triangle") ? .yellow : .red
        default: return nil
        }
    }
}
