import Animate

/// Manim's gallery `BraceAnnotation`: a line between two dots, a brace under it and one across
/// it, each labelled.
let braceAnnotation = Scene(name: "brace-annotation", description: "Manim's BraceAnnotation: a line's braces, labelled", style: .manim, tail: 4) { s in
    let a = Manim.point(-2, -1), b = Manim.point(2, 1), line = Path { $0.move(to: a); $0.addLine(to: b) }
    _ = s.add(line, stroke: Manim.orange, lineWidth: Manim.strokeWidth(4), visible: true)
    for p in [a, b] { _ = s.add(Circle(), size: 0.16 * Manim.unit, at: p, fill: .white, visible: true) }
    for (direction, label) in [(CGPoint(x: 0, y: 1), "Horizontal distance"), (CGPoint(x: b.y - a.y, y: a.x - b.x), "$x-x_1$")] {
        let brace = Brace(along: line, direction: direction, gap: 0.2 * Manim.unit, depth: 0.25 * Manim.unit)
        _ = s.add(brace.path, fill: .white, visible: true)
        _ = s.add(Formula(text: label), at: brace.labelPoint(gap: Manim.mediumSmallBuff), anchor: brace.labelAnchor, visible: true)
    }
}
