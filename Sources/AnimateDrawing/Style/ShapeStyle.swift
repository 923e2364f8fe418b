public import Foundation

/// A colour or gradient that fills a shape, as SwiftUI's `ShapeStyle`: `Color`, `LinearGradient`,
/// `RadialGradient`, `AngularGradient` and `EllipticalGradient`. Gradient geometry given in unit
/// points is laid over the bounds of what is drawn (the path, or the whole text), as in SwiftUI.
///
/// Use one where a shading is expected with `.style(_:)`:
/// `context.fill(path, with: .style(.linearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)))`.
public protocol ShapeStyle: Sendable {
    /// The shading this style paints over `bounds` (user space).
    func shading(in bounds: CGRect) -> GraphicsContext.Shading
}

extension Color: ShapeStyle {
    public func shading(in bounds: CGRect) -> GraphicsContext.Shading { .color(self) }
}

extension GraphicsContext.Shading {
    /// A shape style (a colour or a gradient value) laid over the bounds of what is drawn.
    public static func style(_ style: some ShapeStyle) -> GraphicsContext.Shading {
        GraphicsContext.Shading(kind: .style(style))
    }

    /// This shading with its shape style, if it has one, laid over `bounds` (user space).
    public func resolved(in bounds: CGRect) -> GraphicsContext.Shading {
        guard case .style(let style) = kind else { return self }
        let shading = style.shading(in: bounds)
        if case .style = shading.kind { return .color(.black) }
        return shading
    }

    var isStyle: Bool {
        if case .style = kind { return true }
        return false
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient from `startPoint` to `endPoint` of the drawn bounds.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }

    /// A linear gradient of evenly spaced colours.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }

    /// A linear gradient of colour stops.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient around `center` of the drawn bounds, radii in points.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// A radial gradient of evenly spaced colours.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient around `center` of the drawn bounds, from `startAngle` to `endAngle`.
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// An angular gradient of evenly spaced colours.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A full turn of `gradient` starting at `angle`.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    /// An elliptical gradient filling the drawn bounds around `center`.
    public static func ellipticalGradient(_ gradient: Gradient, center: UnitPoint = .center,
                                          startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction,
                           endRadiusFraction: endRadiusFraction)
    }
}
