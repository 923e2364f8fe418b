public import Foundation
public import AnimateDrawing
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
        let drawing = formula.drawing
        drawGlyphs(drawing.groups, offset: origin)
        for picture in drawing.pictures { draw(picture.image, in: picture.rect.offsetBy(dx: origin.x, dy: origin.y)) }
    }
}
