import Foundation

extension Formula {
    /// How much a formula read aloud says of its structure.
    public enum SpeechStyle: Sendable {
        /// As a teacher reads it at the board: "a over b", "x squared".
        case short
        /// ClearSpeak's way: a fraction that is more than two simple terms is "the fraction with
        /// numerator ... and denominator ...", so a listener can rebuild it.
        case verbose
    }

    /// The formula as words, in English, as ClearSpeak reads it: for narration, captions,
    /// audio description, alt text and transcripts (`animate math TEX --speech`).
    ///
    /// "x = \frac{-b \pm \sqrt{b^2-4ac}}{2a}" is "x equals the fraction with numerator negative
    /// b plus or minus the square root of b squared minus 4 a c, and denominator 2 a".
    public func spoken(_ style: SpeechStyle = .verbose) throws -> String {
        let list = isText ? try TeXParser.parseText(tex) : try TeXParser.parse(tex)
        let words = SpokenMath(style: style).words(list)
        return SpokenMath.joined(words)
    }
}

/// Reads a math list aloud: each construct as its words, in order.
struct SpokenMath {
    let style: Formula.SpeechStyle

    /// Words with commas kept as words (",") so they attach to the word before.
    static func joined(_ words: [String]) -> String {
        var out = ""
        for w in words where !w.isEmpty {
            // Punctuation (a comma, the full stop after text, text that starts with one) sits on the word before.
            if let first = w.first, ".,;:!?".contains(first) { out += w; continue }
            if !out.isEmpty { out += " " }
            out += w
        }
        return out.replacingOccurrences(of: ",,", with: ",")
    }

    func words(_ list: MathList) -> [String] {
        var out: [String] = []
        var i = 0
        let atoms = list.filter { atom in
            switch atom.kind {
            case .space, .style, .phantom: return false
            default: return true
            }
        }
        while i < atoms.count {
            let atom = atoms[i]
            // A number: its digits (and decimal point) together.
            if case .symbol(let s) = atom.kind, Self.isDigit(s), atom.sub == nil, atom.sup == nil {
                var number = String(Character(s))
                var j = i + 1
                while j < atoms.count, case .symbol(let t) = atoms[j].kind, Self.isDigit(t) || (t == "." && j + 1 < atoms.count) {
                    number.append(Character(t))
                    let scripted = atoms[j].sub != nil || atoms[j].sup != nil
                    j += 1
                    if scripted { break }
                }
                let last = atoms[j - 1]
                out.append(number)
                out += scripts(of: last, base: number)
                i = j
                continue
            }
            // Bars, floors and ceilings in pairs: an absolute value, a norm, a floor, a ceiling.
            if case .symbol(let open) = atom.kind, let (closing, phrase) = Self.pairs[open], atom.sub == nil, atom.sup == nil,
               let close = atoms[(i + 1)...].firstIndex(where: { if case .symbol(closing) = $0.kind { return true } else { return false } }),
               close > i + 1 {
                out += [phrase] + words(Array(atoms[(i + 1)..<close]))
                out += scripts(of: atoms[close], base: "")
                i = close + 1
                continue
            }
            // Big operators and limits read their scripts as a range: "the sum from i equals 1 to n of".
            if let big = bigOperator(atom) {
                out += big
                i += 1
                continue
            }
            // A function applied to one simple argument: "f of x", "f prime of x", "sine of x".
            if isFunction(atom), i + 3 < atoms.count,
               case .symbol("(") = atoms[i + 1].kind, atoms[i + 1].sub == nil, atoms[i + 1].sup == nil,
               isSimple(atoms[i + 2]), case .symbol(")") = atoms[i + 3].kind, atoms[i + 3].sub == nil, atoms[i + 3].sup == nil {
                out += self.atom(atom, after: i > 0 ? atoms[i - 1] : nil) + ["of"] + self.atom(atoms[i + 2], after: nil)
                i += 4
                continue
            }
            let previous = i > 0 ? atoms[i - 1] : nil
            out += self.atom(atom, after: previous)
            // A function name applies to what follows: "sine of x".
            if case .name(let name) = atom.kind, Self.functionWords[name] != nil, i + 1 < atoms.count, !isOperatorOrRelation(atoms[i + 1]) {
                out.append("of")
            }
            i += 1
        }
        return out
    }

