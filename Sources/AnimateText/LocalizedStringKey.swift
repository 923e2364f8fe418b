public import AnimateDrawing
public import Foundation

/// What `Text("...")` is made from, as SwiftUI's `LocalizedStringKey`: the literal's text with
/// its inline Markdown (`**bold**`, `*italic*`, code between backticks, `~~struck~~`, `[links](url)`), and
/// what is interpolated into it: values as they print, numbers by `specifier:` (`"%.1f"`), values
/// by `format:`, dates by `style:`, `Text` with its own styling, and system symbols
/// (`"\(Image(systemName: "star.fill")) 4.8"`) drawn in the line. While a language's
/// `StringTable` is active, the key (its literal text, `%@` where a value goes) is looked up in
/// it and the translation used, the values put where its `%@`s are.
public struct LocalizedStringKey: Sendable, ExpressibleByStringInterpolation {
    /// Pieces in order: literal text (read as Markdown), interpolated text (as it is), styled text.
    enum Piece: Sendable {
        case markdown(String)
        case plain(String)
        case text(Text)
    }
    var pieces: [Piece]

    /// The text it shows, interpolations in place, Markdown marks as written.
    package var text: String {
        pieces.map { piece in
            switch piece {
            case .markdown(let s), .plain(let s): return s
            case .text(let t): return t.runs.map(\.string).joined()
            }
        }.joined()
    }

    public init(_ value: String) { pieces = [.markdown(value)] }
    public init(stringLiteral value: String) { pieces = [.markdown(value)] }
    public init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { if !literal.isEmpty { pieces.append(.markdown(literal)) } }

        public mutating func appendInterpolation<T>(_ value: T) { pieces.append(.plain("\(value)")) }

        public mutating func appendInterpolation(_ string: String) { pieces.append(.plain(string)) }

        /// A number written by a `printf` specifier (`"%.2f"`, `"%d"`, `"%05.1f"`).
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            pieces.append(.plain(String(format: specifier, value)))
        }

        /// A value written by a format style (`.number.precision(.fractionLength(1))`, `.percent`).
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            pieces.append(.plain(format.format(input)))
        }

        /// A date written as `Text(date, style:)` writes it.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            pieces.append(.plain(Text.written(date, style: style, now: Date())))
        }

        /// Text with its own styling, in the line.
        public mutating func appendInterpolation(_ text: Text) { pieces.append(.text(text)) }

        /// A system symbol in the line, as large as the text around it (other images are left
        /// out: only symbols are glyphs).
        public mutating func appendInterpolation(_ image: Image) {
            guard let symbol = image.systemSymbol else {
                RenderWarnings.warn("a picture interpolated into Text is left out (only system symbols sit in a line of text)")
                return
            }
            pieces.append(.text(Text(symbol: symbol)))
        }
    }
}

extension Text {
    /// Text from a key: its Markdown styled, its interpolations in place (see `LocalizedStringKey`),
    /// translated by the active `StringTable` where it has the key. `tableName`, `bundle` and
    /// `comment` are accepted.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        var runs: [Run] = []
        for piece in key.translated(in: StringTable.active).pieces {
            switch piece {
            case .markdown(let literal): runs += InlineMarkdown.runs(of: literal)
            case .plain(let string): runs.append(Run(string: string))
            case .text(let text): runs += text.runs
            }
        }
        // Pieces styled alike are one run, shaped as one (kerning across an interpolation kept).
        var merged: [Run] = []
        for run in runs {
            if let last = merged.last, last.isStyled(like: run) { merged[merged.count - 1].string += run.string } else { merged.append(run) }
        }
        self.runs = merged.isEmpty ? [Run(string: "")] : merged
    }

    /// A system symbol as a glyph of the line: its stand-in's ligature in the icon font.
    init(symbol: SystemSymbol) {
        var run = Run(string: symbol.standIn ?? SystemSymbol.unknownStandIn)
        run.family = SystemSymbol.family
        runs = [run]
    }
}

extension Text.Run {
    /// Whether `other` looks the same (its string aside), so the two can be one run.
    func isStyled(like other: Text.Run) -> Bool {
        style == nil && other.style == nil && font == other.font && color == other.color && background == other.background
            && bold == other.bold && italic == other.italic && weight == other.weight && design == other.design
            && spacing == other.spacing && language == other.language && family == other.family
            && underline?.color == other.underline?.color && (underline == nil) == (other.underline == nil)
            && strikethrough?.color == other.strikethrough?.color && (strikethrough == nil) == (other.strikethrough == nil)
    }
}

