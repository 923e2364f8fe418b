import Animate
import AnimateShapes

/// 4-8b: a five-pointed star with a radial gradient and a sixteen-pointed star with a conic
/// gradient, whose yellow pulses between black and full yellow, over a grid of 3- to 11-pointed
/// stars on linear-gradient tiles.
let gradientStars = Scene(
    name: "gradient",
    description: "4-8b Dynamic gradient: radial and conic gradient stars pulsing over linear-gradient tiles",
    duration: 6
) { context, frame in
    let size = frame.size
    let unit = size.height / 1080
    // The lesson's TimelineView counter goes 0 -> 1 -> 0; a cosine makes the pulse loop smoothly.
    let level = Loop.pingPong(frame.time, period: frame.duration)
    let pulsingYellow = Color(red: level, green: level, blue: 0)
    context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.08, green: 0.08, blue: 0.14)))
    // The grid of tiles: 3- to 11-pointed white stars (ratio 0.4) on blue-to-yellow tiles.
    let tiles = 9
    let tile = min((size.width - 120 * unit) / CGFloat(tiles), 190 * unit)
    let rowY = size.height - tile - 40 * unit
    let tileGradient = Gradient(colors: [.blue, .yellow])
    for i in 0..<tiles {
        let rect = CGRect(x: (size.width - tile * CGFloat(tiles)) / 2 + CGFloat(i) * tile, y: rowY, width: tile, height: tile).insetBy(dx: 4 * unit, dy: 4 * unit)
        context.fill(Path(rect), with: .linearGradient(tileGradient, startPoint: CGPoint(x: rect.minX, y: rect.minY), endPoint: CGPoint(x: rect.maxX, y: rect.maxY)))
        var star = context
        star.translateBy(x: rect.midX, y: rect.midY)
        star.rotate(by: .radians(2 * .pi / Double(i + 3) * frame.progress))
        star.fill(Star(i + 3, ratio: 0.4).path(in: CGRect(x: -rect.width * 0.42, y: -rect.height * 0.42, width: rect.width * 0.84, height: rect.height * 0.84)),
                  with: .color(.white))
    }
    // The two big stars above the tiles.
    let radius = min(size.width / 4, rowY - 150 * unit) / 2 * 1.9 / 2
    let left = CGPoint(x: size.width * 0.3, y: (150 * unit + rowY) / 2)
    let right = CGPoint(x: size.width * 0.7, y: left.y)
    context.fill(Star(5, ratio: 0.75).path(in: CGRect(x: left.x - radius, y: left.y - radius, width: 2 * radius, height: 2 * radius)),
                 with: .radialGradient(Gradient(colors: [pulsingYellow, .blue]), center: left, startRadius: 0, endRadius: radius))
    var spinning = context
    spinning.translateBy(x: right.x, y: right.y)
    spinning.rotate(by: .degrees(-360 / 16 * frame.progress))
    spinning.fill(Star(16, ratio: 0.9).path(in: CGRect(x: -radius, y: -radius, width: 2 * radius, height: 2 * radius)),
                  with: .conicGradient(Gradient(colors: [.blue, pulsingYellow, .blue]), center: .zero))
    Caption.draw("4-8b Gradient stars", subtitle: "radial, conic and linear gradients", in: context, size: size, dark: true)
}
