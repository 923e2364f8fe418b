import Animate

/// Manim's gallery `MovingAngle`: a line turning about the left end of another, the angle θ
/// between them marked counterclockwise and labelled, the label turning red.
let movingAngle = Scene(name: "moving-angle", description: "Manim's MovingAngle: an angle opening and closing as a line turns", style: .manim) { s in
    let theta = s.tracker(110), red = s.tracker(0), center = Manim.point(-1, 0), right = Manim.point(1, 0)
    _ = s.add { context, v in
        let turned = center + CGPoint(x: 2 * Manim.unit * cos(v[theta] * .pi / 180), y: -2 * Manim.unit * sin(v[theta] * .pi / 180))
        for end in [right, turned] { context.stroke(Path { $0.move(to: center); $0.addLine(to: end) }, with: .color(.white), lineWidth: Manim.strokeWidth(4)) }
        let mark = AngleMark(vertex: center, from: right, to: turned, radius: 0.5 * Manim.unit, turn: .counterclockwise)
        context.stroke(mark.path, with: .color(.white), lineWidth: Manim.strokeWidth(4))
        context.draw(Formula(#"\theta"#).font(.system(size: Manim.fontSize(48))).foregroundColor(Color.interpolate(.white, Manim.red, v[red])), at: mark.labelPoint(gap: 3 * Manim.smallBuff))
    }
    s.wait()
    s.play(.set(theta, to: 40))
    s.play(.set(theta, to: 180))
    s.play(.set(red, to: 1), duration: 0.5)
    s.play(.set(theta, to: 350))
}
