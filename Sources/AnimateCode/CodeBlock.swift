public import AnimateLexers
public import AnimateDrawing
import AnimateText
public import Foundation

/// A listing of source code to draw, highlighted by its language's tokens in a theme: line
/// numbers, a window of visible lines, highlighted lines or characters with the rest dimmed,
/// a cursor, and typing (only the first characters shown). Drawn with `context.draw(block, at:)`
/// like text; its layout (lexed and measured once per source) gives every piece's place, for
/// reveals and edits.
///
/// ```swift
/// var code = CodeBlock(source, language: .swift)
/// code.highlights = [.lines(3...4)]
/// context.draw(code, at: CGPoint(x: 80, y: 120))
/// ```
public struct CodeBlock: Sendable {
    /// What is highlighted: whole lines, or the characters between two positions.
    public enum Highlight: Sendable, Hashable {
        case lines(ClosedRange<Int>)
        case characters(from: CodePosition, to: CodePosition)

        func contains(_ p: CodePosition) -> Bool {
            switch self {
            case .lines(let r): r.contains(p.line)
            case .characters(let a, let b): a <= p && p < b
            }
        }
    }

    public var source: String { didSet { relayout() } }
    public var language: Language { didSet { relayout() } }
    public var theme: CodeTheme
    public var fontSize: CGFloat { didSet { relayout() } }
    public var tabWidth = 4 { didSet { relayout() } }
    public var showsLineNumbers = true
    /// The lines shown (from 1, inclusive); nil: all.
    public var visibleLines: ClosedRange<Int>?
    /// Highlighted parts; when there are any, the rest is drawn at `dimming` opacity.
    public var highlights: [Highlight] = []
    /// For focus moving from one part to another: the highlights before, and how far the move
    /// has gone (0: `previousHighlights` as they were, 1: `highlights`); each piece's dimming and
    /// each line's band fade between the two.
    public var previousHighlights: [Highlight] = []
    public var highlightProgress: Double = 1
    public var dimming: Double = 0.3
    /// A text cursor before this position, drawn as a bar.
    public var cursor: CodePosition?
    /// Only this many characters shown (spaces not counted), as if typed so far; nil: all.
    public var typedCharacters: Int?
    /// Space round the code inside the block's background.
    public var padding: CGFloat = 24
    /// Draw the theme's background behind the block.
    public var showsBackground = true

    public init(_ source: String, language: Language, theme: CodeTheme = .dark, fontSize: CGFloat = 28) {
        self.source = source
        self.language = language
        self.theme = theme
        self.fontSize = fontSize
        layout = Self.layout(source, language, fontSize, 4)
    }

    /// The code laid out (shared by blocks of the same source, language, size and tab width).
    public private(set) var layout: CodeLayout

    static func layout(_ source: String, _ language: Language, _ fontSize: CGFloat, _ tabWidth: Int) -> CodeLayout {
        let size = fontSize.isFinite && fontSize > 0 ? min(fontSize, 1000) : 28
        return CodeLayout.make(source, language: language, fontSize: size, tabWidth: tabWidth)
    }

    private mutating func relayout() { layout = Self.layout(source, language, fontSize, tabWidth) }

    /// The lines shown, clamped to the code's lines.
    var shownLines: ClosedRange<Int> { shownLines(layout) }

    func shownLines(_ layout: CodeLayout) -> ClosedRange<Int> {
        let count = max(layout.lineCount, 1)
        guard let v = visibleLines else { return 1...count }
        let lo = min(max(v.lowerBound, 1), count), hi = min(max(v.upperBound, lo), count)
        return lo...hi
    }

    /// The width of the line-number column (with its gap), or 0.
    var gutter: CGFloat { gutter(layout) }

    func gutter(_ layout: CodeLayout) -> CGFloat {
        guard showsLineNumbers else { return 0 }
        let digits = String(max(layout.lineCount, 1)).count
        return CGFloat(digits + 2) * layout.columnWidth
    }

    /// The block's size: the widest shown line, the shown lines, the gutter and padding.
    public var size: CGSize { size(layout) }

    func size(_ l: CodeLayout) -> CGSize {
        let shown = shownLines(l)
        var widest: CGFloat = 0
        for line in shown where line - 1 < l.lines.count {
            if let last = l.lines[line - 1].last { widest = max(widest, l.pieces[last].x + l.pieces[last].width) }
        }
        return CGSize(width: widest + gutter(l) + 2 * padding + l.columnWidth, height: CGFloat(shown.count) * l.lineHeight + 2 * padding)
    }

    /// Where a position's left edge and line top are, relative to the block's top-left corner.
    public func point(of position: CodePosition) -> CGPoint { point(of: position, layout) }

