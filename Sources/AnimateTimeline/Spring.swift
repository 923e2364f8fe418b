import AnimateMath
import Foundation

/// A damped spring moving from 0 to 1, parameterised as SwiftUI's `spring(response:dampingFraction:)`:
/// `response` is the period of the undamped oscillation in seconds, `dampingFraction` 0 (never
/// settles) ... 1 (critically damped) ... above 1 (overdamped).
public struct Spring: Sendable, Hashable {
    public var response: Double
    public var dampingFraction: Double

    /// A spring; the defaults are SwiftUI's (0.55 s, 0.825).
    public init(response: Double = 0.55, dampingFraction: Double = 0.825) {
        self.response = max(response, 1e-6)
        self.dampingFraction = max(dampingFraction, 0)
    }

    /// Position at `t` seconds after release from 0 towards 1, starting at rest.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let omega = 2 * Double.pi / response
        let zeta = dampingFraction
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            return 1 - PortableMath.exp(-zeta * omega * t) * (PortableMath.cos(wd * t) + zeta * omega / wd * PortableMath.sin(wd * t))
        } else if zeta == 1 {
            return 1 - PortableMath.exp(-omega * t) * (1 + omega * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - s), r2 = -omega * (zeta + s)
            // x(t) = 1 + A e^{r1 t} + B e^{r2 t}, x(0) = 0, x'(0) = 0.
            let a = r2 / (r1 - r2), b = -r1 / (r1 - r2)
            return 1 + a * PortableMath.exp(r1 * t) + b * PortableMath.exp(r2 * t)
        }
    }

    /// Seconds until the spring stays within 0.1% of its target.
    public var settlingDuration: Double {
        let omega = 2 * Double.pi / response
        let decay = dampingFraction <= 1 ? dampingFraction * omega : omega * (dampingFraction - (dampingFraction * dampingFraction - 1).squareRoot())
        return decay > 0 ? min(PortableMath.log(1000) / decay + response * 0.25, 60) : 60
    }
}
