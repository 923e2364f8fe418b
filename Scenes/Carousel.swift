import Animate
import AnimateShapes
import Foundation

/// 4-9b: the auto-sliding carousel, ported from the lesson's `.onChange` counter: every tick adds
/// 0.05 (of a screen width) until the next picture has slid in, then holds; past the threshold the
/// first picture moves to the end of the array and the counter restarts. A dot indicator shows the
/// current picture. With four pictures the 12-second loop is seamless.
func carousel(_ inputs: SceneInputs = SceneInputs()) -> Scene {
    let pictures = inputs.images
    let count = pictures.isEmpty ? GeneratedPicture.all.count : pictures.count
    struct State: Sendable {
        /// Ticks since the current slide began; the lesson's percentage is `step * 0.05`.
        var step = 0
        /// Index of the picture shown first (the lesson rotates its array; we rotate an index).
        var first = 0
    }
    // 179 ticks of 0.05 reach 8.95, past the 8.9 threshold; the 180th tick resets: 3 s per picture at 60 ticks/s.
    let threshold = 178
    return Scene(
        name: "carousel",
        description: "4-9b Auto-sliding carousel: pictures slide in one screen-width, pause, then the next (--images DIR for your photos)",
        duration: 3 * Double(count),
        initialState: State(),
        update: { state, _ in
            if state.step > threshold {
                state.first = (state.first + 1) % count
                state.step = 0
            } else {
                state.step += 1
            }
        },
        draw: { context, state, frame in
            let size = frame.size
            let unit = size.height / 1080
            let percent = Double(state.step) * 0.05
            // The lesson's "stay at one width once past 100%" trick: the hold is the counter running on.
            // Whole pixels: two clipped slides meeting at a fractional x would let the background show through the seam.
            let moved = (percent < 1 ? size.width * Easing.easeInOut(percent) : size.width).rounded()
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
            for i in 0..<2 {
                let index = (state.first + i) % count
                let slot = CGRect(x: size.width * CGFloat(i) - moved, y: 0, width: size.width, height: size.height)
                guard slot.maxX > 0, slot.minX < size.width else { continue }
                var layer = context
                layer.clip(to: Path(slot))
                if pictures.isEmpty {
                    GeneratedPicture.all[index].draw(in: layer, rect: slot, time: frame.time)
                } else {
                    // Aspect fill: cover the slot, centred.
                    let image = pictures[index]
                    let scale = max(slot.width / image.size.width, slot.height / image.size.height)
                    let drawn = CGSize(width: image.size.width * scale, height: image.size.height * scale)
                    layer.draw(image, in: CGRect(x: slot.midX - drawn.width / 2, y: slot.midY - drawn.height / 2,
                                                 width: drawn.width, height: drawn.height))
                }
            }
            // The lesson's indicator: a filled dot for the current picture, hollow ones for the rest.
            let current = percent < 0.5 ? state.first : (state.first + 1) % count
            var marks = AttributedString("")
            for i in 0..<count { marks += AttributedString(i == current ? "●" : "○") }
            marks.foregroundColor = .white
            let dots = Text(marks).font(.system(size: 40 * unit))
            let dotsSize = context.resolve(dots).size
            let pill = CGRect(x: size.width / 2 - dotsSize.width / 2 - 24 * unit, y: size.height - 60 * unit - dotsSize.height,
                              width: dotsSize.width + 48 * unit, height: dotsSize.height + 16 * unit)
            context.fill(Path(roundedRect: pill, cornerRadius: pill.height / 2), with: .color(Color(white: 0, opacity: 0.35)))
            context.draw(dots, at: CGPoint(x: pill.midX, y: pill.midY), anchor: .center)
            Caption.draw("4-9b Carousel", subtitle: pictures.isEmpty ? "generated pictures" : "\(count) pictures",
                         in: context, size: size, dark: true)
        })
}

/// Pictures for the carousel when the user gives none: landscapes drawn with gradients and paths.
struct GeneratedPicture: Sendable {
    let name: String
    let sky: [Color]
    let ground: Color
    let sun: Color
    let hills: Int

