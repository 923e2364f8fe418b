import AnimateDrawing
import AnimateText
import Foundation

/// A resolved formula placed for drawing, its box's top-left corner at the origin: glyphs and
/// rules grouped by colour (each group filled once, as a line of text is), and pictures. Made once per
/// formula and colours, so drawing an unchanged formula each frame only moves it.
final class FormulaDrawing: @unchecked Sendable {
    let groups: [(glyphs: [PlacedGlyph], rules: [CGRect], color: Color)]
    let pictures: [(image: Image, rect: CGRect)]

    init(_ items: [MathItem], baseline: CGFloat, color: (MathItem) -> Color) {
        var groups: [(glyphs: [PlacedGlyph], rules: [CGRect], color: Color)] = []
        var index: [Color: Int] = [:]
        func group(_ c: Color) -> Int {
            if let i = index[c] { return i }
            index[c] = groups.count
            groups.append(([], [], c))
            return groups.count - 1
        }
        var pictures: [(image: Image, rect: CGRect)] = []
        for item in items {
            let c = color(item)
            switch item.kind {
            case .glyph(let face, let glyph, let scale):
                groups[group(c)].glyphs.append(PlacedGlyph(face: face, glyph: glyph, scale: scale, x: item.x, y: baseline - item.y))
            case .rule(let width, let height):
                groups[group(c)].rules.append(CGRect(x: item.x, y: baseline - item.y - height, width: width, height: height))
            case .picture(let image, let width, let height):
                pictures.append((image, CGRect(x: item.x, y: baseline - item.y - height, width: width, height: height)))
            }
        }
        self.groups = groups
        self.pictures = pictures
    }
}
