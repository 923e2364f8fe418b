import Animate
import AnimateShapes

/// 4-8c: the flower of life. Circles on a hexagonal lattice appear ring by ring over an
/// elliptical gradient; then the 12-sided variant grows over a radial gradient; the two cross-fade
/// so the 10-second loop is seamless.
let flower = Scene(
    name: "flower",
    description: "4-8c Flower of life: lattice circles appearing ring by ring, then the 12-sided variant",
    duration: 10
) { context, frame in
    let size = frame.size
    let unit = size.height / 1080
    let t = frame.time
    let full = CGRect(origin: .zero, size: size)
    let box = CGRect(x: size.width / 2 - size.height * 0.42, y: size.height * 0.11, width: size.height * 0.84, height: size.height * 0.84)
    // Weight of the second picture: fades in around 5 s and out again just before the loop ends.
    let second = progress(of: t, in: 4.6...5.4) * (1 - progress(of: t, in: 9.4...10))

    func firstFlower(_ c: GraphicsContext, _ local: Double) {
        c.fill(Path(full), with: .ellipticalGradient(Gradient(colors: [.yellow, .indigo]), in: full))
        let shape = FlowerOfLife()
        let small = box.width / 2 / CGFloat(shape.layers)
        for (center, ring) in shape.centers(in: box) {
            // Ring k draws itself between 0.3 + k and 1.1 + k seconds (a dash that grows round the circle).
            let grow = Easing.easeInOut(progress(of: local, in: (0.3 + Double(ring))...(1.1 + Double(ring))))
            guard grow > 0 else { continue }
            var circle = Path()
            circle.move(to: CGPoint(x: center.x + small, y: center.y))
            circle.addArc(center: center, radius: small, startAngle: .zero, endAngle: .degrees(360 * grow), clockwise: false)
            c.stroke(circle, with: .color(.black), lineWidth: 1.5 * unit)
        }
    }

    func secondFlower(_ c: GraphicsContext, _ local: Double) {
        c.fill(Path(full), with: .radialGradient(Gradient(colors: [.black, .blue]), center: CGPoint(x: full.midX, y: full.midY),
                                                 startRadius: 0, endRadius: 500 * unit))
        var spun = c
        spun.translateBy(x: box.midX, y: box.midY)
        spun.rotate(by: .degrees(15 * local / 5))
        let rings = 1 + Int(min(local / 1.2, 2))
        spun.stroke(FlowerOfLife(sides: 12, layers: 3, rings: rings).path(in: box.offsetBy(dx: -box.midX, dy: -box.midY)),
                    with: .color(.yellow), lineWidth: 1 * unit)
    }

    // During the closing cross-fade the first flower is already at its next loop's start (empty), so the loop joins.
    if second < 1 { firstFlower(context, t > 5 ? t - frame.duration : t) }
    if second > 0 {
        var layer = context
        layer.opacity = second
        layer.drawLayer { inner in secondFlower(inner, max(0, t - 4.6)) }
    }
    Caption.draw("4-8c Flower of life", subtitle: second < 0.5 ? "EllipticalGradient" : "12 sides, RadialGradient",
                 in: context, size: size, dark: second >= 0.5)
}
