import Animate

/// Manim's gallery `MovingGroupToDestination`: a row of dots shifted as one so that its red dot
/// lands on the yellow one.
let movingGroupToDestination = Scene(name: "moving-group", description: "Manim's MovingGroupToDestination: a row of dots moved onto a target", background: Manim.background, tail: 2.5) { s in
    let dots = [-1.0, 0, 1, 2].map { s.add(Circle(), size: 0.224 * Manim.unit, at: Manim.point(1.4 * $0 - 0.2, 0), fill: $0 == 1 ? Manim.red : .white, visible: true) }
    _ = s.add(Circle(), size: 0.16 * Manim.unit, at: Manim.point(4, 3), fill: Manim.yellow, visible: true)
    let group = s.group(dots)
    s.play(.shift(group, by: CGSize(width: 2.8 * Manim.unit, height: -3 * Manim.unit)))
    s.wait(0.5)
}
