import Foundation
import AnimateDrawing
import AnimateText

extension GraphicsContext {
    /// Draws `formula` with `anchor` of its box at `point`. A formula whose TeX has a mistake is
    /// drawn as its source in red, followed by the mistake, so it is seen where it is.
    public func draw(_ formula: Formula, at point: CGPoint, anchor: UnitPoint = .center) {
        do {
            draw(try formula.resolved(), at: point, anchor: anchor)
        } catch {
            let message = Text(formula.tex + "  ← " + "\(error)").font(.system(size: max(8, min(formula.font.size * 0.5, 200)), design: .monospaced))
                .foregroundColor(.red)
            draw(message, at: point, anchor: anchor)
        }
    }

    /// Draws a resolved formula with `anchor` of its box at `point`.
    public func draw(_ formula: ResolvedFormula, at point: CGPoint, anchor: UnitPoint = .center) {
        let origin = CGPoint(x: point.x - anchor.x * formula.size.width, y: point.y - anchor.y * formula.size.height)
        // Glyphs of one colour are filled together; rules and pictures after.
        var groups: [(glyphs: [PlacedGlyph], shading: Shading)] = []
        var index: [Color: Int] = [:]
        var rules: [(CGRect, Color)] = []
        var pictures: [(Image, CGRect)] = []
        for item in formula.items {
            let color = formula.color(of: item)
            switch item.kind {
            case .glyph(let face, let glyph, let scale):
                let g = formula.placed(item, face: face, glyph: glyph, scale: scale, origin: origin)
                if let i = index[color] { groups[i].glyphs.append(g) } else {
                    index[color] = groups.count
                    groups.append(([g], .color(color)))
                }
            case .rule(let width, let height):
                rules.append((CGRect(x: origin.x + item.x, y: origin.y + formula.baseline - item.y - height, width: width, height: height), color))
            case .picture(let image, let width, let height):
                pictures.append((image, CGRect(x: origin.x + item.x, y: origin.y + formula.baseline - item.y - height, width: width, height: height)))
            }
        }
        drawGlyphs(groups)
        for (rect, color) in rules { fill(Path(rect), with: .color(color)) }
        for (image, rect) in pictures { draw(image, in: rect) }
    }
}
