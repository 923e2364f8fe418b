import AnimateDrawing
import Foundation

/// How lines of text line up, as SwiftUI's `TextAlignment`.
public enum TextAlignment: Sendable, Hashable {
    case leading, center, trailing
}

/// Styled text to draw on a canvas, as SwiftUI's `Text`: a string or `AttributedString` with a
/// font, colour, weight and slant. Glyphs are outlines, so text follows the context transform and
/// stays sharp when rotated or scaled.
public struct Text: Sendable {
    struct Run: Sendable {
        var string: String
        var font: Font?
        var color: Color?
        /// A gradient (or other shape style) laid over the whole text, instead of `color`.
        var style: (any ShapeStyle)?
        var background: Color?
        var bold = false
        var italic = false
        /// Overrides the font's weight (`fontWeight`).
        var weight: Font.Weight?
        /// Overrides the font's family by design (`fontDesign`), when the font names none.
        var design: Font.Design?
        /// Extra space after each character, in points (`kerning` plus `tracking`).
        var spacing: CGFloat = 0
    }

    var runs: [Run]
    var alignment: TextAlignment = .leading
    var lineSpacing: CGFloat = 0
    /// The paragraphs' direction; nil: each paragraph's first strong character's.
    var layoutDirection: LayoutDirection?

    /// Text showing `string`.
    public init(_ string: String) { runs = [Run(string: string)] }

    /// Text showing `string` exactly.
    public init(verbatim string: String) { self.init(string) }

    /// Text with runs from `attributed`: each run's `foregroundColor`, `backgroundColor` and `font`.
    public init(_ attributed: AttributedString) {
        runs = attributed.runs.map { run in
            Run(string: String(attributed[run.range].characters), font: run[AnimateTextAttributes.FontAttribute.self],
                color: run[AnimateTextAttributes.ForegroundColorAttribute.self],
                background: run[AnimateTextAttributes.BackgroundColorAttribute.self])
        }
    }

    private func mapRuns(_ change: (inout Run) -> Void) -> Text {
        var copy = self
        for i in copy.runs.indices { change(&copy.runs[i]) }
        return copy
    }

    /// Sets the font of runs that have none.
    public func font(_ font: Font?) -> Text { mapRuns { if $0.font == nil { $0.font = font } } }
    /// Sets the colour of runs that have none.
    public func foregroundColor(_ color: Color?) -> Text { mapRuns { if $0.color == nil { $0.color = color } } }
    /// Sets the colour of runs that have none.
    public func foregroundStyle(_ color: Color) -> Text { foregroundColor(color) }
    /// Sets the style of runs that have no colour: a gradient spans the whole text, as in SwiftUI.
    public func foregroundStyle(_ style: some ShapeStyle) -> Text {
        mapRuns { if $0.color == nil && $0.style == nil { $0.style = style } }
    }
    /// Bold (a heavier face, or a synthetic emboldening when the family has none).
    public func bold(_ active: Bool = true) -> Text { mapRuns { $0.bold = $0.bold || active } }
    /// Italic (the italic face, or a synthetic oblique when the family has none).
    public func italic(_ active: Bool = true) -> Text { mapRuns { $0.italic = $0.italic || active } }
    /// The weight of every run, whatever its font says (SwiftUI's `fontWeight`).
    public func fontWeight(_ weight: Font.Weight?) -> Text { mapRuns { $0.weight = weight } }
    /// The design of every run whose font names no family (SwiftUI's `fontDesign`).
    public func fontDesign(_ design: Font.Design?) -> Text { mapRuns { $0.design = design } }
    /// Extra space between characters, in points (negative: tighter).
    public func kerning(_ kerning: CGFloat) -> Text { mapRuns { $0.spacing += kerning.isFinite ? kerning : 0 } }
    /// Extra space between characters, in points, added to any kerning.
    public func tracking(_ tracking: CGFloat) -> Text { mapRuns { $0.spacing += tracking.isFinite ? tracking : 0 } }
    /// Monospaced digits and letters: the monospaced design.
    public func monospaced(_ active: Bool = true) -> Text { active ? fontDesign(.monospaced) : self }
    /// How wrapped lines line up.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Text { var c = self; c.alignment = alignment; return c }
    /// Extra space between lines, in points.
    public func lineSpacing(_ spacing: CGFloat) -> Text { var c = self; c.lineSpacing = spacing; return c }
    /// The direction the paragraphs run, as SwiftUI's `layoutDirection` environment sets it; by
    /// default each paragraph takes the direction of its first strong character. Alignment
    /// `.leading` and `.trailing` follow it.
    public func layoutDirection(_ direction: LayoutDirection?) -> Text { var c = self; c.layoutDirection = direction; return c }

    /// The two texts one after the other (the left one's alignment and spacing).
    public static func + (lhs: Text, rhs: Text) -> Text {
        var c = lhs
        c.runs += rhs.runs
        return c
    }
}
