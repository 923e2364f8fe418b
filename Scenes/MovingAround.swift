import Animate

/// Manim's gallery `MovingAround`: a blue square shifted left, filled orange, shrunk and turned.
let movingAround = Scene(name: "moving-around", description: "Manim's MovingAround: a square moved, recoloured, scaled, turned", background: .black) { s in
    let square = s.add(Rectangle(), size: 270, fill: Manim.blue, stroke: Manim.blue, visible: true)
    s.play(.shift(square, by: CGSize(width: -Manim.unit, height: 0)))
    s.play(.fill(square, Manim.orange))
    s.play(.scale(square, to: 0.3))
    s.play(.rotate(square, to: .radians(-0.4)))
}
