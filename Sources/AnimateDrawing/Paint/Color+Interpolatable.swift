public import Foundation
public import AnimateTimeline

extension Color: Interpolatable {
    /// Blends in OKLab, a perceptually uniform space, so midpoints keep their lightness and
    /// red-to-green does not pass through muddy brown; opacity blends linearly.
    public static func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        let la = OKLab(a), lb = OKLab(b)
        let mixed = OKLab(l: .interpolate(la.l, lb.l, t), a: .interpolate(la.a, lb.a, t), b: .interpolate(la.b, lb.b, t))
        return mixed.color(opacity: .interpolate(a.opacity, b.opacity, t))
    }
}
