import AnimateDrawing
import AnimateText
import Foundation

/// Formulas laid out before, by what their layout depends on (the TeX, font, size and style; not
/// colours): a formula drawn on every frame is laid out once.
enum FormulaLayoutCache {
    struct Key: Hashable {
        let tex: String
        let family: String
        let size: CGFloat
        let inline: Bool
        /// Text with `$` math (`Formula(text:)`).
        var text = false
    }

    /// A laid-out formula: its box, with items in points, y up from the baseline.
    struct Layout {
        let box: MathBox
        let axis: CGFloat
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [Key: Result<Layout, FormulaError>] = [:]
    nonisolated(unsafe) private static var drawings: [Formula: FormulaDrawing] = [:]
    private static let capacity = 512

    /// What drawing `formula` (laid out as `layout`) takes, made once per formula and colours.
    static func drawing(_ formula: Formula, _ layout: Layout, make: () -> FormulaDrawing) -> FormulaDrawing {
        lock.withLock {
            if let known = drawings[formula] { return known }
            let made = make()
            if drawings.count >= capacity { drawings.removeAll(keepingCapacity: true) }
            drawings[formula] = made
            return made
        }
    }

    static func layout(_ formula: Formula) throws -> Layout {
        let key = Key(tex: formula.tex, family: formula.family, size: formula.font.size, inline: formula.isInline, text: formula.isText)
        return try lock.withLock { () -> Result<Layout, FormulaError> in
            if let known = entries[key] { return known }
            let result: Result<Layout, FormulaError>
            do { result = .success(try makeLocked(key)) } catch let e as FormulaError { result = .failure(e) } catch {
                result = .failure(FormulaError(column: 0, message: "\(error)"))
            }
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = result
            return result
        }.get()
    }

    /// Lays out without the cache (under the cache's lock: math fonts are not shared between threads).
    static func make(_ key: Key) throws -> Layout {
        try lock.withLock { try makeLocked(key) }
    }

    private static func makeLocked(_ key: Key) throws -> Layout {
        guard key.size.isFinite, key.size > 0, key.size <= 10_000 else {
            throw FormulaError(column: 0, message: "the font size must be a number above 0 and at most 10000, not \(key.size)")
        }
        let list = try key.text ? TeXParser.parseText(key.tex) : TeXParser.parse(key.tex)
        guard let font = FontLibrary.shared.withLock({ MathFont.named(key.family) }) else {
            throw FormulaError(column: 0, message: "no OpenType math font named '\(key.family)' is installed (try Latin Modern Math, STIX Math or TeX Gyre Pagella Math)")
        }
        let layout = MathLayout(font: font, size: key.size)
        let style = key.inline ? MathStyle.text : MathStyle.display
        let box = try layout.layout(list, style: style)
        return Layout(box: box, axis: layout.axis(style))
    }
}
