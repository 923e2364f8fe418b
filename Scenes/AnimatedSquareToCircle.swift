import Animate

/// Manim's quickstart `AnimatedSquareToCircle`: a square drawn on, turned, transformed into a
/// circle, then filled pink.
let animatedSquareToCircle = Scene(name: "animated-square", description: "Manim's AnimatedSquareToCircle", background: .black) { s in
    let circle = s.add(Circle(), size: 270, fill: Manim.pink.opacity(0), stroke: Manim.red)
    let square = s.add(Rectangle(), size: 270, stroke: .white)
    s.play(.create(square))
    s.play(.rotate(square, to: .degrees(-45)))
    s.play(.transform(square, into: circle))
    s.play(.fill(circle, Manim.pink.opacity(0.5)))
}
