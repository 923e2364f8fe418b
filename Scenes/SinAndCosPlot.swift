import Animate

/// Manim's gallery `SinAndCosFunctionPlot`: sine and cosine on green axes, each labelled, with
/// a line up to the cosine at 2π.
let sinAndCosPlot = Scene(name: "sin-cos-plot", description: "Manim's SinAndCosFunctionPlot: sine and cosine, x = 2π marked", style: .manim, tail: 4) { s in
    var axes = Axes.manim(x: -10...10.3, y: -1.5...1.5, xLength: 10, numbers: true)
    (axes.color, axes.numberColor, axes.labelColor, axes.showsArrows, axes.xLabel, axes.yLabel) = (Manim.green, .white, .white, false, "x", "y")
    (axes.xNumbers, axes.xLongTicks, axes.yNumbers) = (Array(stride(from: -10.0, through: 10, by: 2)), Array(stride(from: -10.0, through: 10, by: 2)), [])
    _ = s.add(axes, visible: true)
    for (f, colour, tex, x, anchor) in [(sin, Manim.blue, #"\sin(x)"#, -10.0, UnitPoint.bottom), (cos, Manim.red, #"\cos(x)"#, 10.3, .leading)] as [((Double) -> Double, Color, String, Double, UnitPoint)] {
        _ = s.add(axes.plot(f), stroke: colour, lineWidth: Manim.strokeWidth(4), visible: true)
        _ = s.add(Formula(tex).foregroundColor(colour), at: axes.point(x, f(x)) + CGPoint(x: 0.5 - anchor.x, y: 0.5 - anchor.y) * Manim.mediumSmallBuff, anchor: anchor, visible: true)
    }
    _ = s.add(Path { $0.move(to: axes.point(2 * .pi, 0)); $0.addLine(to: axes.point(2 * .pi, 1)) }, stroke: Manim.yellow, lineWidth: Manim.strokeWidth(4), visible: true)
    _ = s.add(Formula(#"x=2\pi"#), at: axes.point(2 * .pi, 1) + CGPoint(x: Manim.mediumSmallBuff, y: -Manim.mediumSmallBuff), anchor: .bottomLeading, visible: true)
}
