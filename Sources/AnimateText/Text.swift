public import AnimateDrawing
public import Foundation

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
        /// The language the run is set in (a BCP 47 identifier such as "mr" or "zh-Hant"): the
        /// font's forms for it are used (OpenType `locl`). Nil: none in particular.
        var language: String?
        /// A line under or through the run, in its colour or the one given.
        var underline: Decoration?
        var strikethrough: Decoration?
        /// A family that replaces the font's own (a system symbol's icon font), at the font's size.
        var family: String?
    }

    /// A line drawn with a run: under it or through it.
    struct Decoration: Sendable { var color: Color? }

    var runs: [Run]
    var alignment: TextAlignment = .leading
    var lineSpacing: CGFloat = 0
    /// The paragraphs' direction; nil: each paragraph's first strong character's.
    var layoutDirection: LayoutDirection?
    /// The most lines shown; nil: all.
    var lineLimit: Int?
    var truncationMode: TruncationMode = .tail
    /// How far the text may shrink to fit its box (1: not at all).
    var minimumScaleFactor: CGFloat = 1

    /// Where a truncated line leaves its characters out, as SwiftUI's `Text.TruncationMode`.
    public enum TruncationMode: Sendable, Hashable {
        case head, middle, tail
    }

    /// Text showing `content` as it is (a literal, `Text("...")`, is a `LocalizedStringKey`).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { runs = [Run(string: String(content))] }

    /// The characters shown, all runs together.
    package var string: String { runs.map(\.string).joined() }

    /// Text showing `string` exactly.
    public init(verbatim string: String) { runs = [Run(string: string)] }

    /// Text with runs from `attributed`: each run's `foregroundColor`, `backgroundColor`, `font`
    /// and `languageIdentifier`. (A literal, which Foundation lets be an `AttributedString` too,
    /// is a `LocalizedStringKey`, as in SwiftUI.)
    @_disfavoredOverload
    public init(_ attributed: AttributedString) {
        runs = attributed.runs.map { run in
            Run(string: String(attributed[run.range].characters), font: run[AnimateTextAttributes.FontAttribute.self],
                color: run[AnimateTextAttributes.ForegroundColorAttribute.self],
                background: run[AnimateTextAttributes.BackgroundColorAttribute.self],
                language: run[AttributeScopes.FoundationAttributes.LanguageIdentifierAttribute.self])
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
    /// The text underlined (in `color`, else its own).
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        mapRuns { if isActive { $0.underline = Decoration(color: color) } }
    }

    public func underline(_ isActive: Bool = true, pattern: LinePattern, color: Color? = nil) -> Text { underline(isActive, color: color) }

    /// The text struck through (in `color`, else its own).
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        mapRuns { if isActive { $0.strikethrough = Decoration(color: color) } }
    }

    public func strikethrough(_ isActive: Bool = true, pattern: LinePattern, color: Color? = nil) -> Text { strikethrough(isActive, color: color) }

    /// The pattern of an underline or strikethrough, as SwiftUI's `Text.LineStyle.Pattern` (drawn solid).
    public enum LinePattern: Sendable { case solid, dot, dash, dashDot, dashDotDot }

    public func fontWeight(_ weight: Font.Weight?) -> Text { mapRuns { $0.weight = weight } }
    /// The design of every run whose font names no family (SwiftUI's `fontDesign`).
    public func fontDesign(_ design: Font.Design?) -> Text { mapRuns { $0.design = design } }
    /// The weight of every run that has none of its own (a view's `fontWeight` around the text).
    package func weightWhereUnset(_ weight: Font.Weight) -> Text { mapRuns { if $0.weight == nil { $0.weight = weight } } }
    /// The design of every run that has none of its own (a view's `fontDesign` around the text).
    package func designWhereUnset(_ design: Font.Design) -> Text { mapRuns { if $0.design == nil { $0.design = design } } }
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
    /// The language runs without one are set in, as SwiftUI's `typesettingLanguage`: fonts use
    /// their forms for it (Marathi's, Serbian's, a Chinese or Japanese variant of a Han character).
    public func typesettingLanguage(_ language: Locale.Language, isEnabled: Bool = true) -> Text {
        guard isEnabled else { return self }
        let identifier = language.minimalIdentifier
        return mapRuns { if $0.language == nil { $0.language = identifier } }
    }

    /// At most `number` lines (nil: no limit); the last one shown ends with an ellipsis where
    /// text is left out (`truncationMode`).
    public func lineLimit(_ number: Int?) -> Text { var c = self; c.lineLimit = number.map { max(1, $0) }; return c }
    /// Where a line cut short by `lineLimit` leaves its characters out: at its end (the default),
    /// its start or its middle.
    public func truncationMode(_ mode: TruncationMode) -> Text { var c = self; c.truncationMode = mode; return c }
    /// The smallest fraction of its size the text may shrink to, to fit the box it is drawn in
    /// (`draw(_:in:)`, `measure(in:)`): it takes the largest size whose lines fit the box's height.
    public func minimumScaleFactor(_ factor: CGFloat) -> Text {
        var c = self
        c.minimumScaleFactor = factor.isFinite ? min(max(factor, 0.01), 1) : 1
        return c
    }

    /// This text with every size (fonts, spacing) multiplied by `factor`.
    func scaled(by factor: CGFloat) -> Text {
        guard factor != 1 else { return self }
        var c = self
        for i in c.runs.indices {
            var font = c.runs[i].font ?? TextLayout.defaultFont
            font.size *= factor
            c.runs[i].font = font
            c.runs[i].spacing *= factor
        }
        c.lineSpacing *= factor
        return c
    }

    /// The run holding UTF-16 offset `offset` of the text's string.
    func run(at offset: Int) -> Int {
        var start = 0
        for (i, run) in runs.enumerated() {
            start += run.string.utf16.count
            if offset < start { return i }
        }
        return max(0, runs.count - 1)
    }

    /// The characters in UTF-16 offsets `range` of the text's string, with their runs'
    /// attributes; `ellipsisAfter` adds "…" in the attributes of the last of them.
    func slice(_ range: Range<Int>, ellipsisAfter: Bool) -> Text {
        var c = self
        c.runs = []
        var start = 0
        for run in runs {
            let units = Array(run.string.utf16)
            let lower = max(range.lowerBound, start), upper = min(range.upperBound, start + units.count)
            if lower < upper {
                var piece = run
                piece.string = String(decoding: units[(lower - start)..<(upper - start)], as: UTF16.self)
                c.runs.append(piece)
            }
            start += units.count
        }
        if ellipsisAfter {
            var mark = c.runs.last ?? runs[min(run(at: range.lowerBound), runs.count - 1)]
            mark.string = "…"
            c.runs.append(mark)
        }
        if c.runs.isEmpty { c.runs = [Run(string: "")] }
        return c
    }

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