/// Inline Markdown as SwiftUI's `Text` reads it from a literal: `**bold**` and `__bold__`,
/// `*italic*` and `_italic_` (underscores only at word edges), code between backticks in a monospaced
/// face, `~~struck through~~`, `[a link](url)` in the accent colour, `\` before a mark to show it.
/// A mark without its closing twin is shown as it is.
enum InlineMarkdown {
    struct Style { var bold = false, italic = false, code = false, struck = false, link = false }

    static func runs(of text: String) -> [Text.Run] {
        var out: [Text.Run] = []
        parse(Array(text), Style(), into: &out)
        return out
    }

    private static func append(_ string: String, _ style: Style, into out: inout [Text.Run]) {
        guard !string.isEmpty else { return }
        var run = Text.Run(string: string)
        run.bold = style.bold
        run.italic = style.italic
        if style.code { run.design = .monospaced }
        if style.struck { run.strikethrough = Text.Decoration(color: nil) }
        if style.link { run.color = .accentColor }
        out.append(run)
    }

    /// Where `mark` next closes in `chars` from `start` (not escaped, not at `start`), for emphasis
    /// marks not after a space; nil when it does not.
    private static func closing(_ mark: [Character], in chars: [Character], from start: Int, wordEdge: Bool) -> Int? {
        var i = start
        while i + mark.count <= chars.count {
            if chars[i] == "\\" { i += 2; continue }
            if mark.count == 1 && mark[0] != "`" && chars[i] == mark[0] && i + 1 < chars.count && chars[i + 1] == mark[0] { i += 2; continue }
            if Array(chars[i..<(i + mark.count)]) == mark, i > start, !chars[i - 1].isWhitespace {
                let after = i + mark.count
                if !wordEdge || after >= chars.count || !(chars[after].isLetter || chars[after].isNumber) { return i }
            }
            i += 1
        }
        return nil
    }

    private static func parse(_ chars: [Character], _ style: Style, into out: inout [Text.Run]) {
        var plain = ""
        var i = 0
        func flush() { append(plain, style, into: &out); plain = "" }
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 1 < chars.count, "*_`~[]\\".contains(chars[i + 1]) {
                plain.append(chars[i + 1]); i += 2; continue
            }
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            let opensWord = i + 1 < chars.count && !chars[i + 1].isWhitespace
            // `code`: everything inside as it is.
            if c == "`", let end = closing(["`"], in: chars, from: i + 1, wordEdge: false) {
                flush()
                var inner = style; inner.code = true
                append(String(chars[(i + 1)..<end]), inner, into: &out)
                i = end + 1; continue
            }
            if (c == "*" || c == "_" || c == "~"), next == c, i + 2 < chars.count, !chars[i + 2].isWhitespace,
               c != "_" || i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber),
               var end = closing([c, c], in: chars, from: i + 2, wordEdge: c == "_") {
                // `***both***`: the inner single marks close inside the double ones.
                if chars[i + 2] == c, end + 2 < chars.count, chars[end + 2] == c { end += 1 }
                flush()
                var inner = style
                if c == "~" { inner.struck = true } else { inner.bold = true }
                parse(Array(chars[(i + 2)..<end]), inner, into: &out)
                i = end + 2; continue
            }
            if (c == "*" || c == "_"), opensWord, c != "_" || i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber),
               let end = closing([c], in: chars, from: i + 1, wordEdge: c == "_") {
                flush()
                var inner = style; inner.italic = true
                parse(Array(chars[(i + 1)..<end]), inner, into: &out)
                i = end + 1; continue
            }
            if c == "[", let close = chars[(i + 1)...].firstIndex(of: "]"), close + 1 < chars.count, chars[close + 1] == "(",
               let paren = chars[(close + 2)...].firstIndex(of: ")") {
                flush()
                var inner = style; inner.link = true
                parse(Array(chars[(i + 1)..<close]), inner, into: &out)
                i = paren + 1; continue
            }
            plain.append(c)
            i += 1
        }
        flush()
    }
}

extension LocalizedStringKey {
    /// The key as `table` translates it (itself when there is none, or the table has no entry
    /// for it, or the translation has other than one `%@` a value).
    package func translated(in table: StringTable?) -> LocalizedStringKey {
        guard let table else { return self }
        var key = "", values: [Piece] = []
        for piece in pieces {
            switch piece {
            case .markdown(let literal): key += literal
            case .plain, .text: key += "%@"; values.append(piece)
            }
        }
        guard let translation = table.entries[key] else { return self }
        let parts = translation.components(separatedBy: "%@")
        guard parts.count == values.count + 1 else { return self }
        var result = LocalizedStringKey("")
        result.pieces = []
        for (i, part) in parts.enumerated() {
            if !part.isEmpty { result.pieces.append(.markdown(part)) }
            if i < values.count { result.pieces.append(values[i]) }
        }
        return result
    }
}

