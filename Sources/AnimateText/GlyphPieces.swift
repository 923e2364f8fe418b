package import AnimateDrawing
package import Foundation

/// Glyphs gathered into pieces, each filled once with one shading: glyphs that keep their shape
/// on the device (moved and scaled alike both ways, not turned or sheared) come from cached
/// coverage masks at quarter-pixel positions; others are outlines.
struct GlyphPieces {
    private(set) var paths: [Path] = []
    /// Every piece's mask placements, piece after piece (`starts` gives where each begins), so
    /// pieces side by side are one slice.
    private(set) var placements: [MaskPlacement] = []
    private var starts: [Int] = []
    /// Masks made by `finish()`, for the pieces they belong to.
    private var late: [(piece: Int, placement: MaskPlacement)] = []
    private let transform: CGAffineTransform
    private let maskScale: CGFloat?
    // The cache's masks as they were when gathering began: most glyphs are found there; the
    // others are made by `finish()`.
    private var known: [UInt64: GlyphMaskCache.Entry]
    private var generation: GlyphMaskCache.Generation?
    private var requests: [GlyphMaskCache.Request] = []
    private var keys: [UInt64] = []
    private var spots: [(piece: Int, x: Int, y: Int, outline: CGAffineTransform)] = []
    /// The rules among the requests, by request index: drawn as rectangles if too large for a mask.
    private var ruleRects: [Int: CGRect] = [:]

    /// Glyphs gathered under `t`, with room for `pieces` pieces (about a line's runs).
    init(transform t: CGAffineTransform, pieces: Int = 0) {
        transform = t
        paths.reserveCapacity(pieces)
        starts.reserveCapacity(pieces)
        maskScale = t.b == 0 && t.c == 0 && t.a == t.d && t.a > 0 && t.a.isFinite && t.tx.isFinite && t.ty.isFinite ? t.a : nil
        (known, generation) = maskScale == nil ? ([:], nil) : GlyphMaskCache.shared.snapshot()
    }

    /// Starts a piece and returns its index.
    mutating func startPiece() -> Int {
        paths.append(Path())
        starts.append(placements.count)
        return paths.count - 1
    }

    /// Where piece `piece`'s placements end in `placements`.
    func end(of piece: Int) -> Int { piece + 1 < starts.count ? starts[piece + 1] : placements.count }

    /// Piece `piece`'s placements.
    func masks(_ piece: Int) -> ArraySlice<MaskPlacement> { placements[maskRange(piece)] }

    /// Where piece `piece`'s placements are in `placements`.
    func maskRange(_ piece: Int) -> Range<Int> { starts[piece]..<end(of: piece) }

    /// Whether piece `piece` has glyphs drawn as outlines.
    func hasOutline(_ piece: Int) -> Bool { !paths[piece].isEmpty }

    /// Adds a glyph whose outline (font units, y up) is placed by `outline` in user space; `masked`
    /// false keeps it an outline (synthetic bold widens outlines). Must hold the font library's lock.
    mutating func add(face: FontFace, glyph: UInt32, em: CGFloat, italic: Bool, outline: CGAffineTransform, masked: Bool = true, to piece: Int) {
        if masked, let s = maskScale, let spot = Self.maskSpot(face: face, glyph: glyph, em: em * s, italic: italic,
                                                                 x: s * outline.tx + transform.tx, y: s * outline.ty + transform.ty),
           place(spot.request, x: spot.x, y: spot.y, piece: piece, outline: outline, rule: nil) {
            return
        }
        paths[piece].addPath(face.outline(glyph), transform: outline)
    }