    func point(of position: CodePosition, _ l: CodeLayout) -> CGPoint {
        let row = position.line - shownLines(l).lowerBound
        var x = CGFloat(position.column - 1) * l.columnWidth
        if position.line >= 1 && position.line <= l.lines.count {
            // Measured pieces (wide characters) move what follows them.
            for k in l.lines[position.line - 1] {
                let p = l.pieces[k]
                if p.position.column + p.columns <= position.column { x = p.x + p.width + CGFloat(position.column - p.position.column - p.columns) * l.columnWidth }
            }
        }
        return CGPoint(x: padding + gutter(l) + x, y: padding + CGFloat(row) * l.lineHeight)
    }

    /// The rectangle of a line (from 1), relative to the block's top-left corner.
    public func frame(ofLine line: Int) -> CGRect {
        let top = point(of: CodePosition(line: line, column: 1))
        return CGRect(x: 0, y: top.y, width: size.width, height: layout.lineHeight)
    }

    /// A piece's look: its theme style (looked up once per kind in `styles`), dimmed outside highlights.
    func text(for piece: CodeLayout.Piece, font: Font, styles: inout [TokenKind: CodeTheme.Style], prefix: Int? = nil) -> Text {
        look(for: piece, styles: &styles).text(prefix.map { String(piece.text.prefix($0)) } ?? piece.text, font: font)
    }

    /// Each line's text with every piece in its look (same-looking neighbours as one run), made
    /// and laid out once per layout, theme, highlights and dimming and shared by frames.
    func lineTexts(_ l: CodeLayout, font: Font) -> [ResolvedText?] {
        let p = highlightProgress.isFinite ? min(max(highlightProgress, 0), 1) : 1
        let key = LineKey(layout: l.id, theme: theme, highlights: highlights, dimming: dimming,
                          previous: p < 1 ? previousHighlights : [], progress: p)
        if let known = Self.lineCache[key] { return known }
        var styles: [TokenKind: CodeTheme.Style] = [:]
        var out: [ResolvedText?] = []
        out.reserveCapacity(l.lines.count)
        for range in l.lines {
            var text: Text?
            var run = "", runLook: Look?
            func flush() {
                guard let look = runLook, !run.isEmpty else { return }
                let t = look.text(run, font: font)
                text = text.map { $0 + t } ?? t
            }
            for k in range {
                let piece = l.pieces[k]
                let look = self.look(for: piece, styles: &styles)
                // Spaces take on whatever look they sit in.
                if piece.isBlank, runLook != nil { run += piece.text; continue }
                if look != runLook { flush(); run = ""; runLook = look }
                run += piece.text
            }
            flush()
            out.append(text.map { ResolvedText(text: $0) })
        }
        Self.lineCache[key] = out
        return out
    }

    /// How a piece is drawn: its colour (dimmed or not), weight and slant.
    struct Look: Hashable {
        var color: Color
        var bold: Bool
        var italic: Bool

        /// `string` in this look, `opacity` of the way shown.
        func text(_ string: String, font: Font, opacity: Double = 1) -> Text {
            var text = Text(verbatim: string).font(font).foregroundColor(opacity < 1 ? color.opacity(opacity) : color)
            if bold { text = text.bold() }
            if italic { text = text.italic() }
            return text
        }
    }

    func look(for piece: CodeLayout.Piece, styles: inout [TokenKind: CodeTheme.Style]) -> Look {
        let style: CodeTheme.Style
        if let known = styles[piece.kind] { style = known } else { style = theme.style(for: piece.kind); styles[piece.kind] = style }
        var color = style.color ?? theme.foreground
        func lit(_ set: [Highlight]) -> Double { set.isEmpty || set.contains(where: { $0.contains(piece.position) }) ? 1 : dimming }
        let p = highlightProgress.isFinite ? min(max(highlightProgress, 0), 1) : 1
        let opacity = p >= 1 ? lit(highlights) : lit(previousHighlights) + (lit(highlights) - lit(previousHighlights)) * p
        if opacity < 1 { color = color.opacity(opacity) }
        return Look(color: color, bold: style.bold, italic: style.italic)
    }

    struct LineKey: Hashable {
        let layout: UInt64
        let theme: CodeTheme
        let highlights: [Highlight]
        let dimming: Double
        let previous: [Highlight]
        let progress: Double
    }

    private static let lineCache = BoundedCache<LineKey, [ResolvedText?]>(bound: 32)
}