    /// A letter that names a function (f, g, h and their capitals, or any letter with primes),
    /// or a function's name, without scripts of its own.
    func isFunction(_ atom: MathAtom) -> Bool {
        guard atom.sub == nil, atom.sup == nil else { return false }
        switch atom.kind {
        case .symbol(let s):
            return atom.primes > 0 || ["f", "g", "h", "F", "G", "H"].contains(Self.word(for: s))
        case .name(let name): return Self.functionWords[name] != nil
        default: return false
        }
    }

    /// One letter or digit, or a number, with no scripts: what "of" can take without parentheses.
    func isSimple(_ atom: MathAtom) -> Bool {
        guard atom.sub == nil, atom.sup == nil, atom.primes == 0, case .symbol(let s) = atom.kind else { return false }
        return s.properties.isAlphabetic || Self.isDigit(s)
    }

    /// The words of one atom (its scripts and primes too).
    func atom(_ atom: MathAtom, after previous: MathAtom?) -> [String] {
        var out: [String] = []
        var base = ""
        switch atom.kind {
        case .symbol(let s):
            if (s == "-" || s == "\u{2212}"), previous == nil || previous.map(isOperatorOrRelation) == true || previous.map(isOpening) == true {
                out.append("negative")
            } else if s == "|" || s == "\u{2016}" {
                out.append(s == "|" ? "vertical bar" : "double vertical bar")
            } else {
                out.append(Self.word(for: s))
            }
            base = out.last ?? ""
        case .group(let list), .part(_, let list), .color(_, let list), .raised(_, let list):
            out += words(list)
        case .fraction(let f):
            out += fraction(f)
        case .radical(let degree, let body):
            out += radical(degree: degree, body: body)
        case .delimited(let delimiters, let pieces):
            out += delimited(delimiters, pieces)
            // Brackets with both scripts: evaluated between them.
            if let sub = atom.sub, let sup = atom.sup {
                return out + [",", "evaluated from"] + words(sub) + ["to"] + words(sup)
            }
        case .sizedDelimiter(let s, _):
            if let s { out.append(Self.word(for: s)) }
        case .accent(let mark, let body, _, _):
            out += accent(mark, body: body)
        case .bar(let over, let body):
            out += words(body) + [over ? "bar" : "underbar"]
        case .brace(_, let over, let body):
            // Its script is its label.
            let label = (over ? atom.sup : atom.sub).map(words) ?? []
            return words(body) + (label.isEmpty ? [] : [",", over ? "labelled above" : "labelled below"] + label)
        case .name(let name):
            out.append(Self.functionWords[name] ?? name)
            base = name
        case .text(let text):
            out.append(text.trimmingCharacters(in: .whitespaces))
        case .array(let array):
            out += self.array(array)
        case .space, .style, .phantom:
            break
        }
        if atom.primes > 0 { out.append(atom.primes == 1 ? "prime" : atom.primes == 2 ? "double prime" : "triple prime") }
        out += scripts(of: atom, base: base)
        return out
    }

    /// "sub i", "squared", "to the power of n".
    func scripts(of atom: MathAtom, base: String) -> [String] {
        var out: [String] = []
        if let sub = atom.sub { out += [base == "log" ? "base" : "sub"] + words(sub) }
        if let sup = atom.sup { out += power(sup, base: base) }
        return out
    }

    func power(_ sup: MathList, base: String) -> [String] {
        let w = words(sup)
        if w == ["2"] { return ["squared"] }
        if w == ["3"] { return ["cubed"] }
        if w == ["prime"] { return ["prime"] }
        if w == ["negative", "1"] && Self.functionWords[base] != nil { return ["inverse"] }
        if w == ["T"] { return ["transpose"] }
        if w.count == 1, let n = Int(w[0]) { return ["to the \(Self.ordinal(n)) power"] }
        if w.count == 1 || style == .short { return ["to the power of"] + w }
        return ["raised to the power"] + w + [",", "end exponent"]
    }

