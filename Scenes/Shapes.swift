import Animate
import AnimateShapes

/// The shapes lesson: a triangle, a cone and a lens on yellow, stroked with dashed "marching
/// ants", round joins, and the three line caps. The ants march one dash period per loop.
let shapes = Scene(
    name: "shapes",
    description: "Triangle, cone and lens with stroke styles: marching-ants dashes, round joins and line caps",
    duration: 8
) { context, frame in
    let size = frame.size
    let unit = size.height / 1080
    context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.98, green: 0.97, blue: 0.94)))
    let panel = min(size.width / 3.6, size.height * 0.52)
    let gap = (size.width - 3 * panel) / 4
    let top = size.height * 0.2
    let t = frame.time
    let panels = (0..<3).map { CGRect(x: gap + CGFloat($0) * (panel + gap), y: top, width: panel, height: panel) }
    for rect in panels { context.fill(Path(rect), with: .color(.yellow)) }

    // Triangle: marching ants, a 30-10 dash moving 40 units (one period) per 2 seconds.
    let triangle = Triangle().path(in: panels[0].insetBy(dx: 10 * unit, dy: 10 * unit))
    context.fill(triangle, with: .color(Color.orange.opacity(0.35)))
    context.stroke(triangle, with: .color(.black),
                   style: StrokeStyle(lineWidth: 5 * unit, dash: [30 * unit, 10 * unit], dashPhase: -40 * unit * CGFloat(t / 2)))
    // Cone: a thick stroke with round joins, breathing in width.
    let cone = Cone().path(in: panels[1].insetBy(dx: 30 * unit, dy: 30 * unit))
    let width = (14 + 8 * Loop.pingPong(t, period: 4)) * unit
    context.fill(cone, with: .color(Color.teal.opacity(0.35)))
    context.stroke(cone, with: .color(.indigo), style: StrokeStyle(lineWidth: width, lineJoin: .round))
    // Lens: fill and a dashed outline with round caps (dots), turning slowly.
    var lens = context
    lens.translateBy(x: panels[2].midX, y: panels[2].midY)
    lens.rotate(by: .degrees(360 * frame.progress / 2))
    let lensPath = Lens().path(in: CGRect(x: -panel / 2 + 12 * unit, y: -panel / 4, width: panel - 24 * unit, height: panel / 2))
    lens.fill(lensPath, with: .linearGradient(Gradient(colors: [.pink, .purple]), startPoint: CGPoint(x: -panel / 2, y: 0), endPoint: CGPoint(x: panel / 2, y: 0)))
    lens.stroke(lensPath, with: .color(Color(white: 0.15)),
                style: StrokeStyle(lineWidth: 8 * unit, lineCap: .round, dash: [0, 18 * unit], dashPhase: -18 * unit * CGFloat(t)))
    for (rect, label) in zip(panels, ["Triangle: dash [30, 10]", "Cone: round joins", "Lens: round-cap dots"]) {
        context.draw(Text(label).font(.system(size: 28 * unit)).foregroundColor(Color(white: 0.25)),
                     at: CGPoint(x: rect.midX, y: rect.maxY + 36 * unit))
    }
    // The three caps on one thick line each.
    let capsY = size.height - 110 * unit
    for (k, cap) in [CGLineCap.butt, .round, .square].enumerated() {
        let x0 = panels[k].minX + 40 * unit, x1 = panels[k].maxX - 40 * unit
        var line = Path()
        line.move(to: CGPoint(x: x0, y: capsY))
        line.addLine(to: CGPoint(x: x1, y: capsY))
        context.stroke(line, with: .color(.blue), style: StrokeStyle(lineWidth: 26 * unit, lineCap: cap))
        var guide = Path()
        for x in [x0, x1] { guide.move(to: CGPoint(x: x, y: capsY - 30 * unit)); guide.addLine(to: CGPoint(x: x, y: capsY + 30 * unit)) }
        context.stroke(guide, with: .color(.red), lineWidth: 1.5 * unit)
        context.draw(Text(".\(cap)").font(.system(size: 24 * unit)).foregroundColor(Color(white: 0.3)),
                     at: CGPoint(x: panels[k].midX, y: capsY + 50 * unit))
    }
    Caption.draw("Paths and custom shapes", subtitle: "StrokeStyle: dash, lineJoin, lineCap", in: context, size: size)
}