    /// Adds a rule (an axis-aligned rectangle in user space) as a cached mask at quarter-pixel
    /// edges where the transform allows, else as a rectangle.
    mutating func addRule(_ rect: CGRect, to piece: Int) {
        if let s = maskScale {
            let x = s * rect.minX + transform.tx, y = s * rect.minY + transform.ty
            let width = Int((s * rect.width * 4).rounded()), height = Int((s * rect.height * 64).rounded())
            guard width > 0, height > 0 else { return }
            if abs(x) < 268_435_456, abs(y) < 268_435_456, width < 1 << 20, height < 1 << 20 {
                let qx = Int((x * 4).rounded()), qy = Int((y * 4).rounded())
                let request = GlyphMaskCache.Request(face: nil, glyph: UInt32(width), size: height, phaseX: qx & 3, phaseY: qy & 3, italic: false)
                if place(request, x: qx >> 2, y: qy >> 2, piece: piece, outline: .identity, rule: rect) { return }
            }
        }
        paths[piece].addRect(rect)
    }

    /// Places the cache's mask for `request` at pixel (`x`, `y`), or asks for it to be made; false
    /// when the request has no key (the caller draws an outline instead).
    private mutating func place(_ request: GlyphMaskCache.Request, x: Int, y: Int, piece: Int, outline: CGAffineTransform, rule: CGRect?) -> Bool {
        guard let key = request.key else { return false }
        switch known[key] {
        case .mask(let shape)?: placements.append(MaskPlacement(shape, x: x, y: y))
        case .empty?: break
        case .tooLarge?: return false
        case nil:
            requests.append(request)
            keys.append(key)
            spots.append((piece, x, y, outline))
            if let rule { ruleRects[requests.count - 1] = rule }
        }
        return true
    }

    /// Makes the masks missing (without the font library's lock) and returns what keeps every
    /// placed mask alive until it is drawn.
    mutating func finish() -> [AnyObject] {
        // The snapshot let go first, so adding masks copies nothing.
        known = [:]
        var keep: [AnyObject] = generation.map { [$0] } ?? []
        generation = nil
        let (made, kept) = requests.isEmpty ? ([], []) : GlyphMaskCache.shared.masks(for: requests, keys: keys)
        keep += kept as [AnyObject]
        for i in made.indices {
            let spot = spots[i]
            switch made[i] {
            case .mask(let shape):
                late.append((spot.piece, MaskPlacement(shape, x: spot.x, y: spot.y)))
            case .empty: break
            case .tooLarge:
                if let rect = ruleRects[i] {
                    paths[spot.piece].addRect(rect)
                    continue
                }
                guard let face = requests[i].face else { continue }
                let glyph = requests[i].glyph
                let outline = FontLibrary.shared.withLock { face.outline(glyph) }
                paths[spot.piece].addPath(outline, transform: spot.outline)
            }
        }
        requests = []
        spots = []
        ruleRects = [:]
        if !late.isEmpty {
            // Each late mask joins its piece (the order of a piece's masks does not matter: their
            // levels are summed).
            var merged: [MaskPlacement] = []
            merged.reserveCapacity(placements.count + late.count)
            var byPiece = [[MaskPlacement]](repeating: [], count: starts.count)
            for (piece, placement) in late { byPiece[piece].append(placement) }
            for piece in starts.indices {
                let range = starts[piece]..<end(of: piece)
                starts[piece] = merged.count
                merged += placements[range]
                merged += byPiece[piece]
            }
            placements = merged
            late = []
        }
        return keep
    }

    /// The mask a glyph whose pen lands at device (`x`, `y`) is drawn with, its em `em` device
    /// pixels: its pen rounded to a quarter pixel, split into the whole pixel and the phase. Nil
    /// for glyphs too large for masks, or placed where pixels cannot be counted.
    private static func maskSpot(face: FontFace, glyph: UInt32, em: CGFloat, italic: Bool, x: CGFloat, y: CGFloat)
        -> (request: GlyphMaskCache.Request, x: Int, y: Int)? {
        guard em > 0, em <= GlyphMaskCache.largestSize, abs(x) < 268_435_456, abs(y) < 268_435_456 else { return nil }
        let size = Int((em * 64).rounded())
        let qx = Int((x * 4).rounded()), qy = Int((y * 4).rounded())
        guard size > 0 else { return nil }
        return (GlyphMaskCache.Request(face: face, glyph: glyph, size: size, phaseX: qx & 3, phaseY: qy & 3, italic: italic),
                qx >> 2, qy >> 2)
    }
}

