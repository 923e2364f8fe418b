import Animate

/// Manim's gallery `VectorArrow`: an arrow from the origin to (2, 2) on a number plane, its two
/// ends labelled.
let vectorArrow = Scene(name: "vector-arrow", description: "Manim's VectorArrow: a vector on a number plane", style: .manim, tail: 4) { s in
    let o = Manim.point(0, 0), tip = Manim.point(2, 2)
    _ = s.add(NumberPlane.manim(), visible: true)
    let dot = s.add(Circle(), size: 0.16 * Manim.unit, at: o, fill: .white, visible: true)
    _ = s.add(Arrow(from: o, to: tip, lineWidth: Manim.strokeWidth(6)).path, fill: .white, visible: true)
    _ = s.add(Text("(0, 0)"), .bottom, of: dot, gap: Manim.mediumSmallBuff, visible: true)
    _ = s.add(Text("(2, 2)"), .trailing, of: tip, gap: Manim.mediumSmallBuff, visible: true)
}
