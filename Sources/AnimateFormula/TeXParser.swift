import Foundation
import AnimateDrawing

/// Reads TeX math notation into math lists: the commands lessons use, with a clear mistake for
/// the rest. Nesting is bounded, so no input, however deep or long, exhausts the stack.
struct TeXParser {
    private let scalars: [Unicode.Scalar]
    /// The UTF-16 offset of each scalar, and of the end.
    private let offsets: [Int]
    private var position = 0
    private var depth = 0
    /// Letters' alphabet inside the current group (`\mathbf{...}`, `\bf`).
    private var variant = MathVariant.normal
    /// Reading text with `$...$` math in it: a `$` ends the math.
    private var insideDollars = false

    /// The deepest groups, fractions, roots and environments may nest.
    static let maximumDepth = 48
    /// The longest formula read.
    static let maximumLength = 100_000

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var o = 0
        for s in scalars {
            offsets.append(o)
            o += s.utf16.count
        }
        offsets.append(o)
        self.offsets = offsets
    }

    /// The whole formula. Top-level `&` and `\\` make it aligned rows, as Manim's `MathTex` does.
    static func parse(_ source: String) throws -> MathList {
        var parser = TeXParser(source)
        guard parser.scalars.count <= maximumLength else {
            throw FormulaError(column: maximumLength + 1, message: "the formula is longer than \(maximumLength) characters")
        }
        let first = try parser.parseList(stoppingAtCells: true)
        if parser.atEnd { return first }
        // `&` or `\\` at the top: rows of aligned cells.
        parser.position = 0
        let array = try parser.parseCells(environment: "aligned", start: 0)
        guard parser.atEnd else { throw parser.unexpected() }
        return [MathAtom(kind: .array(array), atomClass: .inner, source: 0..<parser.offsets.last!)]
    }

    /// Text with math between `$` signs (`The area is $\pi r^2$.`), as Manim's `Tex` reads it: the
    /// text set by the text engine, the math in text style. Text-mode TeX as LaTeX reads it: `\\`
    /// breaks the line (the lines centred, as Manim's `Tex` sets them); `\$ \% \& \# \_ \{ \}` are
    /// those characters, `~` a no-break space, `--` and `---` dashes, two backquotes and `''` curly
    /// quotes; `\TeX`, `\LaTeX`; `\textbf`, `\textit`, `\emph`, `\texttt` and `\textcolor` on braced
    /// text; braces group; spaces after a command's name are skipped. An unknown command is an
    /// error, as in math.
    static func parseText(_ source: String) throws -> MathList {
        var parser = TeXParser(source)
        guard parser.scalars.count <= maximumLength else {
            throw FormulaError(column: maximumLength + 1, message: "the text is longer than \(maximumLength) characters")
        }
        let rows = try parser.parseTextRows(face: .regular, braced: false)
        guard parser.atEnd else { throw parser.unexpected() }
        if rows.count == 1 { return rows[0] }
        let array = MathArray(rows: rows.map { [$0] }, alignments: [.center], columnGap: 0, rowGap: 0.2)
        return [MathAtom(kind: .array(array), atomClass: .inner, source: 0..<parser.offsets.last!)]
    }

    /// Text up to the end (or, when `braced`, to the closing brace, left for the caller), in
    /// lines split at `\\` (one line when braced).
    private mutating func parseTextRows(face: MathAtom.TextFace, braced: Bool) throws -> [MathList] {
        try enter()
        defer { depth -= 1 }
        var rows: [MathList] = [[]]
        var run = String.UnicodeScalarView(), sources: [Int] = []
        func flush(at end: Int) {
            guard !run.isEmpty else { return }
            var atom = MathAtom(kind: .text(String(run)), atomClass: .ord, source: sources[0]..<end)
            atom.textSources = sources + [end]
            atom.textFace = face
            rows[rows.count - 1].append(atom)
            run = String.UnicodeScalarView()
            sources = []
        }
        func append(_ text: String, from offset: Int) {
            for scalar in text.unicodeScalars {
                run.append(scalar)
                sources += repeatElement(offset, count: scalar.utf16.count)
            }
        }
        func next(_ k: Int) -> Unicode.Scalar? { position + k < scalars.count ? scalars[position + k] : nil }
        while let c = current {
            let here = offsets[position]
            switch c {
            case "}":
                guard braced else { throw unexpected() }
                flush(at: here)
                return rows
            case "{":
                flush(at: here)
                rows[rows.count - 1] += try parseTextGroup(face: face)
            case "$":
                flush(at: here)
                let open = position
                position += 1
                insideDollars = true
                let math = try parseList()
                insideDollars = false
                guard current == "$" else {
                    if atEnd { throw error("expected '$' to close the math opened at column \(open + 1)") }
                    throw unexpected()
                }
                position += 1
                let style = MathAtom(kind: .style(.text), atomClass: .ord, source: offsets[open]..<offsets[open])
                rows[rows.count - 1].append(MathAtom(kind: .group([style] + math), atomClass: .ord, source: offsets[open]..<offsets[position]))
            case "~":
                append("\u{A0}", from: here)
                position += 1
            case "-" where next(1) == "-":
                let em = next(2) == "-"
                append(em ? "\u{2014}" : "\u{2013}", from: here)
                position += em ? 3 : 2
            case "`" where next(1) == "`":
                append("\u{201C}", from: here)
                position += 2
            case "'" where next(1) == "'":
                append("\u{201D}", from: here)
                position += 2
            case "\\":
                let start = position
                guard let d = next(1) else { throw error("a '\\' at the end of the text", at: start) }
                if "$%&#_{} ".unicodeScalars.contains(d) {
                    append(String(d), from: here)
                    position += 2
                    continue
                }
                if d == "," { append("\u{2009}", from: here); position += 2; continue }
                let name = readCommandName()
                if Self.isLetter(d) { while current == " " || current == "\t" || current == "\n" { position += 1 } }
                let source = here..<offsets[position]
                switch name {
                case "\\", "newline":
                    guard !braced else { throw error("a line break inside braces", at: start) }
                    // `\\[6pt]`: the extra space is not kept.
                    if current == "[", let close = scalars[position...].firstIndex(of: "]") { position = close + 1 }
                    flush(at: here)
                    rows.append([])
                case "TeX", "LaTeX", "LaTeXe":
                    flush(at: here)
                    rows[rows.count - 1] += Self.logo(name, source: source)
                case "textbf", "textit", "emph", "textsl", "texttt", "textrm", "text", "textnormal", "textup", "textsf", "mbox":
                    flush(at: here)
                    skipSpace()
                    guard current == "{" else { throw error("expected text for \\\(name) in braces") }
                    rows[rows.count - 1] += try parseTextGroup(face: Self.face(face, name))
                case "textcolor":
                    flush(at: here)
                    let color = try parseColorArgument()
                    skipSpace()
                    guard current == "{" else { throw error("expected text for \\textcolor in braces") }
                    let inner = try parseTextGroup(face: face)
                    rows[rows.count - 1].append(MathAtom(kind: .color(color, inner), atomClass: .ord, source: source.lowerBound..<offsets[position]))
                case "color":
                    flush(at: here)
                    let color = try parseColorArgument()
                    // The rest of the group (or text) in the colour.
                    let rest = try parseTextRows(face: face, braced: braced)
                    let end = offsets[position]
                    rows[rows.count - 1].append(MathAtom(kind: .color(color, rest[0]), atomClass: .ord, source: here..<end))
                    rows += rest.dropFirst().map { [MathAtom(kind: .color(color, $0), atomClass: .ord, source: here..<end)] }
                    return rows
                case "quad", "qquad":
                    flush(at: here)
                    rows[rows.count - 1].append(MathAtom(kind: .space(name == "quad" ? 1 : 2), atomClass: .ord, source: source))
                case "hspace":
                    flush(at: here)
                    let at = position
                    let (amount, _) = try parseRawArgument(what: "a length")
                    guard let ems = Self.length(amount) else { throw error("expected a length such as 1em or 6pt", at: at) }
                    rows[rows.count - 1].append(MathAtom(kind: .space(ems), atomClass: .ord, source: here..<offsets[position]))
                default:
                    if let character = Self.textCharacters[name] {
                        append(character, from: here)
                    } else if TeXSymbols.symbol(name) != nil || TeXSymbols.largeOperators[name] != nil || TeXSymbols.namedOperators[name] != nil
                                || TeXSymbols.accents[name] != nil || ["frac", "sqrt", "left", "right", "begin"].contains(name) {
                        throw error("\\\(name) is math: put it between $ signs", at: start)
                    } else {
                        throw error("unknown command \\\(name)", at: start)
                    }
                }
            default:
                append(String(c), from: here)
                position += 1
            }
        }
        guard !braced else { throw error("expected '}' to close a group") }
        flush(at: offsets[position])
        return rows
    }

    /// A braced group of text at the position, read in `face`: its atoms.
    private mutating func parseTextGroup(face: MathAtom.TextFace) throws -> MathList {
        let open = position
        position += 1
        let inner = try parseTextRows(face: face, braced: true)
        guard current == "}" else { throw error("expected '}' to close the group opened at column \(open + 1)") }
        position += 1
        return inner[0]
    }

    /// Characters text-mode commands name.
    private static let textCharacters: [String: String] = [
        "textbackslash": "\\", "ldots": "\u{2026}", "dots": "\u{2026}", "S": "\u{A7}", "P": "\u{B6}", "copyright": "\u{A9}",
        "textregistered": "\u{AE}", "texttrademark": "\u{2122}", "dag": "\u{2020}", "ddag": "\u{2021}", "textbullet": "\u{2022}",
        "textendash": "\u{2013}", "textemdash": "\u{2014}", "textdegree": "\u{B0}", "pounds": "\u{A3}", "euro": "\u{20AC}",
        "ss": "\u{DF}", "ae": "\u{E6}", "AE": "\u{C6}", "oe": "\u{153}", "OE": "\u{152}", "o": "\u{F8}", "O": "\u{D8}",
        "i": "\u{131}", "aa": "\u{E5}", "AA": "\u{C5}", "l": "\u{142}", "L": "\u{141}", "textasciitilde": "~",
        "textless": "<", "textgreater": ">", "textbar": "|", "slash": "/",
    ]

    /// The face a text command gives inside text already in `face`.
    private static func face(_ face: MathAtom.TextFace, _ command: String) -> MathAtom.TextFace {
        switch command {
        case "textbf": return face == .italic || face == .boldItalic ? .boldItalic : .bold
        case "textit", "textsl": return face == .bold || face == .boldItalic ? .boldItalic : .italic
        // `\emph` turns italic on, or off inside italic.
        case "emph":
            switch face {
            case .italic: return .regular
            case .boldItalic: return .bold
            case .bold: return .boldItalic
            default: return .italic
            }
        case "texttt": return .monospaced
        case "textrm", "textnormal", "textup", "textsf": return command == "textnormal" ? .regular : face == .boldItalic ? .bold : face == .italic ? .regular : face
        default: return face
        }
    }

    /// The TeX and LaTeX logos as Knuth and Lamport set them: letters kerned together, the E
    /// lowered half an ex, LaTeX's A small and raised to the top of the T.
    private static func logo(_ name: String, source: Range<Int>) -> MathList {
        func text(_ s: String) -> MathAtom { MathAtom(kind: .text(s), atomClass: .ord, source: source) }
        func space(_ ems: CGFloat) -> MathAtom { MathAtom(kind: .space(ems), atomClass: .ord, source: source) }
        let tex = [text("T"), space(-0.1667), MathAtom(kind: .raised(-0.2155, [text("E")]), atomClass: .ord, source: source), space(-0.125), text("X")]
        guard name != "TeX" else { return tex }
        let small = MathAtom(kind: .raised(0.21, [MathAtom(kind: .style(.script), atomClass: .ord, source: source), text("A")]), atomClass: .ord, source: source)
        var latex = [text("L"), space(-0.36), small, space(-0.15)] + tex
        if name == "LaTeXe" {
            latex += [space(0.15), text("2"), MathAtom(kind: .raised(-0.2155, [MathAtom(kind: .style(.script), atomClass: .ord, source: source), text("\u{3B5}")]), atomClass: .ord, source: source)]
        }
        return latex
    }

    // MARK: Characters

    private var atEnd: Bool { position >= scalars.count }
    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func error(_ message: String, at index: Int? = nil) -> FormulaError {
        FormulaError(column: min(index ?? position, scalars.count) + 1, message: message)
    }

    private func unexpected() -> FormulaError {
        guard let c = current else { return error("unexpected end of the formula") }
        if c == "}" { return error("unmatched '}'") }
        if c == "&" { return error("'&' outside an environment's row") }
        if c == "\\", let name = peekCommand() {
            switch name {
            case "right", "middle": return error("\\\(name) without a matching \\left")
            case "end": return error("\\end without a matching \\begin")
            case "\\": return error("'\\\\' outside an environment's rows")
            default: break
            }
        }
        return error("unexpected '\(Self.visible(c))'")
    }

    static func visible(_ c: Unicode.Scalar) -> String {
        c.value < 0x20 || c.value == 0x7F || (0x80..<0xA0).contains(c.value) ? "\\u{\(String(c.value, radix: 16, uppercase: true))}" : String(c)
    }

    private mutating func skipSpace() {
        while let c = current {
            if c == " " || c == "\t" || c == "\n" || c == "\r" { position += 1 }
            else if c == "%" {
                while let d = current, d != "\n" { _ = d; position += 1 }
            } else { break }
        }
    }

    private static func isLetter(_ c: Unicode.Scalar) -> Bool {
        (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A)
    }

    /// The control sequence's name at the position (after `\`), consumed; "" at the end.
    private mutating func readCommandName() -> String {
        position += 1  // the backslash
        guard let c = current else { return "" }
        if Self.isLetter(c) {
            let start = position
            while let d = current, Self.isLetter(d) { position += 1 }
            // `\operatorname*`
            var name = String(String.UnicodeScalarView(scalars[start..<position]))
            if current == "*", ["operatorname", "align", "gather"].contains(name) { position += 1; name += "*" }
            return name
        }
        position += 1
        return String(c)
    }

    /// Peeks at the next command's name without consuming it.
    private func peekCommand() -> String? {
        var copy = self
        copy.skipSpace()
        guard copy.current == "\\" else { return nil }
        return copy.readCommandName()
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested deeper than \(Self.maximumDepth) levels") }
    }

    // MARK: Lists

    /// Atoms up to the end, a `}`, `\right`, `\middle`, `\end`, and (when `stoppingAtCells`) `&` or `\\`,
    /// which are left for the caller. `\over` and its kin make the list a fraction.
    private mutating func parseList(stoppingAtCells: Bool = false) throws -> MathList {
        var list: MathList = []
        var fractionStart: (numerator: MathList, fraction: Fraction, at: Int)?
        let savedVariant = variant
        defer { variant = savedVariant }
        loop: while true {
            skipSpace()
            guard let c = current else { break }
            let start = position
            switch c {
            case "}": break loop
            case "$" where insideDollars: break loop
            case "&": if stoppingAtCells { break loop } else { throw unexpected() }
            case "^", "_":
                try attachScript(to: &list)
                continue
            case "'":
                try attachPrimes(to: &list)
                continue
            case "\\":
                let name = peekCommand() ?? ""
                if ["right", "middle", "end"].contains(name) { break loop }
                if name == "\\" || name == "cr" {
                    if stoppingAtCells { break loop }
                    throw error("'\\\\' outside an environment's rows")
                }
                if ["over", "choose", "atop", "brack", "brace"].contains(name) {
                    _ = readCommandName()
                    guard fractionStart == nil else { throw error("ambiguous: two \\\(name)-style fractions in one group", at: start) }
                    var f = Fraction(numerator: [], denominator: [])
                    switch name {
                    case "choose": f.hasRule = false; f.left = "("; f.right = ")"
                    case "atop": f.hasRule = false
                    case "brack": f.hasRule = false; f.left = "["; f.right = "]"
                    case "brace": f.hasRule = false; f.left = "{"; f.right = "}"
                    default: break
                    }
                    fractionStart = (list, f, start)
                    list = []
                    continue
                }
                if name == "limits" || name == "nolimits" {
                    _ = readCommandName()
                    guard let last = list.indices.last, list[last].atomClass == .op else {
                        throw error("\\\(name) must follow an operator such as \\sum", at: start)
                    }
                    list[last].limits = name == "limits"
                    continue
                }
                if let style = ["displaystyle": MathStyle.Level.display, "textstyle": .text, "scriptstyle": .script,
                                "scriptscriptstyle": .scriptScript][name] {
                    _ = readCommandName()
                    list.append(MathAtom(kind: .style(style), atomClass: .ord, source: offsets[start]..<offsets[position]))
                    continue
                }
                if let v = ["rm": MathVariant.roman, "bf": .bold, "it": .italic, "cal": .calligraphic, "sf": .sansSerif,
                            "tt": .monospace][name] {
                    _ = readCommandName()
                    variant = v
                    continue
                }
                if name == "color" {
                    _ = readCommandName()
                    let color = try parseColorArgument()
                    skipSpace()
                    if current == "{" {
                        // \color{red}{x}: the group only.
                        let body = try parseGroup()
                        list.append(MathAtom(kind: .color(color, body), atomClass: .ord, source: offsets[start]..<offsets[position]))
                    } else {
                        // \color{red} x y: the rest of the group.
                        let rest = try parseList(stoppingAtCells: stoppingAtCells)
                        list.append(MathAtom(kind: .color(color, rest), atomClass: .ord, source: offsets[start]..<offsets[position]))
                    }
                    continue
                }
                list.append(try parseAtom())
            default:
                list.append(try parseAtom())
            }
        }
        if let pending = fractionStart {
            var f = pending.fraction
            f.numerator = pending.numerator
            f.denominator = list
            let from = pending.numerator.first?.source.lowerBound ?? offsets[pending.at]
            return [MathAtom(kind: .fraction(f), atomClass: f.left == nil ? .ord : .inner,
                             source: from..<(list.last?.source.upperBound ?? offsets[position]))]
        }
        return list
    }

    private mutating func attachScript(to list: inout MathList) throws {
        let marker = current!
        let start = position
        position += 1
        if list.isEmpty || list.last.map({ if case .style = $0.kind { return true } else { return false } }) == true {
            list.append(MathAtom(kind: .group([]), atomClass: .ord, source: offsets[start]..<offsets[start]))
        }
        let argument = try parseArgument(what: marker == "^" ? "a superscript after '^'" : "a subscript after '_'")
        let i = list.count - 1
        if marker == "^" {
            guard list[i].sup == nil else { throw error("double superscript: use braces, as in x^{a^b}", at: start) }
            list[i].sup = argument
        } else {
            guard list[i].sub == nil else { throw error("double subscript: use braces, as in x_{a_b}", at: start) }
            list[i].sub = argument
        }
    }

    private mutating func attachPrimes(to list: inout MathList) throws {
        let start = position
        var count = 0
        while current == "'" { count += 1; position += 1 }
        if list.isEmpty { list.append(MathAtom(kind: .group([]), atomClass: .ord, source: offsets[start]..<offsets[start])) }
        let i = list.count - 1
        guard list[i].sup == nil else { throw error("a prime after a superscript: write x'^2, or {x^2}'", at: start) }
        list[i].primes += count
    }

    /// `{...}` as a list; the position must be at `{`.
    private mutating func parseGroup() throws -> MathList {
        let open = position
        position += 1
        try enter()
        defer { depth -= 1 }
        let list = try parseList()
        guard current == "}" else {
            if atEnd { throw error("expected '}' to close the group opened at column \(open + 1)") }
            throw unexpected()
        }
        position += 1
        return list
    }

    /// A command's argument: a braced group, or one token.
    private mutating func parseArgument(what: String) throws -> MathList {
        skipSpace()
        guard let c = current else { throw error("expected \(what)") }
        if c == "{" { return try parseGroup() }
        if c == "}" || c == "&" || c == "^" || c == "_" { throw error("expected \(what), found '\(c)'") }
        if c == "\\", let name = peekCommand(), ["right", "middle", "end", "\\", "over", "choose", "atop", "limits", "nolimits"].contains(name) {
            throw error("expected \(what), found '\\\(name)'")
        }
        try enter()
        defer { depth -= 1 }
        return [try parseAtom()]
    }

    /// A raw braced argument as text (for `\text`, colours, names and environments).
    private mutating func parseRawArgument(what: String) throws -> (String, Range<Int>) {
        skipSpace()
        guard current == "{" else {
            // One character, as TeX allows (\text x).
            guard let c = current, c != "}" else { throw error("expected \(what) in braces") }
            position += 1
            return (String(c), offsets[position - 1]..<offsets[position])
        }
        let open = position
        position += 1
        var level = 0
        let start = position
        while let c = current {
            if c == "\\" { position += min(2, scalars.count - position); continue }
            if c == "{" { level += 1 }
            if c == "}" {
                if level == 0 { break }
                level -= 1
            }
            position += 1
        }
        guard current == "}" else { throw error("expected '}' to close the argument opened at column \(open + 1)") }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        position += 1
        return (text, offsets[start]..<offsets[position - 1])
    }

    private mutating func parseColorArgument() throws -> Color {
        let at = position
        let (name, _) = try parseRawArgument(what: "a colour")
        guard let color = FormulaColor.parse(name.trimmingSpaces) else {
            throw error("unknown colour '\(name)': a name such as red or a hex code such as #FF8800", at: at)
        }
        return color
    }

    // MARK: Atoms

    private mutating func parseAtom() throws -> MathAtom {
        skipSpace()
        let start = position
        guard let c = current else { throw error("unexpected end of the formula") }
        func atom(_ kind: MathAtom.Kind, _ cls: AtomClass) -> MathAtom {
            MathAtom(kind: kind, atomClass: cls, source: offsets[start]..<offsets[position])
        }
        if c == "{" {
            // `{{ ... }}` is a part named by its source, as Manim and Motion Canvas write them.
            if position + 1 < scalars.count, scalars[position + 1] == "{" {
                let outer = position
                let body = try parseGroup()
                if body.count == 1, case .group(let inner) = body[0].kind, body[0].sub == nil, body[0].sup == nil,
                   scalars[position - 2] == "}" {
                    let name = String(String.UnicodeScalarView(scalars[(outer + 2)..<(position - 2)])).trimmingSpaces
                    return atom(.part(name, inner), .ord)
                }
                return atom(.group(body), .ord)
            }
            return atom(.group(try parseGroup()), .ord)
        }
        if c == "\\" { return try parseCommand() }
        if c == "}" || c == "&" { throw unexpected() }
        if c == "~" { position += 1; return atom(.space(1.0 / 3), .ord) }
        if c == "#" || c == "$" { throw error("'\(c)' has no meaning in math; write \\\(c) for the sign") }
        if c.value < 0x20 || c.value == 0x7F { throw error("unexpected control character \(Self.visible(c))") }
        position += 1
        if let op = TeXSymbols.largeOperators.values.first(where: { $0.0 == c }) {
            return MathAtom(kind: .symbol(c), atomClass: .op, limits: nil, source: offsets[start]..<offsets[position]).withDefaultLimits(op.limits)
        }
        let mapped = c == "-" ? "\u{2212}" : (c == "*" ? "\u{2217}" : MathAlphabet.map(c, variant))
        return atom(.symbol(mapped), TeXSymbols.atomClass(of: c))
    }

    private mutating func parseCommand() throws -> MathAtom {
        let start = position
        let name = readCommandName()
        func atom(_ kind: MathAtom.Kind, _ cls: AtomClass) -> MathAtom {
            MathAtom(kind: kind, atomClass: cls, source: offsets[start]..<offsets[position])
        }
        if name.isEmpty { throw error("a '\\' at the end of the formula", at: start) }
        if let (s, cls) = TeXSymbols.symbol(name) {
            let mapped = TeXSymbols.greek[name] != nil && variant != .normal ? MathAlphabet.map(s, variant)
                : (TeXSymbols.greek[name] != nil ? MathAlphabet.map(s, .normal) : s)
            return atom(.symbol(mapped), cls)
        }
        if let space = TeXSymbols.spaces[name] { return atom(.space(space), .ord) }
        if let op = TeXSymbols.largeOperators[name] {
            return atom(.symbol(op.0), .op).withDefaultLimits(op.limits)
        }
        if let named = TeXSymbols.namedOperators[name] {
            return atom(.name(named.0), .op).withDefaultLimits(named.limits)
        }
        if let v = TeXSymbols.variants[name] {
            let saved = variant
            variant = v
            defer { variant = saved }
            let body = try parseArgument(what: "an argument for \\\(name)")
            return atom(.group(body), .ord)
        }
        if let accent = TeXSymbols.accents[name] {
            let body = try parseArgument(what: "an argument for \\\(name)")
            return atom(.accent(accent.0, body: body, stretchy: accent.stretchy, under: false), .ord)
        }
        if let sized = TeXSymbols.sizedDelimiters[name] {
            let d = try parseDelimiter(after: name)
            return atom(.sizedDelimiter(d, height: sized.0), sized.1)
        }
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac", "binom", "dbinom", "tbinom":
            try enter()
            defer { depth -= 1 }
            let numerator = try parseArgument(what: "a numerator for \\\(name)")
            let denominator = try parseArgument(what: "a denominator for \\\(name)")
            var f = Fraction(numerator: numerator, denominator: denominator)
            if name.hasSuffix("binom") { f.hasRule = false; f.left = "("; f.right = ")" }
            if name.hasPrefix("d") || name == "cfrac" { f.style = .display }
            if name.hasPrefix("t") { f.style = .text }
            return atom(.fraction(f), f.left == nil ? .ord : .inner)
        case "sqrt":
            try enter()
            defer { depth -= 1 }
            skipSpace()
            var degree: MathList?
            if current == "[" {
                position += 1
                degree = try parseList(until: "]")
            }
            let body = try parseArgument(what: "an argument for \\sqrt")
            return atom(.radical(degree: degree, body: body), .ord)
        case "left":
            return try parseDelimited(start: start)
        case "right", "middle":
            throw error("\\\(name) without a matching \\left", at: start)
        case "overline", "underline":
            let body = try parseArgument(what: "an argument for \\\(name)")
            return atom(.bar(over: name == "overline", body: body), .ord)
        case "overbrace", "underbrace":
            let body = try parseArgument(what: "an argument for \\\(name)")
            let over = name == "overbrace"
            var a = atom(.brace(over ? "\u{23DE}" : "\u{23DF}", over: over, body: body), .op)
            a.limits = true
            return a
        case "underrightarrow", "underleftarrow", "utilde", "underbar":
            let body = try parseArgument(what: "an argument for \\\(name)")
            let c: Unicode.Scalar = ["underrightarrow": "\u{20EF}", "underleftarrow": "\u{20EE}", "utilde": "\u{330}", "underbar": "\u{332}"][name]!
            return atom(.accent(c, body: body, stretchy: name != "underbar", under: true), .ord)
        case "operatorname", "operatorname*":
            let (text, _) = try parseRawArgument(what: "an operator's name")
            let cleaned = text.unicodeScalars.filter { $0 != "\\" && $0 != "{" && $0 != "}" }
            return atom(.name(String(String.UnicodeScalarView(cleaned))), .op).withDefaultLimits(name.hasSuffix("*"))
        case "text", "textrm", "textnormal", "mbox", "textbf", "textit", "textsf", "texttt", "textup", "hbox":
            let (text, range) = try parseRawArgument(what: "text for \\\(name)")
            let (string, sources) = Self.unescapeText(text, from: range.lowerBound)
            var a = atom(.text(string), .ord)
            a.textSources = sources
            a.textFace = Self.face(.regular, name)
            return a
        case "textcolor":
            let color = try parseColorArgument()
            let body = try parseArgument(what: "an argument for \\textcolor")
            return atom(.color(color, body), .ord)
        case "color":
            throw error("\\color must come first in its group", at: start)
        case "part":
            let (partName, _) = try parseRawArgument(what: "a part's name")
            let body = try parseArgument(what: "the part's formula")
            return atom(.part(partName.trimmingSpaces, body), .ord)
        case "phantom":
            return atom(.phantom(try parseArgument(what: "an argument for \\phantom")), .ord)
        case "overset", "underset", "stackrel":
            let over = try parseArgument(what: "the script of \\\(name)")
            let base = try parseArgument(what: "the base of \\\(name)")
            var a = atom(.group(base), name == "stackrel" ? .rel : .ord)
            if name == "underset" { a.sub = over } else { a.sup = over }
            a.limits = true
            if base.count == 1, name != "stackrel" { a.atomClass = base[0].atomClass }
            return a
        case "not":
            skipSpace()
            let next = try parseAtom()
            guard case .symbol(let s) = next.kind, let negated = Self.negations[s] else {
                throw error("\\not is only written before a relation such as = or \\in", at: start)
            }
            return atom(.symbol(negated), .rel)
        case "pmod":
            let body = try parseArgument(what: "an argument for \\pmod")
            let inner: MathList = [MathAtom(kind: .name("mod"), atomClass: .ord, source: offsets[start]..<offsets[start]),
                                   MathAtom(kind: .space(1.0 / 3), atomClass: .ord, source: offsets[start]..<offsets[start])] + body
            return atom(.group([MathAtom(kind: .space(1), atomClass: .ord, source: offsets[start]..<offsets[start]),
                                MathAtom(kind: .symbol("("), atomClass: .open, source: offsets[start]..<offsets[start]),
                                MathAtom(kind: .group(inner), atomClass: .ord, source: offsets[start]..<offsets[position]),
                                MathAtom(kind: .symbol(")"), atomClass: .close, source: offsets[position - 1]..<offsets[position])]), .ord)
        case "bmod", "mod":
            return atom(.name("mod"), .bin)
        case "hspace", "kern", "mkern", "mspace", "hskip", "mskip":
            let at = position
            let (amount, _) = try parseRawArgument(what: "a length")
            guard let ems = Self.length(amount) else { throw error("expected a length such as 1em, 3mu or 6pt", at: at) }
            return atom(.space(ems), .ord)
        case "begin":
            return try parseEnvironment(start: start)
        case "end":
            throw error("\\end without a matching \\begin", at: start)
        case "\\":
            throw error("'\\\\' outside an environment's rows", at: start)
        case "lbrace", "{": return atom(.symbol("{"), .open)
        case "rbrace", "}": return atom(.symbol("}"), .close)
        case "|", "Vert": return atom(.symbol("\u{2016}"), .ord)
        case "vert": return atom(.symbol("|"), .ord)
        case "dots", "ldots": return atom(.symbol("\u{2026}"), .inner)
        case "cdots": return atom(.symbol("\u{22EF}"), .inner)
        case "ddots": return atom(.symbol("\u{22F1}"), .inner)
        default:
            throw error("unknown command \\\(name)", at: start)
        }
    }

    private static let negations: [Unicode.Scalar: Unicode.Scalar] = [
        "=": "\u{2260}", "<": "\u{226E}", ">": "\u{226F}", "\u{2208}": "\u{2209}", "\u{2261}": "\u{2262}",
        "\u{2282}": "\u{2284}", "\u{2283}": "\u{2285}", "\u{2264}": "\u{2270}", "\u{2265}": "\u{2271}",
        "\u{223C}": "\u{2241}", "\u{2248}": "\u{2249}", "\u{2286}": "\u{2288}", "\u{2287}": "\u{2289}",
        "\u{2243}": "\u{2244}", "\u{2245}": "\u{2247}", "\u{220B}": "\u{220C}", "\u{2223}": "\u{2224}",
        "\u{2225}": "\u{2226}", "\u{2192}": "\u{219B}", "\u{2190}": "\u{219A}",
    ]

    /// A TeX length in ems: em, mu (1/18 em), ex (about half an em), pt (a tenth of an em at TeX's 10 pt).
    static func length(_ text: String) -> CGFloat? {
        let t = text.trimmingSpaces
        for (unit, ems) in [("em", 1.0), ("mu", 1.0 / 18), ("ex", 0.43), ("pt", 0.1), ("px", 0.1), ("mm", 0.2845), ("cm", 2.845)] where t.hasSuffix(unit) {
            guard let v = Double(t.dropLast(unit.count).trimmingSpaces), v.isFinite, abs(v) <= 100 else { return nil }
            return CGFloat(v * ems)
        }
        return nil
    }

    /// `\text`'s argument with TeX's escapes read (`\%`, `\{`, `\ `...).
    static func unescapeText(_ text: String, from start: Int) -> (String, [Int]) {
        var out = String.UnicodeScalarView()
        var sources: [Int] = []
        var offset = start
        var it = text.unicodeScalars.makeIterator()
        func emit(_ c: Unicode.Scalar, at source: Int) {
            out.append(c)
            sources += repeatElement(source, count: c.utf16.count)
        }
        while let c = it.next() {
            let here = offset
            offset += c.utf16.count
            // `\%`, `\{`, `\ `: the character itself.
            if c == "\\", let d = it.next() { offset += d.utf16.count; emit(d, at: here); continue }
            if c == "{" || c == "}" { continue }
            if c == "~" { emit("\u{A0}", at: here); continue }
            emit(c, at: here)
        }
        return (String(out), sources + [offset])
    }

    /// A list up to `terminator` (a character, as `]` of `\sqrt[n]`), consumed.
    private mutating func parseList(until terminator: Unicode.Scalar) throws -> MathList {
        let open = position - 1
        var list: MathList = []
        while true {
            skipSpace()
            guard let c = current else { throw error("expected '\(terminator)' to close the '[' at column \(open + 1)") }
            if c == terminator { position += 1; return list }
            if c == "}" || c == "&" { throw unexpected() }
            if c == "^" || c == "_" { try attachScript(to: &list); continue }
            if c == "'" { try attachPrimes(to: &list); continue }
            list.append(try parseAtom())
        }
    }

    private mutating func parseDelimiter(after command: String) throws -> Unicode.Scalar? {
        skipSpace()
        let at = position
        guard let c = current else { throw error("expected a delimiter after \\\(command)") }
        if c == "\\" {
            let name = readCommandName()
            if let d = TeXSymbols.delimiter(named: name) { return d }
            throw error("expected a delimiter after \\\(command), found '\\\(name)'", at: at)
        }
        position += 1
        if let d = TeXSymbols.delimiter(character: c) { return d }
        throw error("expected a delimiter after \\\(command), such as ( [ | or .", at: at)
    }

    private mutating func parseDelimited(start: Int) throws -> MathAtom {
        try enter()
        defer { depth -= 1 }
        var delimiters = [try parseDelimiter(after: "left")]
        var pieces: [MathList] = []
        while true {
            pieces.append(try parseList())
            skipSpace()
            guard current == "\\" else {
                if atEnd { throw error("expected \\right to close the \\left at column \(start + 1)") }
                throw unexpected()
            }
            let at = position
            let name = readCommandName()
            if name == "middle" { delimiters.append(try parseDelimiter(after: "middle")); continue }
            if name == "right" { delimiters.append(try parseDelimiter(after: "right")); break }
            throw error("expected \\right to close the \\left at column \(start + 1), found '\\\(name)'", at: at)
        }
        return MathAtom(kind: .delimited(delimiters: delimiters, pieces: pieces), atomClass: .inner,
                        source: offsets[start]..<offsets[position])
    }

    // MARK: Environments

    private static let environments: Set<String> = [
        "matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix", "Vmatrix", "smallmatrix", "cases", "dcases", "rcases",
        "aligned", "align", "align*", "alignat", "gathered", "gather", "gather*", "split", "array", "equation", "equation*",
    ]

    private mutating func parseEnvironment(start: Int) throws -> MathAtom {
        let at = position
        let (name, _) = try parseRawArgument(what: "an environment's name")
        guard Self.environments.contains(name) else {
            throw error("unknown environment '\(name)': matrix, pmatrix, bmatrix, Bmatrix, vmatrix, cases, aligned, gathered or array", at: at)
        }
        try enter()
        defer { depth -= 1 }
        if name.hasPrefix("equation") {
            let body = try parseList()
            try expectEnd(name, begunAt: start)
            return MathAtom(kind: .group(body), atomClass: .ord, source: offsets[start]..<offsets[position])
        }
        let array = try parseCells(environment: name, start: start)
        try expectEnd(name, begunAt: start)
        return MathAtom(kind: .array(array), atomClass: .inner, source: offsets[start]..<offsets[position])
    }

    private mutating func expectEnd(_ name: String, begunAt start: Int) throws {
        skipSpace()
        guard current == "\\", peekCommand() == "end" else {
            if atEnd { throw error("expected \\end{\(name)} to close the \\begin{\(name)} at column \(start + 1)") }
            throw unexpected()
        }
        _ = readCommandName()
        let at = position
        let (closing, _) = try parseRawArgument(what: "an environment's name")
        guard closing == name else { throw error("\\begin{\(name)} at column \(start + 1) ended by \\end{\(closing)}", at: at) }
    }

    /// An environment's rows of cells, up to its `\end` (or the end, for a top-level formula).
    private mutating func parseCells(environment name: String, start: Int) throws -> MathArray {
        var array = MathArray(rows: [], alignments: [.center], columnGap: 1, rowGap: 0.2)
        switch name {
        case "pmatrix": array.left = "("; array.right = ")"
        case "bmatrix": array.left = "["; array.right = "]"
        case "Bmatrix": array.left = "{"; array.right = "}"
        case "vmatrix": array.left = "|"; array.right = "|"
        case "Vmatrix": array.left = "\u{2016}"; array.right = "\u{2016}"
        case "cases", "dcases": array.left = "{"; array.alignments = [.left]; array.display = name == "dcases"
        case "rcases": array.right = "}"; array.alignments = [.left]
        case "aligned", "align", "align*", "alignat", "split":
            array.alignments = [.right, .left]; array.display = true; array.alternatingGap = true; array.columnGap = 1
            array.rowGap = 0.5
        case "gathered", "gather", "gather*": array.display = true; array.rowGap = 0.5
        case "array":
            let at = position
            let (spec, _) = try parseRawArgument(what: "the columns of the array, such as {cc} or {l|r}")
            var alignments: [MathArray.Alignment] = []
            for c in spec.unicodeScalars {
                switch c {
                case "l": alignments.append(.left)
                case "c": alignments.append(.center)
                case "r": alignments.append(.right)
                case "|": array.rulesBefore.insert(alignments.count)
                case " ": break
                default: throw error("unknown column '\(Self.visible(c))' in the array's columns: use l, c, r or |", at: at)
                }
            }
            guard !alignments.isEmpty else { throw error("an array needs at least one column, such as {c}", at: at) }
            array.alignments = alignments
        default: break
        }
        if name == "alignat" { _ = try parseRawArgument(what: "the number of column pairs") }
        var rows: [[MathList]] = []
        var row: [MathList] = []
        while true {
            row.append(try parseList(stoppingAtCells: true))
            skipSpace()
            if current == "&" { position += 1; continue }
            if current == "\\", let command = peekCommand(), command == "\\" || command == "cr" {
                _ = readCommandName()
                skipSpace()
                // An optional [length] after \\ (extra space) is read and not honoured.
                if current == "[" { _ = try parseRawBracket() }
                rows.append(row)
                row = []
                continue
            }
            break
        }
        // A last empty row (a trailing \\) is dropped.
        if !(row.count == 1 && row[0].isEmpty) || rows.isEmpty { rows.append(row) }
        if name == "array", let widest = rows.map(\.count).max(), widest > array.alignments.count {
            throw error("a row has \(widest) cells but the array declares \(array.alignments.count) columns", at: start)
        }
        array.rows = rows
        return array
    }

    private mutating func parseRawBracket() throws -> (String, Int) {
        let open = position
        position += 1
        let start = position
        while let c = current, c != "]" { position += 1 }
        guard current == "]" else { throw error("expected ']' to close the '[' at column \(open + 1)") }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        position += 1
        return (text, open)
    }
}

extension MathAtom {
    func withDefaultLimits(_ limits: Bool) -> MathAtom {
        var a = self
        a.displayLimits = limits
        return a
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

extension Substring {
    var trimmingSpaces: String { String(self).trimmingSpaces }
}