/// A glyph placed outside a text layout, as formulas place them: its pen at (`x`, `y`) in user
/// space (y down), `scale` points per font unit.
package struct PlacedGlyph {
    package unowned(unsafe) let face: FontFace
    package let glyph: UInt32
    package let scale: CGFloat
    package var x: CGFloat
    package var y: CGFloat

    package init(face: FontFace, glyph: UInt32, scale: CGFloat, x: CGFloat, y: CGFloat) {
        self.face = face
        self.glyph = glyph
        self.scale = scale
        self.x = x
        self.y = y
    }

    /// The glyph's outline (font units, y up) to user space.
    package var transform: CGAffineTransform { CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: x, ty: y) }

    /// The glyph's outline in user space.
    package var path: Path {
        var p = Path()
        let outline = FontLibrary.shared.withLock { face.outline(glyph) }
        p.addPath(outline, transform: transform)
        return p
    }
}

extension GraphicsContext {
    /// Fills each group of placed glyphs and rules (rectangles), moved by `offset`, with its
    /// colour, from glyph masks where the transform allows, as text is drawn.
    package func drawGlyphs(_ groups: [(glyphs: [PlacedGlyph], rules: [CGRect], color: Color)], offset: CGPoint = .zero) {
        if hasFilters {
            drawLayer { $0.drawGlyphs(groups, offset: offset) }
            return
        }
        var pieces = GlyphPieces(transform: transform)
        FontLibrary.shared.withLock {
            for group in groups {
                let piece = pieces.startPiece()
                for g in group.glyphs {
                    var outline = g.transform
                    outline.tx += offset.x
                    outline.ty += offset.y
                    pieces.add(face: g.face, glyph: g.glyph, em: g.scale * g.face.unitsPerEm, italic: false, outline: outline, to: piece)
                }
                for rule in group.rules { pieces.addRule(rule.offsetBy(dx: offset.x, dy: offset.y), to: piece) }
            }
        }
        let keep = pieces.finish()
        for (i, group) in groups.enumerated() {
            if !pieces.masks(i).isEmpty { fill(pieces.masks(i), keeping: keep, with: .color(group.color)) }
            if !pieces.paths[i].isEmpty { fill(pieces.paths[i], with: .color(group.color)) }
        }
    }
}

extension Text {
    /// The text on one line: its glyphs with pens from the line's start on its baseline (y down),
    /// its colour emoji pictures, and the line's width, ascent and descent.
    /// Each glyph's (and picture's) cluster: the UTF-16 offsets in the string it shows.
    package func lineGlyphs() -> (glyphs: [PlacedGlyph], clusters: [Range<Int>], pictures: [(image: Image, rect: CGRect, cluster: Range<Int>)],
                                  width: CGFloat, ascent: CGFloat, descent: CGFloat) {
        let layout = TextLayout(self, maxWidth: nil)
        var glyphs: [PlacedGlyph] = [], clusters: [Range<Int>] = [], pictures: [(image: Image, rect: CGRect, cluster: Range<Int>)] = []
        var ascent: CGFloat = 0, descent: CGFloat = 0, width: CGFloat = 0
        FontLibrary.shared.withLock {
            for line in layout.lines.prefix(1) {
                ascent = line.ascent
                descent = line.descent
                // Spaces count: a formula's `\\text{if }` keeps its trailing space.
                width = line.glyphs.reduce(line.width) { max($0, $1.x - $1.xOffset + $1.advance) }
                for g in line.glyphs where !g.isSpace {
                    if let rect = g.pictureRect(x: 0, baseline: 0), let picture = g.face.colorGlyph(g.glyph) {
                        pictures.append((picture.image, rect, g.cluster))
                    } else if !g.face.isColor {
                        glyphs.append(PlacedGlyph(face: g.face, glyph: g.glyph, scale: g.scale, x: g.x, y: g.y))
                        clusters.append(g.cluster)
                    }
                }
            }
        }
        return (glyphs, clusters, pictures, width, ascent, descent)
    }
}