    func fraction(_ f: Fraction) -> [String] {
        let n = words(f.numerator), d = words(f.denominator)
        if !f.hasRule {
            // A binomial coefficient.
            return n + ["choose"] + d
        }
        // d/dx: "the derivative with respect to x of".
        if n == ["d"], d.count == 2, d[0] == "d" { return ["the derivative with respect to", d[1], "of"] }
        // Small numeric fractions as their names: "one half", "3 fourths".
        if n.count == 1, d.count == 1, let top = Int(n[0]), let bottom = Int(d[0]), (2...10).contains(bottom), top >= 1, top < 20 {
            let name = Self.fractionNames[bottom]!
            return top == 1 ? ["one", name] : [n[0], bottom == 2 ? "halves" : name + "s"]
        }
        if n.count == 1 && d.count == 1 { return n + ["over"] + d }
        if style == .short {
            // More than one word a side: "the quantity" marks where it starts, a comma where it ends.
            func side(_ w: [String]) -> [String] { w.count > 1 ? ["the quantity"] + w + [","] : w }
            return side(n) + ["over"] + side(d)
        }
        return ["the fraction with numerator"] + n + [",", "and denominator"] + d
    }

    func radical(degree: MathList?, body: MathList) -> [String] {
        let b = words(body)
        guard let degree else { return ["the square root of"] + b }
        let d = words(degree)
        if d == ["3"] { return ["the cube root of"] + b }
        if d.count == 1, let n = Int(d[0]) { return ["the \(Self.ordinal(n)) root of"] + b }
        return ["the root of index"] + d + ["of"] + b
    }

    func delimited(_ delimiters: [Unicode.Scalar?], _ pieces: [MathList]) -> [String] {
        let open = delimiters.first ?? nil, close = delimiters.last ?? nil
        let inside = pieces.enumerated().flatMap { k, piece in (k > 0 ? ["such that"] : []) + words(piece) }
        switch (open, close) {
        case ("|", "|"): return ["the absolute value of"] + inside
        case ("\u{2016}", "\u{2016}"): return ["the norm of"] + inside
        case ("\u{230A}", "\u{230B}"): return ["the floor of"] + inside
        case ("\u{2308}", "\u{2309}"): return ["the ceiling of"] + inside
        case ("{", nil): return inside
        default:
            return (open.map { [Self.word(for: $0)] } ?? []) + inside + (close.map { [Self.word(for: $0)] } ?? [])
        }
    }

    func accent(_ mark: Unicode.Scalar, body: MathList) -> [String] {
        let b = words(body)
        switch mark {
        case "\u{2192}", "\u{20D7}": return ["vector"] + b
        case "^", "\u{0302}", "\u{02C6}": return b + ["hat"]
        case "\u{00AF}", "\u{0304}", "\u{203E}": return b + ["bar"]
        case "\u{02D9}", "\u{0307}": return b + ["dot"]
        case "\u{00A8}", "\u{0308}": return b + ["double dot"]
        case "~", "\u{0303}", "\u{02DC}": return b + ["tilde"]
        default: return b + [Self.word(for: mark)]
        }
    }

    func array(_ array: MathArray) -> [String] {
        let rows = array.rows.count, columns = array.rows.map(\.count).max() ?? 0
        if array.left == "{" && array.right == nil {
            // Cases: each value with its condition.
            return ["cases", ":"] + array.rows.enumerated().flatMap { k, row -> [String] in
                let value = row.first.map(words) ?? [], condition = row.count > 1 ? words(row[1]) : []
                return (k > 0 ? [";"] : []) + value + (condition.isEmpty ? [] : ["if"] + condition)
            }
        }
        if array.display && array.left == nil {
            // Aligned or gathered equations: one line after another.
            return array.rows.enumerated().flatMap { k, row in (k > 0 ? [";"] : []) + row.flatMap(words) }
        }
        let what = array.left == "|" ? "determinant" : "matrix"
        var out = ["the \(rows) by \(columns) \(what)", ":"]
        for (k, row) in array.rows.enumerated() {
            out += (k > 0 ? [";"] : []) + ["row \(k + 1)", ":"]
            for (c, cell) in row.enumerated() { out += (c > 0 ? [","] : []) + words(cell) }
        }
        return out
    }

