import Animate
import AnimateShapes

/// The quadratic formula derived by completing the square: each step written glyph by glyph
/// under the last, with a, b and c in their own colours throughout and the added square in a
/// fourth.
let quadratic = Scene(
    name: "quadratic",
    description: "The quadratic formula by completing the square: formulas with coloured parts, written glyph by glyph",
    duration: 12
) { context, frame in
    let size = frame.size
    let unit = size.height / 1080
    context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.98, green: 0.97, blue: 0.94)))
    Caption.draw("Completing the square", subtitle: "ax² + bx + c = 0", in: context, size: size)
    let steps = QuadraticSteps.formulas.map { $0.font(.system(size: 50 * unit)) }
    // A step every 1.8 seconds: written over 1.2 s, then held; earlier steps dim a little.
    // Rows line up by their math axis (where the fraction bars and = signs sit).
    let top = 200 * unit, spacing = 142 * unit
    for (i, formula) in steps.enumerated() {
        let start = 0.3 + 1.8 * Double(i)
        let t = frame.time - start
        guard t > 0, let resolved = try? formula.resolved() else { continue }
        let axis = top + spacing * CGFloat(i)
        let origin = CGPoint(x: size.width / 2 - resolved.size.width / 2, y: axis - (resolved.baseline - resolved.axisHeight))
        let written = min(t / 1.2, 1)
        if written >= 1 {
            var settled = context
            settled.opacity = i == steps.count - 1 || frame.time < start + 1.8 ? 1 : 0.55
            settled.draw(resolved, at: origin, anchor: .topLeading)
            continue
        }
        // Writing: glyphs in the order of their TeX, each fading in over a fifth of the time.
        var pen = context
        pen.translateBy(x: origin.x, y: origin.y)
        let glyphs = resolved.glyphs.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
        for (order, entry) in glyphs.enumerated() {
            let begin = Double(order) / Double(max(glyphs.count, 1)) * 0.8
            let alpha = min(max((written - begin) / 0.2, 0), 1)
            if alpha > 0 { pen.fill(entry.element.path, with: .color(entry.element.color.opacity(alpha))) }
        }
    }
    // The last step boxed once it is written.
    if frame.time > 0.3 + 1.8 * Double(steps.count - 1) + 1.4, let last = try? steps[steps.count - 1].resolved() {
        let y = top + spacing * CGFloat(steps.count - 1) - (last.baseline - last.axisHeight)
        let box = CGRect(x: size.width / 2 - last.size.width / 2 - 24 * unit, y: y - 14 * unit,
                         width: last.size.width + 48 * unit, height: last.size.height + 28 * unit)
        context.stroke(Path(roundedRect: box, cornerRadius: 12 * unit), with: .color(Color(hex: 0x6A4C93)), lineWidth: 3 * unit)
    }
}

/// The derivation's steps, their parts coloured: a, b, c and the square added to both sides.
enum QuadraticSteps {
    static let a = Color(hex: 0xD1495B), b = Color(hex: 0x00798C), c = Color(hex: 0xEDAE49), square = Color(hex: 0x6A4C93)

    static let formulas: [Formula] = [
        #"{{a}}x^2 + {{b}}x + {{c}} = 0"#,
        #"x^2 + \frac{ {{b}} }{ {{a}} }x = -\frac{ {{c}} }{ {{a}} }"#,
        #"x^2 + \frac{ {{b}} }{ {{a}} }x + \part{square}{\left(\frac{ {{b}} }{2{{a}}}\right)^2} = \part{square}{\left(\frac{ {{b}} }{2{{a}}}\right)^2} - \frac{ {{c}} }{ {{a}} }"#,
        #"\left(x + \frac{ {{b}} }{2{{a}}}\right)^2 = \frac{ {{b}}^2 - 4{{a}}{{c}} }{4{{a}}^2}"#,
        #"x + \frac{ {{b}} }{2{{a}}} = \pm\frac{\sqrt{ {{b}}^2 - 4{{a}}{{c}} }}{2{{a}}}"#,
        #"x = \frac{-{{b}} \pm \sqrt{ {{b}}^2 - 4{{a}}{{c}} }}{2{{a}}}"#,
    ].map { Formula($0).foregroundColor(Color(white: 0.12)).foregroundColor(a, for: "a").foregroundColor(b, for: "b")
        .foregroundColor(c, for: "c").foregroundColor(square, for: "square") }
}
