import Animate
import AnimateShapes

/// The four playing-card suits drawn with arcs and curves: each outline traces itself, fills,
/// then beats gently; the spade is the heart rotated 180 degrees with a stem.
let suits = Scene(
    name: "suits",
    description: "Card suits: diamond, heart, spade and club from arcs, cubic curves and a rotated heart",
    duration: 8
) { context, frame in
    let size = frame.size
    let unit = size.height / 1080
    context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.10, green: 0.38, blue: 0.24)))
    let names = ["Diamond", "Heart", "Spade", "Club"]
    let shapes: [AnyShape] = [AnyShape(Diamond()), AnyShape(Heart()), AnyShape(Spade()), AnyShape(Club())]
    let colors: [Color] = [.red, .red, Color(white: 0.08), Color(white: 0.08)]
    let cardWidth = min(size.width / 4.8, size.height * 0.5)
    let cardHeight = cardWidth * 1.4
    let gap = (size.width - 4 * cardWidth) / 5
    let t = frame.time
    let fadeOut = 1 - progress(of: t, in: 7.4...8)
    for k in 0..<4 {
        let card = CGRect(x: gap + CGFloat(k) * (cardWidth + gap), y: (size.height - cardHeight) / 2 + 30 * unit, width: cardWidth, height: cardHeight)
        context.fill(Path(roundedRect: card, cornerRadius: 18 * unit), with: .color(.white))
        context.stroke(Path(roundedRect: card, cornerRadius: 18 * unit), with: .color(Color(white: 0.75)), lineWidth: 2 * unit)
        let start = 0.4 + 0.5 * Double(k)
        let trace = progress(of: t, in: start...(start + 1.2))
        let fill = Easing.easeOut(progress(of: t, in: (start + 1.0)...(start + 1.6)))
        let beat = 1 + 0.06 * max(0, PortableMath.sin(2 * .pi * (t - 3.5) / 1.6)) * progress(of: t, in: 3.5...4.0) * fadeOut
        let side = cardWidth * 0.62
        var symbol = context
        symbol.opacity = fadeOut        // the suits fade away together before the loop restarts
        symbol.translateBy(x: card.midX, y: card.midY)
        symbol.scaleBy(x: beat, y: beat)
        let path = shapes[k].path(in: CGRect(x: -side / 2, y: -side / 2, width: side, height: side))
        if fill > 0 {
            var filled = symbol
            filled.opacity = fill * fadeOut
            filled.fill(path, with: .color(colors[k]))
        }
        if trace > 0 {
            // The outline traces itself: a dash as long as the traced part, phase at the start.
            symbol.stroke(path, with: .color(colors[k]), style: StrokeStyle(lineWidth: 4 * unit, lineCap: .round, lineJoin: .round,
                                                                             dash: [side * 4.5 * trace, side * 10]))
        }
        context.draw(Text(names[k]).font(.system(size: 30 * unit, weight: .semibold)).foregroundColor(colors[k].opacity(0.8)),
                     at: CGPoint(x: card.midX, y: card.maxY - 40 * unit))
    }
    Caption.draw("Card suits", subtitle: "arcs, cubic curves and a rotated heart", in: context, size: size, dark: true)
}
