package import Foundation
public import AnimateDrawing
public import AnimateText

/// A formula in TeX's math notation, typeset with an OpenType math font (Latin Modern Math unless
/// the font says otherwise) and drawn like text:
///
/// ```swift
/// let quadratic = Formula(#"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}"#)
///     .font(.system(size: 60))
///     .foregroundColor(.blue, for: "b")
/// context.draw(quadratic, at: CGPoint(x: 960, y: 540))
/// ```
///
/// Parts written `{{ ... }}` (or `\part{name}{...}`) are named by what they hold, to colour, reveal
/// or move them; `\color{red}{...}` colours in the TeX itself.
public struct Formula: Hashable, Sendable {
    /// The TeX source, without `$` delimiters.
    public var tex: String
    /// The family (a math font: "Latin Modern Math", "TeX Gyre Pagella Math", "STIX Math"...) and
    /// size; a font with no family means Latin Modern Math.
    public var font: Font = .system(size: 48)
    /// Text style (`$...$` in a paragraph) instead of display style (`$$...$$`).
    public var isInline = false
    /// The colour of what the TeX and the parts do not colour; nil: black.
    public var color: Color?
    var partColors: [String: Color] = [:]

    /// The math font used when a formula names none.
    public static let defaultFamily = "Latin Modern Math"

    /// Whether `tex` is text with math between `$` signs rather than math (`init(text:)`).
    private(set) var isText = false

    /// A formula showing `tex` in display style, 48 points.
    public init(_ tex: String) { self.tex = tex }

    /// Text with math between `$` signs, for captions and labels: `Formula(text: "The area is $\\pi r^2$.")`.
    /// The text is set by the text engine in the math font (other scripts from their fonts), the
    /// math in text style on the same baseline; `\\$` is a dollar sign.
    public init(text: String) {
        tex = text
        isText = true
        isInline = true
    }

    /// The math font's family for this formula.
    var family: String { font.family ?? Self.defaultFamily }

    /// This formula in another font or size (`.custom("STIX Math", size: 40)`, `.system(size: 60)`).
    public func font(_ font: Font) -> Formula { var f = self; f.font = font; f.hasFont = true; return f }

    /// Whether a font was given (else a storyboard's style may give its size).
    package private(set) var hasFont = false

    /// This formula in text style, as inline math in a sentence is set (smaller fractions, limits beside operators).
    public func inline(_ inline: Bool = true) -> Formula { var f = self; f.isInline = inline; return f }

    /// This formula drawn in `color` where the TeX and parts do not colour it.
    public func foregroundColor(_ color: Color?) -> Formula { var f = self; f.color = color; return f }

    /// This formula with the part `name` (a `{{ ... }}` group's text, or a `\part` name) in `color`.
    public func foregroundColor(_ color: Color, for name: String) -> Formula {
        var f = self
        f.partColors[name] = color
        return f
    }

    /// The formula laid out, or the mistake in its TeX.
    public func resolved() throws -> ResolvedFormula {
        try ResolvedFormula(self)
    }

    /// Lays the formula out afresh, past the cache: what a formula seen for the first time costs
    /// (benchmarks). Returns its size.
    package func layoutUncached() throws -> CGSize {
        let layout = try FormulaLayoutCache.make(FormulaLayoutCache.Key(tex: tex, family: family, size: font.size, inline: isInline, text: isText))
        return CGSize(width: layout.box.width, height: layout.box.height + layout.box.depth)
    }

    /// The mistake in the formula's TeX, or nil when it reads.
    public var error: FormulaError? {
        do { _ = try FormulaLayoutCache.layout(self); return nil } catch let e as FormulaError { return e } catch { return nil }
    }
}
