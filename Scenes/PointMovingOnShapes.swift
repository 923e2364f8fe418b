import Animate

/// Manim's gallery `PointMovingOnShapes`: a circle grows, a dot steps right, runs once around
/// the circle (from its right, counterclockwise as Manim's circle runs), then turns about a point
/// beside it.
let pointMovingOnShapes = Scene(name: "point-on-shapes", description: "Manim's PointMovingOnShapes", background: .black) { s in
    let u = Manim.unit, c = s.center
    let circle = s.add(Circle(), size: 2 * u, stroke: Manim.blue)
    let dot = s.add(Circle(), size: 0.16 * u, fill: .white, visible: true)
    let dot2 = s.add(Circle(), size: 0.16 * u, at: CGPoint(x: c.x + u, y: c.y), fill: .white)
    _ = s.add(Path { $0.move(to: CGPoint(x: c.x + 3 * u, y: c.y)); $0.addLine(to: CGPoint(x: c.x + 5 * u, y: c.y)) }, stroke: .white, visible: true)
    s.play(.grow(circle))
    s.play(.transform(dot, into: dot2))
    let loop = Circle().path(in: CGRect(x: c.x - u, y: c.y - u, width: 2 * u, height: 2 * u)).applying(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 * c.y))
    s.play(.move(dot2, along: loop), duration: 2, easing: .linear)
    s.play(.rotate(dot2, by: .degrees(-360), about: CGPoint(x: c.x + 2 * u, y: c.y)), duration: 1.5, easing: .linear)
    s.wait()
}
