public import Foundation
public import AnimateDrawing
package import AnimateText

/// A formula laid out: its box's metrics, and its glyphs and rules as shapes tagged with the TeX
/// they came from and the parts they belong to. Positions are in the formula's box, its top-left
/// corner at the origin, y down.
public struct ResolvedFormula: Sendable {
    public let formula: Formula
    /// Width, and height from the top of the box to the bottom.
    public let size: CGSize
    /// From the box's top to the baseline: where text beside the formula sits.
    public let baseline: CGFloat
    /// The height of the math axis above the baseline (fraction bars and the middle of `+` sit on it).
    public let axisHeight: CGFloat
    let items: [MathItem]
    /// Its glyphs by colour, rules and pictures, placed for drawing.
    let drawing: FormulaDrawing

    init(_ formula: Formula) throws {
        let layout = try FormulaLayoutCache.layout(formula)
        self.formula = formula
        size = CGSize(width: layout.box.width, height: layout.box.height + layout.box.depth)
        let baseline = layout.box.height
        self.baseline = baseline
        axisHeight = layout.axis
        items = layout.box.items
        let colour = { (item: MathItem) in Self.color(of: item, in: formula) }
        drawing = FormulaLayoutCache.drawing(formula, layout) { FormulaDrawing(layout.box.items, baseline: baseline, color: colour) }
    }

    /// Every glyph and rule, in the order they are drawn.
    public var glyphs: [FormulaGlyph] {
        let tex = formula.tex
        let utf16 = tex.utf16
        return items.map { item in
            let lower = String.Index(utf16.index(utf16.startIndex, offsetBy: min(item.source.lowerBound, utf16.count)), within: tex) ?? tex.startIndex
            let upper = String.Index(utf16.index(utf16.startIndex, offsetBy: min(item.source.upperBound, utf16.count)), within: tex) ?? tex.endIndex
            let (path, picture) = shape(of: item)
            let bounds = picture?.rect ?? path.boundingRect
            return FormulaGlyph(path: path, picture: picture, isRule: { if case .rule = item.kind { return true }; return false }(),
                                range: lower..<max(lower, upper), parts: item.parts, color: color(of: item), bounds: bounds)
        }
    }

    /// The outline of everything drawn, as one path (pictures of emoji left out). Filling it
    /// gives the pixels drawing the formula does, within an eighth of a pixel.
    public var path: Path { path { _ in true } }

    /// The outline of what the part `name` holds (empty when no part has that name).
    public func path(part name: String) -> Path { path { $0.parts.contains(name) } }

    /// The names of the formula's parts, in the order they first appear.
    public var partNames: [String] {
        var seen = Set<String>(), names: [String] = []
        for item in items { for p in item.parts where seen.insert(p).inserted { names.append(p) } }
        return names
    }

    /// The box the ink covers (not the box the layout reserves): what labels are placed by.
    public var inkBounds: CGRect {
        items.reduce(CGRect.null) { box, item in
            let (path, picture) = shape(of: item)
            return box.union(picture?.rect ?? path.boundingRect)
        }
    }

    private func path(where include: (MathItem) -> Bool) -> Path {
        var p = Path()
        for item in items where include(item) {
            let (shape, _) = shape(of: item)
            if !shape.isEmpty { p.addPath(shape) }
        }
        return p
    }

    /// The item's outline in the box (y down), or its picture.
    private func shape(of item: MathItem) -> (Path, (image: Image, rect: CGRect)?) {
        switch item.kind {
        case .glyph(let face, let glyph, let scale):
            return (placed(item, face: face, glyph: glyph, scale: scale, origin: .zero).path, nil)
        case .rule(let width, let height):
            return (Path(CGRect(x: item.x, y: baseline - item.y - height, width: width, height: height)), nil)
        case .picture(let image, let width, let height):
            return (Path(), (image, CGRect(x: item.x, y: baseline - item.y - height, width: width, height: height)))
        }
    }

    func placed(_ item: MathItem, face: FontFace, glyph: UInt32, scale: CGFloat, origin: CGPoint) -> PlacedGlyph {
        PlacedGlyph(face: face, glyph: glyph, scale: scale, x: origin.x + item.x, y: origin.y + baseline - item.y)
    }

    func color(of item: MathItem) -> Color { Self.color(of: item, in: formula) }


    /// The formula's glyphs, same ids and sizes, set side by side on one baseline as text sets
    /// them (benchmarks compare drawing the two).
    package func glyphsOnALine() -> [PlacedGlyph] {
        var x: CGFloat = 0
        return drawing.groups.flatMap(\.glyphs).map { g in
            defer { x += FontLibrary.shared.withLock { g.face.advance(g.glyph) } * g.scale }
            return PlacedGlyph(face: g.face, glyph: g.glyph, scale: g.scale, x: x, y: baseline)
        }
    }

    /// What an item is drawn in: its own `\color`, else its innermost coloured part's, else the formula's.
    static func color(of item: MathItem, in formula: Formula) -> Color {
        if let c = item.color { return c }
        for p in item.parts.reversed() { if let c = formula.partColors[p] { return c } }
        return formula.color ?? .black
    }
}

/// One glyph or rule of a resolved formula.
public struct FormulaGlyph: Sendable {
    /// Its outline in the formula's box (a rule's rectangle; empty for an emoji picture).
    public let path: Path
    /// A colour emoji's picture (from `\text`) and where it is drawn, instead of an outline.
    public let picture: (image: Image, rect: CGRect)?
    /// A fraction bar, root's overbar or other rule, not a glyph.
    public let isRule: Bool
    /// The TeX it came from, in the formula's `tex`.
    public let range: Range<String.Index>
    /// The named parts it belongs to, outermost first.
    public let parts: [String]
    /// The colour it is drawn in.
    public let color: Color
    /// The box of its ink.
    public let bounds: CGRect
}

extension MathItem: @unchecked Sendable {}
