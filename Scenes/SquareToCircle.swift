import Animate

/// Manim's quickstart `SquareToCircle`: a square turned a quarter, drawn on, transformed into a
/// half-transparent pink circle, faded out.
let squareToCircle = Scene(name: "square-to-circle", description: "Manim's SquareToCircle: a square drawn on, morphed into a pink circle, faded out",
                           background: .black, tail: 1) { s in
    let circle = s.add(Circle(), size: 270, fill: ManimColor.pink.opacity(0.5), stroke: ManimColor.red)
    let square = s.add(Rectangle(), size: 270, stroke: .white, rotation: .degrees(45))
    s.play(.create(square))
    s.play(.transform(square, into: circle))
    s.play(.fadeOut(circle))
}

/// Manim's colours, as its lessons use them.
enum ManimColor {
    static let red = Color(hex: 0xFC6255), pink = Color(hex: 0xD147BD), blue = Color(hex: 0x58C4DD)
    static let green = Color(hex: 0x83C167), orange = Color(hex: 0xFF862F), yellow = Color(hex: 0xFFFF00)
    /// A unit of Manim's frame (8 units tall) on a 1080-point canvas.
    static let unit: CGFloat = 135
}
