import AnimateMath
public import AnimateDrawing
import AnimateFormula
public import Foundation
import AnimateText

/// A polar coordinate plane (Manim's PolarPlane): circles at every radius step, rays at every
/// angle step, the angles written round the outside (in degrees or as fractions of π). Points map
/// both ways between (r, θ) and the canvas; θ is counter-clockwise from the right, as in a lesson.
public struct PolarPlane: Sendable {
    public var center: CGPoint
    /// The largest radius shown, in the plane's units, and its length on the canvas.
    public var maxRadius: Double
    public var size: CGFloat
    public var radiusStep: Double = 1
    /// The angle between rays, in radians.
    public var angleStep: Double = .pi / 6
    /// Angles written as fractions of π (else in degrees).
    public var usesRadians = true
    public var color = Color(red: 0.16, green: 0.67, blue: 0.79)
    public var lineWidth: CGFloat = 2
    public var fontSize: CGFloat = 24

    /// A plane of radius `maxRadius` drawn `size` points across from its centre out.
    public init(maxRadius: Double = 3, center: CGPoint, size: CGFloat) {
        self.maxRadius = maxRadius
        self.center = center
        self.size = size
    }

    var scale: CGFloat { size / CGFloat(max(maxRadius, .leastNormalMagnitude)) }

    /// The canvas point at radius `r` and angle `theta` (radians).
    public func point(r: Double, theta: Double) -> CGPoint {
        center + CGPoint(x: CGFloat(r * Foundation.cos(theta)), y: -CGFloat(r * Foundation.sin(theta))) * scale
    }

    /// The radius and angle (in -π...π) of a canvas point.
    public func coordinates(of p: CGPoint) -> (r: Double, theta: Double) {
        let d = (p - center) * (1 / scale)
        return (Double(d.length), Double(atan2(-d.y, d.x)))
    }

    /// r = f(θ) on this plane, sampled to a quarter pixel.
    public func plot(over theta: ClosedRange<Double> = 0...(2 * .pi), tolerance: CGFloat = 0.25, _ r: @escaping (Double) -> Double) -> Path {
        let sampler = CurveSampler(curve: { θ in
            let radius = r(θ)
            return radius.isFinite ? point(r: radius, theta: θ) : nil
        }, domain: theta, tolerance: tolerance)
        var path = Path()
        for line in sampler.polylines(over: theta) { path.addLines(line) }
        return path
    }

    /// An angle as TeX: "30^\circ", or a reduced fraction of π ("\frac{\pi}{6}", "\pi", "\frac{3\pi}{2}").
    package func label(_ angle: Double) -> String {
        if !usesRadians { return Axes.number((angle * 180 / .pi * 1e6).rounded() / 1e6) + #"^\circ"# }
        // A fraction of π with a denominator up to 24.
        for q in 1...24 {
            let p = angle / .pi * Double(q)
            if abs(p - p.rounded()) < 1e-9 {
                let n = Int(p.rounded())
                if n == 0 { return "0" }
                let top = n == 1 ? #"\pi"# : "\(n)\\pi"
                return q == 1 ? top : "\\frac{\(top)}{\(q)}"
            }
        }
        return Axes.number(angle)
    }
}

extension GraphicsContext {
    /// Draws the circles, the rays and the angles round the outside.
    public func draw(_ plane: PolarPlane) {
        guard plane.size.isFinite, plane.size > 0, plane.maxRadius > 0 else { return }
        var lines = Path()
        let step = plane.radiusStep > 0 && plane.radiusStep.isFinite ? plane.radiusStep : 1
        var r = step
        var rings = 0
        while r <= plane.maxRadius * (1 + 1e-9) && rings < 1000 {
            let radius = CGFloat(r) * plane.scale
            lines.addEllipse(in: CGRect(x: plane.center.x - radius, y: plane.center.y - radius, width: 2 * radius, height: 2 * radius))
            r += step
            rings += 1
        }
        let angleStep = plane.angleStep > 0 && plane.angleStep.isFinite ? plane.angleStep : .pi / 6
        let rays = min(Int((2 * .pi / angleStep - 1e-9).rounded(.up)), 720)
        for k in 0..<rays {
            lines.move(to: plane.center)
            lines.addLine(to: plane.point(r: plane.maxRadius, theta: Double(k) * angleStep))
        }
        stroke(lines, with: .color(plane.color), lineWidth: plane.lineWidth)
        for k in 0..<rays {
            let theta = Double(k) * angleStep
            let p = plane.point(r: plane.maxRadius, theta: theta)
            let out = (p - plane.center).normalized
            draw(Formula(plane.label(theta)).inline().font(.system(size: plane.fontSize)).foregroundColor(plane.color),
                 at: p + out * (plane.fontSize * 0.4), anchor: UnitPoint(x: 0.5 - out.x / 2, y: 0.5 - out.y / 2))
        }
    }
}