    /// A sum, product, integral or limit with its range, and "of" before what it applies to.
    func bigOperator(_ atom: MathAtom) -> [String]? {
        let from = atom.sub.map(words), to = atom.sup.map(words)
        switch atom.kind {
        case .symbol(let s):
            guard let name = Self.bigOperators[s] else { return nil }
            var out = [name]
            if let from { out += (s == "\u{222B}" || s == "\u{222E}" || s == "\u{222C}" ? (to == nil ? ["over"] : ["from"]) : ["from"]) + from }
            if let to { out += ["to"] + to }
            return out + ["of"]
        case .name("lim"):
            return ["the limit"] + (from.map { ["as"] + $0.map { $0 == "goes to" ? "approaches" : $0 } } ?? []) + ["of"]
        case .name(let name) where ["max", "min", "sup", "inf"].contains(name) && from != nil:
            return ["the \(Self.functionWords[name] ?? name)", "over"] + (from ?? []) + ["of"]
        default:
            return nil
        }
    }

    func isOperatorOrRelation(_ atom: MathAtom) -> Bool { atom.atomClass == .bin || atom.atomClass == .rel || atom.atomClass == .punct }
    func isOpening(_ atom: MathAtom) -> Bool { atom.atomClass == .open }

    static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }

    /// A character's words: letters as themselves (styled math letters as the plain one), the rest by name.
    static func word(for s: Unicode.Scalar) -> String {
        if let name = symbolWords[s] { return name }
        let plain = String(Character(s)).precomposedStringWithCompatibilityMapping
        if plain.unicodeScalars.count == 1, let p = plain.unicodeScalars.first, p != s { return word(for: p) }
        return plain
    }

    static func ordinal(_ n: Int) -> String {
        let names = [1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth"]
        if let name = names[n] { return name }
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    /// Marks read as one phrase around what they enclose, with the mark that closes each.
    static let pairs: [Unicode.Scalar: (Unicode.Scalar, String)] = ["|": ("|", "the absolute value of"), "\u{2016}": ("\u{2016}", "the norm of"),
                                                                   "\u{230A}": ("\u{230B}", "the floor of"), "\u{2308}": ("\u{2309}", "the ceiling of")]

    static let fractionNames = [2: "half", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth"]

    static let functionWords = ["sin": "sine", "cos": "cosine", "tan": "tangent", "cot": "cotangent", "sec": "secant", "csc": "cosecant",
                                "arcsin": "arcsine", "arccos": "arccosine", "arctan": "arctangent", "sinh": "hyperbolic sine",
                                "cosh": "hyperbolic cosine", "tanh": "hyperbolic tangent", "log": "log", "ln": "natural log", "exp": "exponential",
                                "det": "determinant", "gcd": "greatest common divisor", "max": "maximum", "min": "minimum", "sup": "supremum",
                                "inf": "infimum", "arg": "argument", "dim": "dimension", "deg": "degree", "ker": "kernel"]

    static let bigOperators: [Unicode.Scalar: String] = ["\u{2211}": "the sum", "\u{220F}": "the product", "\u{222B}": "the integral",
                                                         "\u{222C}": "the double integral", "\u{222D}": "the triple integral",
                                                         "\u{222E}": "the contour integral", "\u{22C3}": "the union", "\u{22C2}": "the intersection"]

    static let symbolWords: [Unicode.Scalar: String] = [
        "+": "plus", "-": "minus", "\u{2212}": "minus", "\u{00B1}": "plus or minus", "\u{2213}": "minus or plus",
        "\u{00D7}": "times", "\u{22C5}": "dot", "\u{00B7}": "times", "*": "times", "\u{2217}": "times", "\u{00F7}": "divided by", "/": "divided by",
        "=": "equals", "\u{2260}": "is not equal to", "<": "is less than", ">": "is greater than", "\u{2264}": "is less than or equal to",
        "\u{2265}": "is greater than or equal to", "\u{2248}": "is approximately equal to", "\u{2261}": "is equivalent to",
        "\u{223C}": "is similar to", "\u{221D}": "is proportional to", "\u{2192}": "goes to", "\u{21D2}": "implies", "\u{21D4}": "if and only if",
        "\u{2190}": "gets", "\u{221E}": "infinity", "\u{2202}": "partial", "\u{2207}": "del", "\u{2208}": "is an element of",
        "\u{2209}": "is not an element of", "\u{2282}": "is a subset of", "\u{2286}": "is a subset of or equal to", "\u{222A}": "union",
        "\u{2229}": "intersection", "\u{2200}": "for all", "\u{2203}": "there exists", "\u{2205}": "the empty set", "\u{00AC}": "not",
        "\u{2227}": "and", "\u{2228}": "or", "\u{2032}": "prime", "!": "factorial", ",": ",", ";": ";", ":": "colon",
        "\u{2026}": "dot dot dot", "\u{22EF}": "dot dot dot", "\u{00B0}": "degrees", "%": "percent", "\u{2223}": "such that",
        "(": "open paren", ")": "close paren", "[": "open bracket", "]": "close bracket", "{": "open brace", "}": "close brace",
        "\u{27E8}": "open angle bracket", "\u{27E9}": "close angle bracket", "\u{230A}": "open floor", "\u{230B}": "close floor",
        "\u{2308}": "open ceiling", "\u{2309}": "close ceiling", "\u{2218}": "composed with", "\u{2295}": "direct sum", "\u{2297}": "tensor",
        "\u{03B1}": "alpha", "\u{03B2}": "beta", "\u{03B3}": "gamma", "\u{03B4}": "delta", "\u{03B5}": "epsilon", "\u{03F5}": "epsilon",
        "\u{03B6}": "zeta", "\u{03B7}": "eta", "\u{03B8}": "theta", "\u{03D1}": "theta", "\u{03B9}": "iota", "\u{03BA}": "kappa",
        "\u{03BB}": "lambda", "\u{03BC}": "mu", "\u{03BD}": "nu", "\u{03BE}": "xi", "\u{03C0}": "pi", "\u{03C1}": "rho", "\u{03C3}": "sigma",
        "\u{03C4}": "tau", "\u{03C5}": "upsilon", "\u{03C6}": "phi", "\u{03D5}": "phi", "\u{03C7}": "chi", "\u{03C8}": "psi", "\u{03C9}": "omega",
        "\u{0393}": "cap gamma", "\u{0394}": "cap delta", "\u{0398}": "cap theta", "\u{039B}": "cap lambda", "\u{039E}": "cap xi",
        "\u{03A0}": "cap pi", "\u{03A3}": "cap sigma", "\u{03A6}": "cap phi", "\u{03A8}": "cap psi", "\u{03A9}": "cap omega",
        "\u{210F}": "h bar", "\u{2113}": "ell", "\u{27FA}": "if and only if", "\u{27F9}": "implies", "\u{2216}": "minus",
        "\u{2194}": "double arrow", "\u{21A6}": "maps to", "\u{27FC}": "maps to", "\u{2243}": "is asymptotically equal to",
        "\u{2245}": "is congruent to", "\u{22EE}": "vertical dots", "\u{22F1}": "diagonal dots", "\u{0131}": "i", "\u{0237}": "j",
        "\u{2225}": "is parallel to", "\u{22A5}": "is perpendicular to", "\u{2220}": "angle", "\u{25B3}": "triangle",
    ]
}
