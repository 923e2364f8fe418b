import Animate

/// 4-8a's regular polygon as code on screen: the shape's code typed out with the polygon it draws
/// beside it, then edited twice (more sides, then a star), the drawing following each edit.
let polygonCode = Scene(name: "polygon-code", description: "4-8a's RegularPolygon typed and edited beside the shape it draws",
                        background: Color(hex: 0x14171C), tail: 0.5) { s in
    let first = """
        struct RegularPolygon: Shape {
            var sides: Int
            func path(in rect: CGRect) -> Path {
                let c = CGPoint(x: rect.midX, y: rect.midY)
                let r = min(rect.width, rect.height) / 2
                var path = Path()
                for k in 0..<sides {
                    let a = Double(k) * 2 * .pi / Double(sides)
                    let p = CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a))
                    if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
                }
                path.closeSubpath()
                return path
            }
        }
        let shape = RegularPolygon(sides: 5)
        """
    let second = first.replacingOccurrences(of: "sides: 5)", with: "sides: 8)")
    let third = second
        .replacingOccurrences(of: "for k in 0..<sides {", with: "for k in 0..<2 * sides {\n            let radius = k % 2 == 0 ? r : r * 0.45")
        .replacingOccurrences(of: "let a = Double(k) * 2 * .pi / Double(sides)", with: "let a = Double(k) * .pi / Double(sides)")
        .replacingOccurrences(of: "c.x + r * cos(a), y: c.y + r * sin(a)", with: "c.x + radius * cos(a), y: c.y + radius * sin(a)")
    func block(_ source: String) -> CodeBlock {
        var b = CodeBlock(source, language: .swift, theme: .dark, fontSize: 22)
        b.padding = 28
        return b
    }
    let versions = [block(first), block(second), block(third)]
    let edits = [CodeTransition(from: versions[0], to: versions[1]), CodeTransition(from: versions[1], to: versions[2])]
    // What each version draws, in the right half.
    let area = CGRect(x: 1200, y: 240, width: 600, height: 600)
    func polygon(_ sides: Int, star: Bool) -> Path {
        let c = CGPoint(x: area.midX, y: area.midY), r = area.width / 2
        var path = Path()
        let count = star ? 2 * sides : sides
        for k in 0..<count {
            let radius = star && k % 2 == 1 ? r * 0.45 : r
            let a = Double(k) * (star ? .pi : 2 * .pi) / Double(sides)
            let p = CGPoint(x: c.x + radius * cos(a), y: c.y + radius * sin(a))
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }
    let shapes = [polygon(5, star: false), polygon(8, star: false), polygon(8, star: true)]
    let morphs = [PathMorph(from: shapes[0], to: shapes[1]), PathMorph(from: shapes[1], to: shapes[2])]
    let typed = s.tracker(0), drawn = s.tracker(0), edit1 = s.tracker(0), edit2 = s.tracker(0)
    let corner = CGPoint(x: 70, y: 150)
    let code = s.add(visible: true) { context, v in
        if v[edit2] > 0 { context.draw(edits[1], at: corner, progress: v[edit2]); return }
        if v[edit1] > 0 { context.draw(edits[0], at: corner, progress: v[edit1]); return }
        var b = versions[0]
        b.typedCharacters = Int((v[typed] * Double(b.layout.characterCount)).rounded(.down))
        context.draw(b, at: corner)
    }
    let picture = s.add(visible: true) { context, v in
        guard v[drawn] > 0 else { return }
        let path = v[edit2] > 0 ? morphs[1].path(at: v[edit2]) : v[edit1] > 0 ? morphs[0].path(at: v[edit1]) : shapes[0]
        let fill = Color(hex: 0x61AFEF)
        context.fill(path, with: .color(fill.opacity(0.25 * v[drawn])))
        context.stroke(v[drawn] < 1 ? path.trimmedPath(from: 0, to: CGFloat(v[drawn])) : path, with: .color(fill),
                       style: StrokeStyle(lineWidth: 6, lineJoin: .round))
    }
    let title = s.add(Text("RegularPolygon: path(in:)").font(.system(size: 40, weight: .semibold)).foregroundColor(Color(white: 0.92)),
                      at: CGPoint(x: 960, y: 80))
    _ = (code, picture)
    s.play(.fadeIn(title), duration: 0.6)
    s.play(.set(typed, to: 1), duration: 4.8, easing: .linear)
    s.play(.set(drawn, to: 1), duration: 1.2)
    s.wait(0.4)
    s.play(.set(edit1, to: 1), duration: 1.6)
    s.wait(0.4)
    s.play(.set(edit2, to: 1), duration: 2)
}
