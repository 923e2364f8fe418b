public import Foundation

/// A gradient around a unit point of the drawn bounds, as SwiftUI's `AngularGradient`: location 0
/// at `startAngle`, 1 at `endAngle`, clockwise on screen. When the two are less than a turn apart,
/// the gap beyond is split at its middle between the last colour and the first.
public struct AngularGradient: ShapeStyle, Hashable {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startAngle: Angle
    public var endAngle: Angle

    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        // SwiftUI's default (both zero) is a full turn.
        self.endAngle = startAngle == endAngle ? Angle(radians: startAngle.radians + 2 * .pi) : endAngle
    }

    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A full turn starting at `angle`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: Angle(radians: angle.radians + 2 * .pi))
    }

    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    public func shading(in bounds: CGRect) -> GraphicsContext.Shading {
        let c = center.point(in: bounds)
        let turn = 2 * Double.pi
        let span = endAngle.radians - startAngle.radians
        let stops = gradient.resolvedStops
        guard span.isFinite, span > 0, span < turn, let first = stops.first, let last = stops.last else {
            return .conicGradient(gradient, center: c, angle: startAngle)
        }
        // The gradient squeezed into the span, then the gap: last colour to its middle, first colour after.
        let share = span / turn, middle = share + (1 - share) / 2
        var squeezed = stops.map { Gradient.Stop(color: $0.color, location: $0.location * share) }
        squeezed.append(Gradient.Stop(color: last.color, location: middle))
        squeezed.append(Gradient.Stop(color: first.color, location: middle))
        squeezed.append(Gradient.Stop(color: first.color, location: 1))
        var g = gradient
        g.stops = squeezed
        return .conicGradient(g, center: c, angle: startAngle)
    }
}
