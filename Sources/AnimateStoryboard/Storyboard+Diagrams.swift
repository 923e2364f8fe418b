public import AnimateDiagrams
import Foundation
import AnimateDrawing
import AnimateFormula

extension Storyboard.Builder {
    /// Adds axes as a group of parts a beat can animate: the grid and the lines with their ticks
    /// (created by drawing on), the arrowheads, and every number and label (written). Hidden until
    /// a beat shows it unless `visible`.
    public mutating func add(_ axes: Axes, visible: Bool = false) -> Thing { add(axes.parts, visible: visible) }

    /// Adds a number line as a group of parts, as `add(_: Axes)` does.
    public mutating func add(_ line: NumberLine, visible: Bool = false) -> Thing { add(line.parts, visible: visible) }

    /// Adds a number plane as a group of parts: its faint lines, its grid, then its axes and
    /// numbers, as `add(_: Axes)` does (Manim's `Create(NumberPlane())` draws the grid on).
    public mutating func add(_ plane: NumberPlane, visible: Bool = false) -> Thing { add(plane.parts, visible: visible) }

    mutating func add(_ parts: DiagramParts, visible: Bool) -> Thing {
        var members: [Thing] = []
        if let colour = parts.gridColor {
            let width = parts.gridLineWidth ?? parts.lineWidth
            if !parts.faintGrid.isEmpty { members.append(add(parts.faintGrid, stroke: colour.opacity(0.35), lineWidth: width / 2, visible: visible)) }
            if !parts.grid.isEmpty { members.append(add(parts.grid, stroke: colour, lineWidth: width, visible: visible)) }
        } else if !parts.grid.isEmpty {
            members.append(add(parts.grid, stroke: parts.color.opacity(0.2), lineWidth: parts.lineWidth / 2, visible: visible))
        }
        members.append(add(parts.lines, stroke: parts.color, lineWidth: parts.lineWidth, visible: visible))
        if !parts.heads.isEmpty { members.append(add(parts.heads, fill: parts.color, visible: visible)) }
        for label in parts.labels {
            // The label's box centre, from the point its anchor goes to.
            let size = (try? label.formula.resolved().size) ?? .zero
            let center = CGPoint(x: label.point.x + (0.5 - label.anchor.x) * size.width, y: label.point.y + (0.5 - label.anchor.y) * size.height)
            members.append(add(label.formula, at: center, visible: visible))
        }
        return group(members)
    }
}
