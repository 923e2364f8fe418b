import AnimateLexers
public import AnimateDrawing
import AnimateText
public import Foundation

/// One glyph of a code block as drawn: its outline (relative to the block's top-left corner),
/// its token's colour (dimmed outside highlights), and the piece of the layout it belongs to.
/// For reveals that draw code on (Write), and for pointing at a token's letters.
public struct CodeGlyph: Sendable {
    public let path: Path
    public let color: Color
    /// The piece's index in `CodeBlock.layout.pieces`; nil for a line number's digits.
    public let piece: Int?
    /// Where the piece starts (a line number: its line, column 0).
    public let position: CodePosition
}

extension CodeBlock {
    /// The glyphs of the shown lines, in reading order, each line's number first when
    /// `includingLineNumbers` and the block shows them (colour emoji, which are pictures, left out).
    public func glyphs(includingLineNumbers: Bool = false) -> [CodeGlyph] {
        let l = layout
        let shown = shownLines(l)
        let font = CodeLayout.font(l.fontSize)
        var styles: [TokenKind: CodeTheme.Style] = [:]
        let outlines = pieceOutlines(l, font: font)
        let baselineShift = (l.lineHeight - l.fontSize * 1.2) / 2
        var out: [CodeGlyph] = []
        for line in shown where line - 1 < l.lines.count {
            let top = padding + CGFloat(line - shown.lowerBound) * l.lineHeight + baselineShift
            if includingLineNumbers && showsLineNumbers {
                let number = ResolvedText(text: Text(verbatim: String(line)).font(font))
                let shift = CGAffineTransform(translationX: padding + gutter(l) - 2 * l.columnWidth - number.size.width, y: top)
                for g in number.glyphs(in: CGSize(width: CGFloat.infinity, height: .infinity)) where !g.path.isEmpty {
                    out.append(CodeGlyph(path: g.path.applying(shift), color: theme.lineNumbers, piece: nil, position: CodePosition(line: line, column: 0)))
                }
            }
            for k in l.lines[line - 1] where !l.pieces[k].isBlank {
                let piece = l.pieces[k]
                let color = look(for: piece, styles: &styles).color
                let shift = CGAffineTransform(translationX: padding + gutter(l) + piece.x, y: top)
                for path in outlines[k] {
                    out.append(CodeGlyph(path: path.applying(shift), color: color, piece: k, position: piece.position))
                }
            }
        }
        return out
    }

    /// The box of piece `index` of the layout, relative to the block's top-left corner; `.null`
    /// when its line is not shown.
    public func frame(ofPiece index: Int) -> CGRect {
        let l = layout
        guard l.pieces.indices.contains(index), shownLines(l).contains(l.pieces[index].position.line) else { return .null }
        let piece = l.pieces[index]
        let p = point(of: piece.position, l)
        return CGRect(x: p.x, y: p.y, width: piece.width, height: l.lineHeight)
    }

    /// The boxes of the characters from `start` up to (not including) `end`, one per shown line
    /// they cover, each as wide as the characters on it.
    public func frames(from start: CodePosition, to end: CodePosition) -> [CGRect] {
        let l = layout
        guard start < end else { return [] }
        var out: [CGRect] = []
        for line in shownLines(l) where line >= start.line && line <= end.line && line - 1 < l.lines.count {
            let range = l.lines[line - 1]
            let lastColumn = range.last.map { l.pieces[$0].position.column + l.pieces[$0].columns } ?? 1
            let from = line == start.line ? start.column : (range.first.map { l.pieces[$0].position.column } ?? 1)
            let to = line == end.line ? min(end.column, lastColumn) : lastColumn
            guard to > from else { continue }
            let a = point(of: CodePosition(line: line, column: from), l), b = point(of: CodePosition(line: line, column: to), l)
            out.append(CGRect(x: a.x, y: a.y, width: b.x - a.x, height: l.lineHeight))
        }
        return out
    }

    /// Each piece's glyph outlines at its own origin, made once per layout and theme (a theme's
    /// bold and italic kinds have other outlines) and shared by frames.
    func pieceOutlines(_ l: CodeLayout, font: Font) -> [[Path]] {
        let key = OutlineKey(layout: l.id, theme: theme)
        if let known = Self.outlineCache[key] { return known }
        var styles: [TokenKind: CodeTheme.Style] = [:]
        var out: [[Path]] = []
        out.reserveCapacity(l.pieces.count)
        for piece in l.pieces {
            guard !piece.isBlank else { out.append([]); continue }
            let text = look(for: piece, styles: &styles).text(piece.text, font: font)
            let glyphs = ResolvedText(text: text).glyphs(in: CGSize(width: CGFloat.infinity, height: .infinity))
            out.append(glyphs.compactMap { $0.path.isEmpty ? nil : $0.path })
        }
        Self.outlineCache[key] = out
        return out
    }

    struct OutlineKey: Hashable {
        let layout: UInt64
        let theme: CodeTheme
    }

    private static let outlineCache = BoundedCache<OutlineKey, [[Path]]>(bound: 16)
}
