import Animate
import AnimateShapes

/// 4-7d: opposite leaves from two quadratic curves, mirrored and scaled by affine transforms into
/// a branch that grows pair by pair, sways, and fades back for a seamless 8-second loop.
let leaves = Scene(
    name: "leaves",
    description: "4-7d Opposite leaves: two quadratic curves mirrored and scaled by affine transforms into a growing branch",
    duration: 8
) { context, frame in
    let size = frame.size
    let unit = size.height / 1080
    let w = size.width, h = size.height
    context.fill(Path(CGRect(origin: .zero, size: size)),
                 with: .linearGradient(Gradient(colors: [Color(red: 0.93, green: 0.97, blue: 0.90), Color(red: 0.80, green: 0.90, blue: 0.78)]),
                                       startPoint: .zero, endPoint: CGPoint(x: 0, y: h)))
    // The lesson's leaf: from the top-left corner to the bottom-right, two quadratic curves (unitX = unitY = 0.05).
    let unitX = 0.05, unitY = 0.05
    let control1 = CGPoint(x: w * unitX, y: h - h * unitY)
    let control2 = CGPoint(x: w * (1 - unitX), y: h - h * (1 - unitY))
    var leaf = Path()
    leaf.move(to: .zero)
    leaf.addQuadCurve(to: CGPoint(x: w, y: h), control: control1)
    leaf.addQuadCurve(to: .zero, control: control2)

    let t = frame.time
    let fadeOut = 1 - progress(of: t, in: 7.2...8)
    let scale = 0.2
    let sway = 0.03 * PortableMath.sin(2 * .pi * t / 4)
    let angle = -CGFloat.pi / 4 + sway
    let mirror = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
    var pair = 0
    for i in stride(from: 1.4, to: 7.0, by: 0.5) {
        // Pair k grows in between 0.3 + 0.45k and 1.1 + 0.45k seconds.
        let grow = Easing.easeOutBack(progress(of: t, in: (0.3 + 0.45 * Double(pair))...(1.1 + 0.45 * Double(pair)))) * fadeOut
        pair += 1
        guard grow > 0 else { continue }
        let scaling = CGAffineTransform(a: scale / i * grow, b: 0, c: 0, d: scale / i * grow, tx: 0, ty: 0)
        let rotateMove = CGAffineTransform(a: PortableMath.cos(angle), b: PortableMath.sin(angle), c: -PortableMath.sin(angle), d: PortableMath.cos(angle), tx: w - w / i, ty: h / i)
        let green = Color(hue: 0.30 + 0.03 * PortableMath.sin(i), saturation: 0.75, brightness: 0.45 + 0.05 * i)
        context.drawLayer { layer in
            layer.transform = mirror.concatenating(scaling).concatenating(rotateMove).concatenating(context.transform)
            layer.fill(leaf, with: .color(green))
        }
        var same = context
        same.transform = scaling.concatenating(rotateMove).concatenating(context.transform)
        same.fill(leaf, with: .color(green))
    }
    // The branch the leaves sit on.
    var stem = Path()
    stem.move(to: CGPoint(x: w - w / 1.4, y: h / 1.4))
    stem.addLine(to: CGPoint(x: w - w / 7, y: h / 7))
    let stemGrow = progress(of: t, in: 0.3...5.6)
    if stemGrow > 0 && fadeOut > 0 {
        // The stem grows as a dash whose length follows the leaves, and fades with them.
        var branch = context
        branch.opacity = fadeOut
        branch.stroke(stem, with: .color(Color(red: 0.35, green: 0.25, blue: 0.12)),
                      style: StrokeStyle(lineWidth: 5 * unit, lineCap: .round, dash: [PortableMath.hypot(w / 1.4 - w / 7, h / 1.4 - h / 7) * stemGrow, 1e6]))
    }
    // The lesson's note, resolved, measured and shaded grey in the bottom-right corner.
    var note = context.resolve(Text("CGAffineTransform: mirror, scale, rotate, translate\n(c)2022 Heman Lu").font(.system(size: 26 * unit)))
    let noteSize = note.measure(in: size)
    note.shading = .color(.gray)
    context.draw(note, in: CGRect(x: w - noteSize.width - 30 * unit, y: h - noteSize.height - 30 * unit, width: noteSize.width, height: noteSize.height))
    Caption.draw("4-7d Opposite leaves", subtitle: "affine transforms", in: context, size: size)
}
