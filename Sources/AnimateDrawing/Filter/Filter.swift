import AnimateMath
public import Foundation

extension GraphicsContext {
    /// An effect on what a context draws after `addFilter(_:)`, as SwiftUI's `GraphicsContext.Filter`.
    /// Radii and offsets are in the context's user space.
    public struct Filter: Sendable {
        enum Kind: Sendable {
            case shadow(color: Color, radius: CGFloat, x: CGFloat, y: CGFloat, blendMode: BlendMode, options: ShadowOptions)
            case blur(radius: CGFloat, options: BlurOptions)
            case matrix(ColorMatrix)
            case alphaThreshold(min: Double, max: Double, color: Color)
        }
        let kind: Kind

        /// A shadow of what is drawn: its alpha blurred by `radius`, tinted with `color`, moved by (`x`, `y`).
        public static func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0,
                                  blendMode: BlendMode = .normal, options: ShadowOptions = ShadowOptions()) -> Filter {
            Filter(kind: .shadow(color: color, radius: radius, x: x, y: y, blendMode: blendMode, options: options))
        }

        /// A Gaussian blur whose standard deviation is `radius`.
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            Filter(kind: .blur(radius: radius, options: options))
        }

        /// Each colour multiplied by `color` (component by component, opacity too).
        public static func colorMultiply(_ color: Color) -> Filter {
            let c = color
            return colorMatrix(ColorMatrix([Float(c.red), 0, 0, 0, 0], [0, Float(c.green), 0, 0, 0],
                                           [0, 0, Float(c.blue), 0, 0], [0, 0, 0, Float(c.opacity), 0]))
        }

        /// Hue turned by `angle` around the colour wheel, keeping luminance (W3C `hueRotate`).
        public static func hueRotation(_ angle: Angle) -> Filter {
            let c = Float(PortableMath.cos(angle.radians)), s = Float(PortableMath.sin(angle.radians))
            return colorMatrix(ColorMatrix(
                [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0],
                [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0],
                [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0],
                [0, 0, 0, 1, 0]))
        }

        /// Saturation scaled by `amount` (0: grey, 1: unchanged, above 1: more vivid), as W3C `saturate`.
        public static func saturation(_ amount: Double) -> Filter {
            let s = Float(amount)
            return colorMatrix(ColorMatrix(
                [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0],
                [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0],
                [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0],
                [0, 0, 0, 1, 0]))
        }

        /// `amount` (-1...1) added to each colour component.
        public static func brightness(_ amount: Double) -> Filter {
            let b = Float(amount)
            return colorMatrix(ColorMatrix([1, 0, 0, 0, b], [0, 1, 0, 0, b], [0, 0, 1, 0, b], [0, 0, 0, 1, 0]))
        }

        /// Contrast around middle grey scaled by `amount` (0: all grey, 1: unchanged).
        public static func contrast(_ amount: Double) -> Filter {
            let k = Float(amount), o = 0.5 * (1 - Float(amount))
            return colorMatrix(ColorMatrix([k, 0, 0, 0, o], [0, k, 0, 0, o], [0, 0, k, 0, o], [0, 0, 0, 1, 0]))
        }

        /// Colour taken `amount` (0...1) of the way to its grey of equal luminance.
        public static func grayscale(_ amount: Double) -> Filter { saturation(1 - min(max(amount, 0), 1)) }

        /// Colours inverted, `amount` (0...1) of the way.
        public static func colorInvert(_ amount: Double = 1) -> Filter {
            let k = Float(min(max(amount, 0), 1)), d = 1 - 2 * k
            return colorMatrix(ColorMatrix([d, 0, 0, 0, k], [0, d, 0, 0, k], [0, 0, d, 0, k], [0, 0, 0, 1, 0]))
        }

        /// Luminance becomes alpha over black: dark areas transparent, light ones opaque.
        public static var luminanceToAlpha: Filter {
            colorMatrix(ColorMatrix([0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0.2125, 0.7154, 0.0721, 0, 0]))
        }

        /// Pixels whose alpha is within `min...max` become `color`; the rest transparent. After a
        /// blur, the "gooey" metaball look.
        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = .black) -> Filter {
            Filter(kind: .alphaThreshold(min: min, max: max, color: color))
        }

        /// Any colour matrix.
        public static func colorMatrix(_ matrix: ColorMatrix) -> Filter { Filter(kind: .matrix(matrix)) }
    }

    /// Applies `filter` to everything this context (and copies made from it afterwards) draws from
    /// now on. Each drawing operation is drawn alone, filtered, then composited with the context's
    /// opacity, blend mode and clip. As in SwiftUI, the filter added last applies first.
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        filters.append(filter)
    }
}
