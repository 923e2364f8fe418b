import Animate
import Foundation

/// The derivative as the slope of a tangent: a secant through two points of the curve closes in
/// as Δx shrinks until it is the tangent, then the tangent rides along the curve with its slope
/// read out and drawn as rise over a run of one, and the derivative's formula written.
let tangentSlope = Scene(name: "tangent-slope", description: "The derivative as a slope: a secant closing in to the tangent, which then rides the curve",
                         background: Color(red: 0.98, green: 0.97, blue: 0.94), tail: 0.5) { s in
    let ink = Color(white: 0.15), curve = Color(hex: 0x00798C), secantColour = Color(hex: 0xD1495B), rise = Color(hex: 0xD2691E)
    let axes = {
        var axes = Axes(x: -0.5...4.5, y: -0.5...4, in: CGRect(x: 120, y: 150, width: 1100, height: 800))
        axes.xLabel = "x"
        axes.yLabel = "y"
        axes.color = ink
        return axes
    }()
    let f: @Sendable (Double) -> Double = { 0.3 * pow($0 - 2, 3) - 0.8 * ($0 - 2) + 2 }
    let slope: @Sendable (Double) -> Double = { 0.9 * pow($0 - 2, 2) - 0.8 }
    let frame = s.add(axes)
    let graph = s.add(axes.plot(f), stroke: curve, lineWidth: 5)
    let name = s.add(Formula(#"f(x) = 0.3(x-2)^3 - 0.8(x-2) + 2"#).font(.system(size: 40)).foregroundColor(curve), at: CGPoint(x: 1560, y: 200))
    let x = s.tracker(0.6), dx = s.tracker(1.8)
    let secant = s.add(visible: false) { context, values in
        let x0 = values[x], h = values[dx]
        let line = h > 0.02 ? axes.secant(of: f, from: x0, dx: h, extent: 160) : axes.tangent(to: f, at: x0, length: 700)
        context.stroke(line, with: .color(secantColour), lineWidth: 4)
        let p = axes.point(x0, f(x0)), q = axes.point(x0 + h, f(x0 + h))
        if h > 0.02 {
            // Δx and Δy as the legs of a right triangle.
            let corner = CGPoint(x: q.x, y: p.y)
            context.stroke(Path { $0.move(to: p); $0.addLine(to: corner); $0.addLine(to: q) }, with: .color(ink.opacity(0.6)),
                           style: StrokeStyle(lineWidth: 2, dash: [8, 6]))
            context.fill(Dot(at: q, radius: 8).path, with: .color(secantColour))
        }
        context.fill(Dot(at: p, radius: 9).path, with: .color(secantColour))
    }
    let quotient = s.add(visible: false) { context, values in
        let x0 = values[x], h = values[dx]
        let m = h > 0.02 ? (f(x0 + h) - f(x0)) / h : slope(x0)
        let tex = h > 0.02 ? String(format: #"\frac{\Delta y}{\Delta x} = \frac{%.2f}{%.2f} = %.2f"#, f(x0 + h) - f(x0), h, m)
                           : String(format: #"f'(%.2f) = %.2f"#, x0, m)
        context.draw(Formula(tex).font(.system(size: 44)).foregroundColor(ink), at: CGPoint(x: 1560, y: 420))
    }
    let derivative = s.add(Formula(#"f'(x) = 0.9(x-2)^2 - 0.8"#).font(.system(size: 40)).foregroundColor(secantColour), at: CGPoint(x: 1560, y: 600))
    // The slope as rise over a run of one, riding with the tangent.
    let triangle = s.add(visible: false) { context, values in
        let x0 = values[x], m = slope(x0)
        let p = axes.point(x0, f(x0)), run = axes.point(x0 + 1, f(x0)), top = axes.point(x0 + 1, f(x0) + m)
        context.stroke(Path { $0.move(to: p); $0.addLine(to: run) }, with: .color(ink), lineWidth: 3)
        context.stroke(Path { $0.move(to: run); $0.addLine(to: top) }, with: .color(rise), lineWidth: 5)
        context.draw(Formula("1").font(.system(size: 32)).foregroundColor(ink), at: (p + run) * 0.5 + CGPoint(x: 0, y: 10), anchor: .top)
        context.draw(Formula(String(format: "%.2f", m)).font(.system(size: 32)).foregroundColor(rise), at: (run + top) * 0.5 + CGPoint(x: 12, y: 0), anchor: .leading)
    }
    s.play(.create(frame), duration: 1.2)
    s.play(.create(graph), .write(name), duration: 1.2)
    s.play(.fadeIn(secant), .fadeIn(quotient), duration: 0.6)
    s.play(.set(dx, to: 0), duration: 2.5, easing: .easeIn)
    s.play(.fadeIn(triangle), duration: 0.5)
    s.play(.set(x, to: 3.6), duration: 3)
    s.play(.set(x, to: 2), .write(derivative), duration: 1.2)
    s.play(.circumscribe(derivative, color: secantColour))
}
