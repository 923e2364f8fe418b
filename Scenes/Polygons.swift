import Animate
import AnimateShapes

/// 4-8a: the grid of regular 3- to 11-gons. Each pops in with a staggered spring, then turns
/// by one vertex step per loop (seamless at 6 s).
let polygons = Scene(
    name: "polygons",
    description: "4-8a Regular polygons: a grid of 3- to 11-gons popping in and turning",
    duration: 6
) { context, frame in
    let size = frame.size
    let unit = size.height / 1080
    context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.97, green: 0.96, blue: 0.92)))
    let columns = 3, rows = 3
    let cell = min((size.width - 200 * unit) / CGFloat(columns), (size.height - 220 * unit) / CGFloat(rows))
    let origin = CGPoint(x: (size.width - cell * CGFloat(columns)) / 2, y: 170 * unit)
    let t = frame.time, period = frame.duration
    for k in 0..<9 {
        let sides = k + 3
        let rect = CGRect(x: origin.x + CGFloat(k % columns) * cell, y: origin.y + CGFloat(k / columns) * cell, width: cell, height: cell)
        context.stroke(Path(rect.insetBy(dx: 6 * unit, dy: 6 * unit)), with: .color(Color.red.opacity(0.5)), lineWidth: 2 * unit)
        // Entrance: a spring scale-in, staggered by 0.12 s, during the first second of each loop; then held.
        let local = t - 0.12 * Double(k)
        let pop = Easing.spring(Spring(response: 0.45, dampingFraction: 0.55))(local / 1.2)
        let out = Easing.easeInBack(progress(of: t, in: (period - 0.5)...period))
        let scale = max(0, pop * (1 - out))
        var shape = context
        shape.translateBy(x: rect.midX, y: rect.midY)
        shape.rotate(by: .radians(2 * .pi / Double(sides) * Loop.phase(t, period: period)))
        shape.scaleBy(x: scale, y: scale)
        let r = cell * 0.4
        let path = RegularPolygon(sides).path(in: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        shape.fill(path, with: .color(Color(hue: 0.33 + 0.05 * Double(k) / 9, saturation: 0.65, brightness: 0.8)))
        shape.stroke(path, with: .color(Color(white: 0.1, opacity: 0.6)), style: StrokeStyle(lineWidth: 3 * unit, lineJoin: .round))
        context.draw(Text("\(sides)").font(.system(size: 26 * unit, weight: .semibold)).foregroundColor(Color(white: 0.3)),
                     at: CGPoint(x: rect.minX + 22 * unit, y: rect.minY + 24 * unit), anchor: .topLeading)
    }
    Caption.draw("4-8a Regular polygons", subtitle: "Shape: path(in:)", in: context, size: size)
}
