import Animate

/// Manim's gallery `MovingDots`: two dots driven by two trackers, the red line between them
/// following.
let movingDots = Scene(name: "moving-dots", description: "Manim's MovingDots: dots driven by trackers, a line between them", style: .manim, tail: 1) { s in
    let x = s.tracker(0), y = s.tracker(0)
    _ = s.add { context, v in
        let a = Manim.point(v[x], 0), b = Manim.point(0.58, v[y])
        for (p, colour) in [(a, Manim.blue), (b, Manim.green)] { context.fill(Path(ellipseIn: CGRect(x: p.x - 10.8, y: p.y - 10.8, width: 21.6, height: 21.6)), with: .color(colour)) }
        context.stroke(Path { $0.move(to: a); $0.addLine(to: b) }, with: .color(Manim.red), lineWidth: Manim.strokeWidth(4))
    }
    s.play(.set(x, to: 5))
    s.play(.set(y, to: 4))
    s.wait()
}
