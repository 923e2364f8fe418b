import Animate

/// Pythagoras' theorem on a 3-4-5 triangle: the squares on its sides drawn on, their areas
/// counted up, the theorem written and rearranged piece by piece, the camera closing in on it.
let pythagoras = Scene(name: "pythagoras", description: "Pythagoras on a 3-4-5 triangle: squares on the sides, areas counted, the theorem rearranged",
                       background: Color(red: 0.98, green: 0.97, blue: 0.94), tail: 0.5) { s in
    let unit: CGFloat = 60, o = CGPoint(x: 560, y: 700)     // the right angle
    let a = CGPoint(x: o.x + 4 * unit, y: o.y), b = CGPoint(x: o.x, y: o.y - 3 * unit)
    let colours = (a: Color(hex: 0xD1495B), b: Color(hex: 0x00798C), c: Color(hex: 0x6A4C93))
    func square(_ p: CGPoint, _ q: CGPoint) -> Path {         // the square on p->q, outside the triangle
        let d = CGPoint(x: q.y - p.y, y: p.x - q.x)
        return Path { $0.move(to: p); $0.addLine(to: q); $0.addLine(to: CGPoint(x: q.x + d.x, y: q.y + d.y))
            $0.addLine(to: CGPoint(x: p.x + d.x, y: p.y + d.y)); $0.closeSubpath() }
    }
    let triangle = s.add(Path { $0.move(to: o); $0.addLine(to: a); $0.addLine(to: b); $0.closeSubpath() }, fill: Color(white: 0.85), stroke: Color(white: 0.15))
    let squares = [square(a, o), square(o, b), square(b, a)].enumerated().map { k, path in
        s.add(path, fill: [colours.a, colours.b, colours.c][k].opacity(0.35), stroke: [colours.a, colours.b, colours.c][k])
    }
    let area = s.tracker(0)
    _ = s.add { context, values in
        let n = values[area]
        let text = Text("\(Int((16 * n).rounded())) + \(Int((9 * n).rounded())) = \(Int((25 * n).rounded()))").font(.system(size: 40, weight: .semibold))
        context.opacity = min(n * 4, 1)
        context.draw(text.foregroundColor(Color(white: 0.2)), at: CGPoint(x: 1340, y: 400))
    }
    let theorem = Formula(#"{{a^2}} + {{b^2}} = {{c^2}}"#).font(.system(size: 72)).foregroundColor(.black)
        .foregroundColor(colours.a, for: "a^2").foregroundColor(colours.b, for: "b^2").foregroundColor(colours.c, for: "c^2")
    let first = s.add(theorem, at: CGPoint(x: 1340, y: 560))
    let second = s.add(Formula(#"{{c^2}} = {{a^2}} + {{b^2}}"#).font(.system(size: 72)).foregroundColor(.black)
        .foregroundColor(colours.a, for: "a^2").foregroundColor(colours.b, for: "b^2").foregroundColor(colours.c, for: "c^2"), at: CGPoint(x: 1340, y: 560))
    s.section("squares")
    s.play(.create(triangle))
    s.play(lagged: 0.4, squares.map { .create($0) }, duration: 1.2)
    s.play(.set(area, to: 1), duration: 1.5, easing: .easeOut)
    s.section("theorem")
    s.play(.write(first), duration: 1.5)
    s.wait(0.5)
    s.play(.transformMatching(first, into: second), duration: 1.5)
    s.play(.circumscribe(second, part: "c^2", color: colours.c))
    s.play(.camera(frame: second, margin: 120), duration: 1.2)
    s.play(.indicate(squares[2]), .camera(zoom: 1), .camera(lookAt: s.center), duration: 1.2)
}