    static let all = [
        GeneratedPicture(name: "Dawn", sky: [Color(hex: 0xFFB88C), Color(hex: 0xDE6262)], ground: Color(hex: 0x3B2A4A), sun: Color(hex: 0xFFF1B5), hills: 3),
        GeneratedPicture(name: "Noon", sky: [Color(hex: 0x74B9FF), Color(hex: 0xDFF3FF)], ground: Color(hex: 0x2E8B57), sun: .white, hills: 2),
        GeneratedPicture(name: "Dusk", sky: [Color(hex: 0x2C3E91), Color(hex: 0xF8A170)], ground: Color(hex: 0x1B1B3A), sun: Color(hex: 0xFFD36E), hills: 4),
        GeneratedPicture(name: "Night", sky: [Color(hex: 0x020111), Color(hex: 0x20202C)], ground: Color(hex: 0x0B0B14), sun: Color(hex: 0xF4F1C9), hills: 3),
    ]

    func draw(in context: GraphicsContext, rect: CGRect, time: Double) {
        let w = rect.width, h = rect.height
        context.fill(Path(rect), with: .linearGradient(Gradient(colors: sky), startPoint: CGPoint(x: rect.minX, y: rect.minY),
                                                       endPoint: CGPoint(x: rect.minX, y: rect.minY + h * 0.75)))
        if name == "Night" {
            var rng = RandomSource(seed: 7)
            for _ in 0..<160 {
                let p = rng.point(in: CGRect(x: rect.minX, y: rect.minY, width: w, height: h * 0.6))
                let r = (0.6 + 1.6 * rng.unit()) * h / 1080
                let twinkle = 0.55 + 0.45 * PortableMath.sin(time * 2.3 + rng.uniform(0...6.28))
                context.fill(Path(ellipseIn: CGRect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)), with: .color(Color.white.opacity(twinkle)))
            }
        }
        let sunCenter = CGPoint(x: rect.minX + w * 0.68, y: rect.minY + h * 0.34)
        let sunR = h * 0.09
        context.fill(Path(ellipseIn: CGRect(x: sunCenter.x - sunR * 2.2, y: sunCenter.y - sunR * 2.2, width: sunR * 4.4, height: sunR * 4.4)),
                     with: .radialGradient(Gradient(colors: [sun.opacity(0.45), sun.opacity(0)]), center: sunCenter, startRadius: sunR, endRadius: sunR * 2.2))
        context.fill(Path(ellipseIn: CGRect(x: sunCenter.x - sunR, y: sunCenter.y - sunR, width: 2 * sunR, height: 2 * sunR)), with: .color(sun))
        for k in 0..<hills {
            let depth = Double(k) / Double(max(hills - 1, 1))
            let base = rect.minY + h * (0.62 + 0.1 * depth)
            var hill = Path()
            hill.move(to: CGPoint(x: rect.minX, y: rect.maxY))
            hill.addLine(to: CGPoint(x: rect.minX, y: base))
            let bumps = 3 + k
            for b in 0..<bumps {
                let x0 = rect.minX + w * CGFloat(b) / CGFloat(bumps), x1 = rect.minX + w * CGFloat(b + 1) / CGFloat(bumps)
                let peak = base - h * (0.06 + 0.05 * PortableMath.sin(Double(b * 7 + k * 3)))
                hill.addQuadCurve(to: CGPoint(x: x1, y: base), control: CGPoint(x: (x0 + x1) / 2, y: peak - h * 0.05))
            }
            hill.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            hill.closeSubpath()
            context.fill(hill, with: .color(Color.interpolate(sky.last!, ground, 0.45 + 0.55 * depth)))
        }
        context.draw(Text(name).font(.system(size: h * 0.06, weight: .bold)).foregroundColor(Color.white.opacity(0.9)),
                     at: CGPoint(x: rect.minX + w * 0.06, y: rect.maxY - h * 0.2), anchor: .leading)
    }
}
