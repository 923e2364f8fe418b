import Animate

/// The cross product: vectors a and b grow from the origin, the parallelogram they span fades
/// in, a × b rises at right angles to both, as long as the parallelogram's area; as b turns
/// towards a the area shrinks and a × b with it, and the camera circles to show the right angle.
let crossProduct = Scene(name: "cross-product", description: "Two vectors, the parallelogram they span, and their cross product", style: .manim, tail: 1) { s in
    let space = s.add(space: Space(camera: Camera3D(phi: .degrees(70), theta: .degrees(-60), center: Vector3(0, 0, 1))))
    let axes = s.add(in: space) { $0.add(ThreeDAxes(x: -3...3, y: -3...3, z: -1...4)) }
    func arrow(_ tip: Vector3, _ tex: String, _ colour: Color, at label: Vector3) -> Thing {
        s.add(in: space) { $0.addArrow(from: .zero, to: tip, color: colour); $0.addLabel(Formula(tex).font(.system(size: 40)).foregroundColor(colour), at: label) }
    }
    let a = Vector3(2, 0.4, 0)
    func spanned(by b: Vector3) -> [Thing] {
        [arrow(b, #"\vec b"#, Manim.green, at: b * 1.25), s.add(in: space) { $0.add(.quad(.zero, a, a + b, b, color: Manim.blue), opacity: 0.6) },
         arrow(a.cross(b), #"\vec a \times \vec b"#, Manim.red, at: a.cross(b) + Vector3(0.9, 0, 0.2))]
    }
    let va = arrow(a, #"\vec a"#, Manim.yellow, at: a * 1.2)
    let (before, after) = (spanned(by: Vector3(0.3, 1.5, 0)), spanned(by: Vector3(1.6, 1.1, 0)))
    s.play(.create(axes))
    s.play(.create(va), .create(before[0]))
    s.play(.fadeIn(before[1]), .create(before[2]))
    s.play(zip(before, after).map { .transform($0, into: $1) }, duration: 2)
    s.play(.orbit(space, by: .degrees(100)), duration: 4)
}
