import Animate

/// Manim's quickstart `SquareToCircle`: a square turned a quarter, drawn on, transformed into a
/// half-transparent pink circle, faded out.
let squareToCircle = Scene(name: "square-to-circle", description: "Manim's SquareToCircle: a square drawn on, morphed into a pink circle, faded out",
                           background: .black, tail: 1) { s in
    let circle = s.add(Circle(), size: 270, fill: Manim.pink.opacity(0.5), stroke: Manim.red)
    let square = s.add(Rectangle(), size: 270, stroke: .white, rotation: .degrees(45))
    s.play(.create(square))
    s.play(.transform(square, into: circle))
    s.play(.fadeOut(circle))
}
