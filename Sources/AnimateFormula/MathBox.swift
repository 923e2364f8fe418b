import Foundation
import AnimateDrawing
import AnimateText

/// One drawn piece of a formula: a glyph or a rule, where it sits (y up from the baseline), its
/// colour, the TeX it came from and the parts it belongs to.
struct MathItem {
    enum Kind {
        /// A glyph of `face`, its pen at (x, y), scaled by `scale` points per font unit.
        case glyph(FontFace, UInt32, scale: CGFloat)
        /// A rule whose bottom-left corner is at (x, y).
        case rule(width: CGFloat, height: CGFloat)
        /// A colour emoji's picture, its bottom-left corner at (x, y).
        case picture(Image, width: CGFloat, height: CGFloat)
    }
    var kind: Kind
    var x: CGFloat
    var y: CGFloat
    var color: Color?
    /// UTF-16 offsets in the TeX source.
    var source: Range<Int>
    /// The named parts it is in, outermost first.
    var parts: [String]
}

/// A laid-out piece of formula: TeX's box, its width, height above the baseline, depth below,
/// and what it draws.
struct MathBox {
    var width: CGFloat = 0
    var height: CGFloat = 0
    var depth: CGFloat = 0
    /// The italic correction of a box that is one slanted glyph.
    var italic: CGFloat = 0
    /// Set when the box is one glyph of the math font: for kerning, accents and scripts.
    var glyph: UInt32? = nil
    /// Points per font unit of that glyph.
    var glyphScale: CGFloat = 0
    var items: [MathItem] = []

    init() {}

    init(width: CGFloat, height: CGFloat, depth: CGFloat) {
        self.width = width
        self.height = height
        self.depth = depth
    }

    /// Adds `other`'s items with its origin at (dx, dy), growing the box's height and depth (not its width).
    mutating func add(_ other: MathBox, dx: CGFloat, dy: CGFloat) {
        height = max(height, other.height + dy)
        depth = max(depth, other.depth - dy)
        if dx == 0 && dy == 0 {
            items += other.items
        } else {
            // No exact reserveCapacity here: it would defeat the array's doubling, and a row of
            // n atoms would copy its items n times.
            for var item in other.items {
                item.x += dx
                item.y += dy
                items.append(item)
            }
        }
    }

    /// Appends `other` after the box's width, on the same baseline.
    mutating func append(_ other: MathBox) {
        add(other, dx: width, dy: 0)
        width += other.width
        glyph = nil
        italic = other.italic
    }

    /// This box moved up by `dy` (down when negative).
    func raised(_ dy: CGFloat) -> MathBox {
        var b = MathBox(width: width, height: height + dy, depth: depth - dy)
        b.add(self, dx: 0, dy: dy)
        return b
    }
}
