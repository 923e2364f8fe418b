import Animate

/// The unit circle drawing the sine wave: a point turns once round the circle while its height is
/// carried across to axes on the right, where the curve of sin θ is traced out.
let unitCircle = Scene(name: "unit-circle", description: "The unit circle tracing sin θ: a turning point's height drawn out as a wave",
                       background: Color(red: 0.98, green: 0.97, blue: 0.94), tail: 0.5) { s in
    let r: CGFloat = 200, center = CGPoint(x: 380, y: 560)
    let ink = Color(white: 0.15), accent = Color(hex: 0xD1495B), wave = Color(hex: 0x00798C)
    let axes = {
        var axes = Axes(x: 0...(2 * .pi), y: -1.25...1.25, in: CGRect(x: 700, y: 560 - 1.25 * r, width: 1100, height: 2.5 * r))
        axes.xStep = .pi / 2
        axes.showsNumbers = false
        axes.xLabel = #"\theta"#
        axes.color = ink
        return axes
    }()
    let sine = axes.plot { sin($0) }
    let circle = s.add(Circle(), size: 2 * r, at: center, stroke: ink, lineWidth: 3)
    let frame = s.add(visible: false) { context, _ in context.draw(axes) }
    let theta = s.tracker(0)
    let turning = s.add(visible: false) { context, values in
        let t = values[theta]
        let p = center + CGPoint(x: r * CGFloat(cos(t)), y: -r * CGFloat(sin(t)))
        let q = axes.point(t, sin(t))
        var traced = context
        traced.clip(to: Path(CGRect(x: 0, y: 0, width: q.x, height: 1080)))
        traced.stroke(sine, with: .color(wave), lineWidth: 5)
        context.stroke(Path { $0.move(to: center); $0.addLine(to: p) }, with: .color(ink), lineWidth: 3)
        context.stroke(Path { $0.move(to: p); $0.addLine(to: q) }, with: .color(accent.opacity(0.6)), style: StrokeStyle(lineWidth: 2, dash: [8, 8]))
        context.stroke(Path { $0.move(to: CGPoint(x: p.x, y: center.y)); $0.addLine(to: p) }, with: .color(accent), lineWidth: 5)
        for dot in [p, q] { context.fill(Path(ellipseIn: CGRect(x: dot.x - 9, y: dot.y - 9, width: 18, height: 18)), with: .color(accent)) }
    }
    let label = s.add(Formula(#"y = \sin\theta"#).font(.system(size: 64)).foregroundColor(wave), at: CGPoint(x: 1250, y: 180))
    s.play(.create(circle), .fadeIn(frame), .fadeIn(turning), duration: 1.2)
    s.play(.set(theta, to: 2 * .pi), duration: 6, easing: .linear)
    s.play(.write(label))
    s.play(.circumscribe(label, color: accent))
}
