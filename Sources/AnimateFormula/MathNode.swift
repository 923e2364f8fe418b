import Foundation
import AnimateDrawing

/// TeX's atom classes: they decide the space between neighbours.
enum AtomClass: Int, Sendable {
    case ord, op, bin, rel, open, close, punct, inner
}

/// The eight styles of TeX's math (display, text, script, scriptscript; each plain or cramped).
struct MathStyle: Hashable, Sendable {
    enum Level: Int, Comparable, Sendable {
        case display, text, script, scriptScript
        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }
    var level: Level
    var cramped: Bool

    static let display = MathStyle(level: .display, cramped: false)
    static let text = MathStyle(level: .text, cramped: false)

    /// The style of a superscript of this style.
    var superscriptStyle: MathStyle {
        MathStyle(level: level <= .text ? .script : .scriptScript, cramped: cramped)
    }
    /// The style of a subscript (cramped).
    var subscriptStyle: MathStyle { MathStyle(level: superscriptStyle.level, cramped: true) }
    /// The style of a fraction's numerator.
    var numerator: MathStyle {
        MathStyle(level: level == .display ? .text : (level == .text ? .script : .scriptScript), cramped: cramped)
    }
    /// The style of a fraction's denominator (cramped).
    var denominator: MathStyle { MathStyle(level: numerator.level, cramped: true) }
    var crampedStyle: MathStyle { MathStyle(level: level, cramped: true) }
    var isScript: Bool { level >= .script }
}

/// The letters' alphabets of `\mathbf`, `\mathbb` and the others.
enum MathVariant: Sendable, Hashable {
    /// Letters italic, digits and capital Greek upright: math's default.
    case normal
    case roman, bold, italic, boldItalic, doubleStruck, calligraphic, fraktur, sansSerif, monospace
}

/// One item of a math list, as TeX's parser leaves it: a nucleus with its class, scripts and the
/// source it came from.
struct MathAtom: Sendable {
    var kind: Kind
    var atomClass: AtomClass
    var sub: MathList? = nil
    var sup: MathList? = nil
    /// `\limits` (true) or `\nolimits` (false); nil: the operator's own habit.
    var limits: Bool? = nil
    /// An operator whose limits go above and below in display style (`\sum`, `\lim`), not beside (`\int`).
    var displayLimits = false
    /// Primes after the nucleus (`f''`): drawn at its size, the font's primes sitting high already.
    var primes = 0
    /// UTF-16 offsets in the TeX source.
    var source: Range<Int>
    /// For text: the source offset of each UTF-16 unit of the text, then of its end, so each
    /// glyph tells the TeX it shows (nil: the whole atom's source).
    var textSources: [Int]? = nil
    /// For text: its face (`\textbf`, `\textit`, `\emph`, `\texttt`).
    var textFace: TextFace = .regular

    enum TextFace: Sendable { case regular, bold, italic, boldItalic, monospaced }

    indirect enum Kind: Sendable {
        /// A character from the math font.
        case symbol(Unicode.Scalar)
        /// A braced group, laid out as one ordinary atom.
        case group(MathList)
        case fraction(Fraction)
        case radical(degree: MathList?, body: MathList)
        /// `\left ... \middle ... \right`: the pieces between delimiters and the delimiters
        /// (nil for `.`, none).
        case delimited(delimiters: [Unicode.Scalar?], pieces: [MathList])
        /// `\big` and its kin: a delimiter of a fixed size, in ems.
        case sizedDelimiter(Unicode.Scalar?, height: CGFloat)
        /// An accent over (or under) a body; stretchy ones widen to it.
        case accent(Unicode.Scalar, body: MathList, stretchy: Bool, under: Bool)
        /// `\overline` / `\underline`.
        case bar(over: Bool, body: MathList)
        /// `\overbrace` / `\underbrace`: a stretched brace; its label is the atom's script.
        case brace(Unicode.Scalar, over: Bool, body: MathList)
        /// An operator's name in upright letters (`\sin`, `\lim`, `\operatorname{..}`).
        case name(String)
        /// `\text{...}`: text set by the text engine.
        case text(String)
        /// Horizontal space in ems (negative narrows).
        case space(CGFloat)
        /// Everything after this in the list takes the style.
        case style(MathStyle.Level)
        case color(Color, MathList)
        /// A part the author named (`{{ ... }}` or `\part{name}{...}`).
        case part(String, MathList)
        case array(MathArray)
        /// `\phantom`: takes the room of its body, draws nothing.
        case phantom(MathList)
        /// A list moved up by a length in ems (down when negative), as `\raisebox` moves it.
        case raised(CGFloat, MathList)
    }
}

typealias MathList = [MathAtom]

/// `\frac` and its kin: numerator over denominator, with or without a rule, maybe between delimiters.
struct Fraction: Sendable {
    var numerator: MathList
    var denominator: MathList
    var hasRule = true
    var left: Unicode.Scalar? = nil
    var right: Unicode.Scalar? = nil
    /// `\dfrac` and `\tfrac` fix the style; nil: the surrounding style's.
    var style: MathStyle.Level? = nil
}

/// A matrix, cases, aligned equations or a general array: rows of cells.
struct MathArray: Sendable {
    enum Alignment: Sendable { case left, center, right }
    var rows: [[MathList]]
    /// Per column; columns past the end repeat the last rule.
    var alignments: [Alignment]
    /// Columns with a vertical rule before them (`array`'s `|`), by index (count = after the last).
    var rulesBefore: Set<Int> = []
    /// Cells in display style (`aligned`, `gathered`) or text style (matrices, cases).
    var display = false
    /// Space between columns in ems; `aligned` alternates none and this.
    var columnGap: CGFloat
    var alternatingGap = false
    /// Extra space between rows, in ems.
    var rowGap: CGFloat
    var left: Unicode.Scalar? = nil
    var right: Unicode.Scalar? = nil
}
