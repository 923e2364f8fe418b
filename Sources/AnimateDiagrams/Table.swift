import AnimateMath
public import AnimateDrawing
import AnimateFormula
import AnimateText
public import Foundation

/// A table of text or math cells (Manim's Table and MathTable): columns as wide as their widest
/// cell, rows as tall as their tallest, with padding, rules between the cells and a heavier one
/// under the header row. Cells are addressable for highlights and reveals.
///
/// ```swift
/// let table = Table([["x", "x^2"], ["1", "1"], ["2", "4"]], math: true, at: CGPoint(x: 960, y: 540))
/// context.draw(table)
/// context.stroke(SurroundingRectangle(table.cellFrame(row: 2, column: 1), padding: 0).path, with: .color(.red), lineWidth: 3)
/// ```
public struct Table: Sendable {
    /// One cell's content.
    public enum Cell: Sendable, Hashable {
        case text(String)
        case math(String)
    }

    public var rows: [[Cell]]
    public var fontSize: CGFloat
    public var padding: CGFloat = 16
    public var color = Color(white: 0.15)
    public var lineWidth: CGFloat = 2
    /// A heavier rule under the first row.
    public var hasHeader = true
    /// Rules round the outside as well as between cells.
    public var hasBorder = false
    /// Where the table's centre goes.
    public var center: CGPoint

    public init(_ rows: [[Cell]], fontSize: CGFloat = 32, at center: CGPoint) {
        self.rows = rows
        self.fontSize = fontSize
        self.center = center
    }

    /// A table of strings, each typeset as math (TeX) or as text.
    public init(_ rows: [[String]], math: Bool = false, fontSize: CGFloat = 32, at center: CGPoint) {
        self.init(rows.map { $0.map { math ? .math($0) : .text($0) } }, fontSize: fontSize, at: center)
    }

    var columnCount: Int { rows.map(\.count).max() ?? 0 }

    /// What a cell draws, and its size.
    func content(_ cell: Cell) -> (draw: @Sendable (GraphicsContext, CGPoint) -> Void, size: CGSize) {
        switch cell {
        case .text(let s):
            let text = Text(s).font(.system(size: fontSize)).foregroundColor(color)
            return ({ context, p in context.draw(text, at: p) }, ResolvedText(text: text).size)
        case .math(let tex):
            let formula = Formula(tex).font(.system(size: fontSize)).foregroundColor(color)
            return ({ context, p in context.draw(formula, at: p) }, (try? formula.resolved().size) ?? .zero)
        }
    }

    /// Column widths and row heights, padding included.
    var grid: (widths: [CGFloat], heights: [CGFloat]) {
        var widths = [CGFloat](repeating: 0, count: columnCount), heights = [CGFloat](repeating: 0, count: rows.count)
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() {
                let size = content(cell).size
                widths[c] = max(widths[c], size.width + 2 * padding)
                heights[r] = max(heights[r], size.height + 2 * padding)
            }
        }
        return (widths, heights)
    }

    /// The whole table's rectangle.
    public var frame: CGRect {
        let (w, h) = grid
        let size = CGSize(width: w.reduce(0, +), height: h.reduce(0, +))
        return CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// A cell's rectangle (rows and columns from 0), or `.null` outside the table.
    public func cellFrame(row: Int, column: Int) -> CGRect {
        let (w, h) = grid
        guard h.indices.contains(row), w.indices.contains(column) else { return .null }
        let f = frame
        return CGRect(x: f.minX + w[..<column].reduce(0, +), y: f.minY + h[..<row].reduce(0, +), width: w[column], height: h[row])
    }

    /// The rules: between rows and columns (and round the outside with a border).
    public var rules: Path {
        let (w, h) = grid
        let f = frame
        var path = Path()
        var y = f.minY
        for (r, height) in h.enumerated() {
            y += height
            if r < h.count - 1 || hasBorder { path.move(to: CGPoint(x: f.minX, y: y)); path.addLine(to: CGPoint(x: f.maxX, y: y)) }
        }
        var x = f.minX
        for (c, width) in w.enumerated() {
            x += width
            if c < w.count - 1 || hasBorder { path.move(to: CGPoint(x: x, y: f.minY)); path.addLine(to: CGPoint(x: x, y: f.maxY)) }
        }
        if hasBorder { path.move(to: CGPoint(x: f.minX, y: f.minY)); path.addLine(to: CGPoint(x: f.maxX, y: f.minY))
            path.move(to: CGPoint(x: f.minX, y: f.minY)); path.addLine(to: CGPoint(x: f.minX, y: f.maxY)) }
        return path
    }
}

extension GraphicsContext {
    /// Draws the table: rules, the header's heavier rule, and every cell centred in its box.
    public func draw(_ table: Table) {
        guard !table.rows.isEmpty, table.columnCount > 0 else { return }
        stroke(table.rules, with: .color(table.color.opacity(0.5)), lineWidth: table.lineWidth)
        if table.hasHeader && table.rows.count > 1 {
            let f = table.frame, y = table.cellFrame(row: 0, column: 0).maxY
            stroke(Path { $0.move(to: CGPoint(x: f.minX, y: y)); $0.addLine(to: CGPoint(x: f.maxX, y: y)) }, with: .color(table.color), lineWidth: table.lineWidth * 1.5)
        }
        for (r, row) in table.rows.enumerated() {
            for (c, cell) in row.enumerated() {
                let box = table.cellFrame(row: r, column: c)
                table.content(cell).draw(self, CGPoint(x: box.midX, y: box.midY))
            }
        }
    }
}
