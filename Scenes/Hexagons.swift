import Animate
import AnimateShapes

/// 4-8a: 13 nested hexagons, each 0.85 times the last and turned 15 degrees further, twisting
/// over time, beside a filled pentagon. Each hexagon turns a whole number of sixths of a turn
/// per loop, so the 8-second loop is seamless.
let hexagons = Scene(
    name: "hexagons",
    description: "4-8a Rotating hexagons: 13 nested hexagons (x0.85, +15 deg each) twisting beside a pentagon",
    duration: 8
) { context, frame in
    let size = frame.size
    let unit = size.height / 1080
    context.fill(Path(CGRect(origin: .zero, size: size)),
                 with: .linearGradient(Gradient(colors: [Color(red: 0.06, green: 0.07, blue: 0.16), Color(red: 0.10, green: 0.06, blue: 0.20)]),
                                       startPoint: .zero, endPoint: CGPoint(x: size.width, y: size.height)))
    let phase = frame.progress                                   // 0 ..< 1 over the loop
    let half = CGSize(width: size.width / 2, height: size.height)
    // The pentagon on the left half turns one fifth of a turn per loop.
    var pentagon = context
    pentagon.translateBy(x: half.width * 0.5, y: half.height * 0.55)
    pentagon.rotate(by: .degrees(-72 * phase))
    let r = min(half.width, half.height) * 0.32
    pentagon.fill(RegularPolygon(5).path(in: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r)),
                  with: .radialGradient(Gradient(colors: [.mint, .cyan, .teal]), center: .zero, startRadius: 0, endRadius: r))
    // The lesson's 13 hexagons: scale 0.85^i, rotated i * 15 degrees, centred in the right half.
    let frameRect = CGRect(x: -half.width / 2, y: -half.height / 2, width: half.width, height: half.height).insetBy(dx: 0, dy: 90 * unit)
    for i in 0...12 {
        let scale = PortableMath.pow(0.85, Double(i))
        let turns = Double(i % 3 + 1) / 6                         // 1, 2 or 3 sixths of a turn per loop
        let angle = Double(i) * .pi / 12 + 2 * .pi * turns * phase
        var layer = context
        layer.transform = CGAffineTransform(scaleX: scale, y: scale)
            .concatenating(CGAffineTransform(rotationAngle: angle))
            .concatenating(CGAffineTransform(translationX: half.width * 1.5, y: half.height * 0.55))
            .concatenating(context.transform)
        let hue = 0.5 + 0.12 * Double(i) / 12
        layer.stroke(RegularPolygon(6).path(in: frameRect),
                     with: .color(Color(hue: hue, saturation: 0.7, brightness: 1)),
                     lineWidth: 3 * unit / scale)
    }
    Caption.draw("4-8a Regular polygons", subtitle: "CGAffineTransform: scale 0.85, rotate 15°", in: context, size: size, dark: true)
}
