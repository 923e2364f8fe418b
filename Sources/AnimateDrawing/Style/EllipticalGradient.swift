public import Foundation

/// A radial gradient stretched to the drawn bounds, as SwiftUI's `EllipticalGradient`: radii are
/// fractions of the bounds' size, so 0.5 reaches the middle of each side from the centre.
public struct EllipticalGradient: ShapeStyle, Hashable {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startRadiusFraction: CGFloat
    public var endRadiusFraction: CGFloat

    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient
        self.center = center
        self.startRadiusFraction = startRadiusFraction
        self.endRadiusFraction = endRadiusFraction
    }

    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }

    public func shading(in bounds: CGRect) -> GraphicsContext.Shading {
        // An ellipse the size of the bounds, centred on `center`; its half-size is radius fraction 0.5.
        let c = center.point(in: bounds)
        let ellipse = CGRect(x: c.x - bounds.width, y: c.y - bounds.height, width: 2 * bounds.width, height: 2 * bounds.height)
        return .ellipticalGradient(gradient, in: ellipse, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}
