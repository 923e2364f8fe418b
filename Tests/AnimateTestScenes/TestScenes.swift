package import AnimateScene
import AnimateDrawing
import AnimateTimeline
import Foundation

/// A scene of flat coloured shapes moving, for encoder tests.
package let flatShapesScene = Scene(name: "test-flat", description: "flat shapes", duration: 1, size: CGSize(width: 320, height: 180)) { c, f in
    let s = f.size
    c.fill(Path(CGRect(origin: .zero, size: s)), with: .color(Color(red: 0.95, green: 0.94, blue: 0.9)))
    let x = 20 + f.progress * (s.width - 120)
    c.fill(Path(roundedRect: CGRect(x: x, y: 40, width: 80, height: 80), cornerRadius: 12), with: .color(.blue))
    c.fill(Path(ellipseIn: CGRect(x: s.width - x - 60, y: 70, width: 60, height: 60)), with: .color(.orange))
    c.stroke(Path(CGRect(x: 10, y: 10, width: s.width - 20, height: s.height - 20)), with: .color(.black), lineWidth: 3)
}

/// A test scene of seeded random particles streaking over a radial gradient: every frame differs
/// from the next and depends on the seed, so renders, hashes and threads are checked without any
/// lesson scene.
package let particlesScene = Scene(name: "test-particles", description: "seeded particles", duration: 10) { c, f in
    let s = f.size
    let center = CGPoint(x: s.width / 2, y: s.height / 2)
    c.fill(Path(CGRect(origin: .zero, size: s)),
           with: .radialGradient(Gradient(colors: [.indigo, .black]), center: center, startRadius: 0, endRadius: s.width * 0.7))
    var random = RandomSource(seed: f.seed)
    for _ in 0..<150 {
        let start = random.point(in: CGRect(origin: .zero, size: s))
        let angle = random.uniform(0...(2 * .pi))
        let speed = random.uniform(0.05...0.4) * s.width
        let travel = (f.time * speed).truncatingRemainder(dividingBy: s.width)
        let x = (start.x + cos(angle) * travel).truncatingRemainder(dividingBy: s.width)
        let y = (start.y + sin(angle) * travel).truncatingRemainder(dividingBy: s.height)
        let p = CGPoint(x: x < 0 ? x + s.width : x, y: y < 0 ? y + s.height : y)
        let tail = CGPoint(x: p.x - cos(angle) * speed * 0.05, y: p.y - sin(angle) * speed * 0.05)
        let colour = Color(hue: random.unit(), saturation: 0.6, brightness: 1)
        c.stroke(Path { $0.move(to: tail); $0.addLine(to: p) }, with: .color(colour.opacity(0.7)),
                 style: StrokeStyle(lineWidth: 1.5, lineCap: .round))
        c.fill(Path(ellipseIn: CGRect(x: p.x - 1.5, y: p.y - 1.5, width: 3, height: 3)), with: .color(colour))
    }
}

/// A stateful scene: a black bar as wide as its state, which every update advances.
package let counterScene = Scene(name: "counter", description: "test", duration: 5, size: CGSize(width: 40, height: 20),
                                initialState: 0.0, update: { percent, _ in
    if percent > 10 { percent = 0 } else { percent += 0.05 }
}, draw: { context, percent, frame in
    context.fill(Path(CGRect(x: 0, y: 0, width: frame.size.width * min(percent, 1), height: frame.size.height)), with: .color(.black))
})
