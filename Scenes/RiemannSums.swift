import Animate
import Foundation

/// The area under a curve approached by rectangles: 4, 8, 16 and 64 strips under f, each sum
/// written beside the picture, then the exact area, braced and named as an integral.
let riemannSums = Scene(name: "riemann-sums", description: "The area under a curve approached by 4, 8, 16 and 64 rectangles, then the integral",
                        background: Color(red: 0.98, green: 0.97, blue: 0.94), tail: 0.5) { s in
    let ink = Color(white: 0.15), curve = Color(hex: 0xD1495B), strips = Color(hex: 0x00798C)
    let axes = {
        var axes = Axes(x: 0...4.2, y: 0...3.2, in: CGRect(x: 160, y: 200, width: 1080, height: 720))
        axes.xLabel = "x"
        axes.color = ink
        return axes
    }()
    let f: @Sendable (Double) -> Double = { 1.6 + sin(1.5 * $0) }
    let a = 0.5, b = 3.5
    let frame = s.add(visible: false) { context, _ in context.draw(axes) }
    let graph = s.add(axes.plot(over: 0...4.2, f), stroke: curve, lineWidth: 5)
    let name = s.add(Formula(#"f(x) = 1.6 + \sin 1.5x"#).font(.system(size: 44)).foregroundColor(curve), at: CGPoint(x: 1560, y: 260))
    // Each sum of rectangles as a group, with its value written out.
    let counts = [4, 8, 16, 64]
    let pieces = counts.map { n in
        axes.riemannRectangles(for: f, over: a...b, count: n, sample: .midpoint).map {
            s.add(Path($0), fill: strips.opacity(0.45), stroke: strips, lineWidth: n > 16 ? 1 : 2)
        }
    }
    let values = counts.map { n in
        let dx = (b - a) / Double(n)
        let total = (0..<n).reduce(0.0) { $0 + f(a + (Double($1) + 0.5) * dx) * dx }
        return s.add(Formula(String(format: #"\sum_{k=1}^{%d} f(x_k)\,\Delta x = %.4f"#, n, total)).font(.system(size: 40)).foregroundColor(ink),
                     at: CGPoint(x: 1560, y: 480))
    }
    let exact = 1.6 * (b - a) + (cos(1.5 * a) - cos(1.5 * b)) / 1.5
    let area = s.add(axes.area(under: f, over: a...b), fill: strips.opacity(0.55))
    let brace = Brace(from: axes.point(a, 0) + CGPoint(x: 0, y: 52), to: axes.point(b, 0) + CGPoint(x: 0, y: 52))
    let braced = s.add(brace.path, fill: ink)
    let integral = s.add(Formula(String(format: #"\int_{%.1f}^{%.1f} f(x)\,dx = %.4f"#, a, b, exact)).font(.system(size: 44)).foregroundColor(ink),
                         at: CGPoint(x: 1560, y: 680))
    s.place(integral, .bottom, of: braced, gap: 12)

    s.play(.fadeIn(frame), .create(graph), duration: 1.2)
    s.play(.write(name))
    s.play(lagged: 0.15, pieces[0].map { .grow($0) }, duration: 0.6)
    var sum = s.group(pieces[0])
    s.play(.write(values[0]))
    s.wait(0.4)
    for k in 1..<counts.count {
        let next = s.group(pieces[k])
        s.play(.transform(sum, into: next), .transformMatching(values[k - 1], into: values[k]), duration: 0.8)
        sum = next
        s.wait(0.4)
    }
    s.play(.fadeOut(sum), .fadeIn(area), .create(braced), duration: 0.8)
    s.play(.write(integral))
    s.play(.circumscribe(integral, color: curve))
}