extension GraphicsContext {
    /// Draws `block` with its top-left corner at `point` (or `anchor` of its box there).
    public func draw(_ block: CodeBlock, at point: CGPoint, anchor: UnitPoint = .topLeading) {
        let l = block.layout
        let size = block.size(l)
        let gutter = block.gutter(l)
        var styles: [TokenKind: CodeTheme.Style] = [:]
        let origin = CGPoint(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height)
        if block.showsBackground {
            fill(Path(roundedRect: CGRect(origin: origin, size: size), cornerRadius: min(12, block.padding)), with: .color(block.theme.background))
        }
        let shown = block.shownLines(l)
        // Highlighted lines get a band (while focus moves, the old bands fade as the new ones come).
        let p = block.highlightProgress.isFinite ? min(max(block.highlightProgress, 0), 1) : 1
        for (h, strength) in block.highlights.map({ ($0, p) }) + (p < 1 ? block.previousHighlights.map { ($0, 1 - p) } : []) {
            guard case .lines(let r) = h, strength > 0 else { continue }
            let lo = max(r.lowerBound, shown.lowerBound), hi = min(r.upperBound, shown.upperBound)
            guard lo <= hi else { continue }
            let top = origin.y + block.padding + CGFloat(lo - shown.lowerBound) * l.lineHeight
            fill(Path(CGRect(x: origin.x, y: top, width: size.width, height: CGFloat(hi - lo + 1) * l.lineHeight)),
                 with: .color(block.theme.highlight.opacity(strength)))
        }
        var remaining = block.typedCharacters ?? Int.max
        let font = CodeLayout.font(l.fontSize)
        let full = block.lineTexts(l, font: font)
        // Text sits in its line with the line's spare height split above and below.
        let baselineShift = (l.lineHeight - l.fontSize * 1.2) / 2
        // Characters typed before the first shown line count too.
        if remaining != Int.max {
            for line in 1..<shown.lowerBound where line - 1 < l.lines.count {
                remaining -= l.visibleCharacters(inLine: line)
            }
        }
        var cursorAtTyping: CodePosition?
        for line in shown where line - 1 < l.lines.count {
            let top = origin.y + block.padding + CGFloat(line - shown.lowerBound) * l.lineHeight
            // While typing, a line is numbered once typing reaches it.
            if block.showsLineNumbers && remaining > 0 {
                draw(Text(verbatim: String(line)).font(font).foregroundColor(block.theme.lineNumbers),
                     at: CGPoint(x: origin.x + block.padding + gutter - 2 * l.columnWidth, y: top + baselineShift), anchor: .topTrailing)
            }
            guard remaining > 0 else { continue }
            // A line shown whole: its text made once.
            let visibleInLine = remaining == Int.max ? 0 : l.visibleCharacters(inLine: line)
            if remaining == Int.max || remaining > visibleInLine {
                if remaining != Int.max { remaining -= visibleInLine }
                if let text = full[line - 1] {
                    let first = l.lines[line - 1].first.map { l.pieces[$0].x } ?? 0
                    draw(text, at: CGPoint(x: origin.x + block.padding + gutter + first, y: top + baselineShift), anchor: .topLeading)
                }
                continue
            }
            var lineText: Text?
            for k in l.lines[line - 1] {
                let piece = l.pieces[k]
                guard remaining > 0 else { break }
                let visible = piece.visibleCount
                var prefix: Int?
                if visible > remaining {
                    // Part of this piece: as many characters as leave `remaining` non-space ones.
                    var count = 0, seen = 0
                    for c in piece.text { count += 1; if c != " " { seen += 1; if seen == remaining { break } } }
                    prefix = count
                    cursorAtTyping = CodePosition(line: line, column: piece.position.column + count)
                }
                remaining -= visible
                let t = block.text(for: piece, font: font, styles: &styles, prefix: prefix)
                lineText = lineText.map { $0 + t } ?? t
                if remaining == 0 && prefix == nil { cursorAtTyping = CodePosition(line: line, column: piece.position.column + piece.columns) }
            }
            if let lineText {
                let first = l.lines[line - 1].first.map { l.pieces[$0].x } ?? 0
                draw(lineText, at: CGPoint(x: origin.x + block.padding + gutter + first, y: top + baselineShift), anchor: .topLeading)
            }
        }
        if let at = block.typedCharacters != nil ? cursorAtTyping ?? block.cursor : block.cursor, shown.contains(at.line) {
            let p = block.point(of: at, l)
            fill(Path(CGRect(x: origin.x + p.x - 1, y: origin.y + p.y + l.lineHeight * 0.12, width: max(2, l.fontSize / 12), height: l.lineHeight * 0.76)),
                 with: .color(block.theme.cursor))
        }
    }
}
