public import Foundation

extension GraphicsContext {
    /// What fills or strokes a shape, as SwiftUI's `GraphicsContext.Shading`.
    ///
    /// Gradient geometry is in the context's user space at the time of drawing, so it follows the transform.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case color(Color)
            case linear(Gradient, start: CGPoint, end: CGPoint)
            case radial(Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat)
            case conic(Gradient, center: CGPoint, angle: Angle)
            case elliptical(Gradient, rect: CGRect, startFraction: CGFloat, endFraction: CGFloat)
            case style(any ShapeStyle)
            /// An image stretched over a rectangle of user space.
            case image(Image, rect: CGRect)
        }
        let kind: Kind

        /// A solid colour.
        public static func color(_ color: Color) -> Shading { Shading(kind: .color(color)) }

        /// `image` stretched over `rect` (user space), sampled as images are drawn.
        package static func image(_ image: Image, in rect: CGRect) -> Shading { Shading(kind: .image(image, rect: rect)) }

        /// The context's foreground style: the primary content colour (black), as SwiftUI's in light mode.
        public static var foreground: Shading { .color(.primary) }

        /// A solid colour from sRGB components.
        public static func color(red: Double, green: Double, blue: Double, opacity: Double = 1) -> Shading {
            .color(Color(red: red, green: green, blue: blue, opacity: opacity))
        }

        /// A linear gradient from `startPoint` (location 0) to `endPoint` (location 1), padded beyond.
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .linear(options.applied(to: gradient), start: startPoint, end: endPoint))
        }

        /// A radial gradient: location 0 at `startRadius` from `center`, 1 at `endRadius`.
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .radial(options.applied(to: gradient), center: center, startRadius: startRadius, endRadius: endRadius))
        }

        /// A conic (angular) gradient around `center`: location 0 at `angle`, increasing with the
        /// angle (clockwise on screen) to 1 after a full turn.
        public static func conicGradient(_ gradient: Gradient, center: CGPoint, angle: Angle = .zero,
                                         options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .conic(options.applied(to: gradient), center: center, angle: angle))
        }

        /// An elliptical gradient, SwiftUI's `EllipticalGradient` look: a radial gradient stretched to
        /// fill `rect`; location 0 at `startRadiusFraction` and 1 at `endRadiusFraction` of the half-size.
        public static func ellipticalGradient(_ gradient: Gradient, in rect: CGRect,
                                              startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 1,
                                              options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .elliptical(options.applied(to: gradient), rect: rect, startFraction: startRadiusFraction,
                                      endFraction: endRadiusFraction))
        }
    }

    /// How a gradient shading mixes its colours, as SwiftUI's `GradientOptions`.
    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Repeat the gradient beyond its ends (linear, radial and elliptical gradients).
        public static let `repeat` = GradientOptions(rawValue: 1 << 0)
        /// Repeat the gradient beyond its ends, every other time reversed.
        public static let mirror = GradientOptions(rawValue: 1 << 1)
        /// Mix colours in linear light (brighter, more even midpoints between saturated colours)
        /// instead of sRGB-encoded values.
        public static let linearColor = GradientOptions(rawValue: 1 << 2)

        func applied(to gradient: Gradient) -> Gradient {
            var g = gradient
            g.mixesInLinearLight = contains(.linearColor)
            g.spread = contains(.mirror) ? .mirror : contains(.repeat) ? .repeating : .pad
            return g
        }
    }
}
