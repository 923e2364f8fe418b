import Foundation
/// The control sequences that stand for one character of the math font, with their class; the
/// operators, delimiters and accents the parser treats specially.
enum TeXSymbols {
    static func symbol(_ name: String) -> (Unicode.Scalar, AtomClass)? {
        if let s = ord[name] { return (s, .ord) }
        if let s = bin[name] { return (s, .bin) }
        if let s = rel[name] { return (s, .rel) }
        if let s = punct[name] { return (s, .punct) }
        if let d = delimiters[name] { return (d.scalar, d.isOpen ? .open : .close) }
        return nil
    }

    private static func table(_ pairs: [(String, UInt32)]) -> [String: Unicode.Scalar] {
        var t: [String: Unicode.Scalar] = [:]
        for (k, v) in pairs { t[k] = Unicode.Scalar(v)! }
        return t
    }

    /// Greek letters: lower case italic by default, capitals upright (TeX's habit).
    static let greek = table([
        ("alpha", 0x3B1), ("beta", 0x3B2), ("gamma", 0x3B3), ("delta", 0x3B4), ("epsilon", 0x3F5), ("varepsilon", 0x3B5),
        ("zeta", 0x3B6), ("eta", 0x3B7), ("theta", 0x3B8), ("vartheta", 0x3D1), ("iota", 0x3B9), ("kappa", 0x3BA),
        ("varkappa", 0x3F0), ("lambda", 0x3BB), ("mu", 0x3BC), ("nu", 0x3BD), ("xi", 0x3BE), ("omicron", 0x3BF), ("pi", 0x3C0),
        ("varpi", 0x3D6), ("rho", 0x3C1), ("varrho", 0x3F1), ("sigma", 0x3C3), ("varsigma", 0x3C2), ("tau", 0x3C4),
        ("upsilon", 0x3C5), ("phi", 0x3D5), ("varphi", 0x3C6), ("chi", 0x3C7), ("psi", 0x3C8), ("omega", 0x3C9),
        ("digamma", 0x3DD),
        ("Gamma", 0x393), ("Delta", 0x394), ("Theta", 0x398), ("Lambda", 0x39B), ("Xi", 0x39E), ("Pi", 0x3A0),
        ("Sigma", 0x3A3), ("Upsilon", 0x3A5), ("Phi", 0x3A6), ("Psi", 0x3A8), ("Omega", 0x3A9),
        ("varGamma", 0x1D6E4), ("varDelta", 0x1D6E5), ("varTheta", 0x1D6E9), ("varLambda", 0x1D6EC), ("varXi", 0x1D6EF),
        ("varPi", 0x1D6F1), ("varSigma", 0x1D6F4), ("varUpsilon", 0x1D6F6), ("varPhi", 0x1D6F7), ("varPsi", 0x1D6F9),
        ("varOmega", 0x1D6FA),
    ])

    static let ord: [String: Unicode.Scalar] = greek.merging(table([
        ("infty", 0x221E), ("partial", 0x2202), ("nabla", 0x2207), ("forall", 0x2200), ("exists", 0x2203),
        ("nexists", 0x2204), ("emptyset", 0x2205), ("varnothing", 0x2300), ("hbar", 0x210F), ("hslash", 0x210F),
        ("ell", 0x2113), ("Re", 0x211C), ("Im", 0x2111), ("wp", 0x2118), ("aleph", 0x2135), ("beth", 0x2136),
        ("angle", 0x2220), ("measuredangle", 0x2221), ("triangle", 0x25B3), ("square", 0x25A1), ("Box", 0x25A1),
        ("prime", 0x2032), ("neg", 0xAC), ("lnot", 0xAC), ("top", 0x22A4), ("bot", 0x22A5), ("dagger", 0x2020),
        ("ddagger", 0x2021), ("ldots", 0x2026), ("dots", 0x2026), ("cdots", 0x22EF), ("vdots", 0x22EE),
        ("ddots", 0x22F1), ("dotsc", 0x2026), ("dotsb", 0x22EF), ("dotsm", 0x22EF), ("imath", 0x1D6A4), ("jmath", 0x1D6A5),
        ("degree", 0xB0), ("clubsuit", 0x2663), ("diamondsuit", 0x2662), ("heartsuit", 0x2661), ("spadesuit", 0x2660),
        ("flat", 0x266D), ("natural", 0x266E), ("sharp", 0x266F), ("checkmark", 0x2713), ("complement", 0x2201),
        ("surd", 0x221A), ("backslash", 0x5C), ("%", 0x25), ("$", 0x24), ("#", 0x23), ("&", 0x26), ("_", 0x5F),
        ("S", 0xA7), ("P", 0xB6), ("copyright", 0xA9), ("pounds", 0xA3), ("mho", 0x2127), ("eth", 0xF0),
        ("varDelta", 0x1D6E5), ("bigstar", 0x2605), ("blacksquare", 0x25A0), ("lozenge", 0x25CA),
    ])) { a, _ in a }

    static let bin = table([
        ("pm", 0xB1), ("mp", 0x2213), ("times", 0xD7), ("div", 0xF7), ("cdot", 0x22C5), ("ast", 0x2217), ("star", 0x22C6),
        ("circ", 0x2218), ("bullet", 0x2219), ("cap", 0x2229), ("cup", 0x222A), ("wedge", 0x2227), ("land", 0x2227),
        ("vee", 0x2228), ("lor", 0x2228), ("oplus", 0x2295), ("ominus", 0x2296), ("otimes", 0x2297), ("oslash", 0x2298),
        ("odot", 0x2299), ("setminus", 0x2216), ("smallsetminus", 0x2216), ("sqcap", 0x2293), ("sqcup", 0x2294),
        ("uplus", 0x228E), ("amalg", 0x2A3F), ("diamond", 0x22C4), ("bigcirc", 0x25EF), ("wr", 0x2240),
        ("triangleleft", 0x25C1), ("triangleright", 0x25B7), ("bigtriangleup", 0x25B3), ("bigtriangledown", 0x25BD),
        ("dotplus", 0x2214), ("ltimes", 0x22C9), ("rtimes", 0x22CA), ("boxplus", 0x229E), ("boxtimes", 0x22A0),
        ("centerdot", 0x22C5), ("mod", 0x6D),
    ])

    static let rel = table([
        ("le", 0x2264), ("leq", 0x2264), ("ge", 0x2265), ("geq", 0x2265), ("ne", 0x2260), ("neq", 0x2260),
        ("leqslant", 0x2A7D), ("geqslant", 0x2A7E), ("equiv", 0x2261), ("approx", 0x2248), ("sim", 0x223C),
        ("simeq", 0x2243), ("cong", 0x2245), ("propto", 0x221D), ("in", 0x2208), ("notin", 0x2209), ("ni", 0x220B),
        ("subset", 0x2282), ("subseteq", 0x2286), ("supset", 0x2283), ("supseteq", 0x2287), ("subsetneq", 0x228A),
        ("supsetneq", 0x228B), ("perp", 0x27C2), ("parallel", 0x2225), ("mid", 0x2223), ("nmid", 0x2224),
        ("to", 0x2192), ("rightarrow", 0x2192), ("leftarrow", 0x2190), ("gets", 0x2190), ("Rightarrow", 0x21D2),
        ("Leftarrow", 0x21D0), ("Leftrightarrow", 0x21D4), ("leftrightarrow", 0x2194), ("iff", 0x27FA),
        ("implies", 0x27F9), ("impliedby", 0x27F8), ("mapsto", 0x21A6), ("longmapsto", 0x27FC),
        ("longrightarrow", 0x27F6), ("longleftarrow", 0x27F5), ("Longrightarrow", 0x27F9), ("Longleftarrow", 0x27F8),
        ("longleftrightarrow", 0x27F7), ("Longleftrightarrow", 0x27FA), ("uparrow", 0x2191), ("downarrow", 0x2193),
        ("updownarrow", 0x2195), ("Uparrow", 0x21D1), ("Downarrow", 0x21D3), ("nearrow", 0x2197), ("searrow", 0x2198),
        ("swarrow", 0x2199), ("nwarrow", 0x2196), ("hookrightarrow", 0x21AA), ("hookleftarrow", 0x21A9),
        ("rightharpoonup", 0x21C0), ("rightleftharpoons", 0x21CC), ("leftrightarrows", 0x21C6),
        ("ll", 0x226A), ("gg", 0x226B), ("prec", 0x227A), ("succ", 0x227B), ("preceq", 0x2AAF), ("succeq", 0x2AB0),
        ("models", 0x22A7), ("vdash", 0x22A2), ("dashv", 0x22A3), ("asymp", 0x224D), ("doteq", 0x2250),
        ("coloneqq", 0x2254), ("triangleq", 0x225C), ("lesssim", 0x2272), ("gtrsim", 0x2273), ("nless", 0x226E),
        ("ngtr", 0x226F), ("nleq", 0x2270), ("ngeq", 0x2271), ("nsim", 0x2241), ("ncong", 0x2247),
        ("sqsubseteq", 0x2291), ("sqsupseteq", 0x2292), ("bowtie", 0x22C8), ("smile", 0x2323), ("frown", 0x2322),
        ("therefore", 0x2234), ("because", 0x2235), ("approxeq", 0x224A), ("leftrightharpoons", 0x21CB),
    ])

    static let punct = table([("colon", 0x3A), ("ldotp", 0x2E), ("cdotp", 0x22C5)])

    /// Delimiters by name, with whether they open.
    static let delimiters: [String: (scalar: Unicode.Scalar, isOpen: Bool)] = [
        "langle": ("\u{27E8}", true), "rangle": ("\u{27E9}", false), "lfloor": ("\u{230A}", true),
        "rfloor": ("\u{230B}", false), "lceil": ("\u{2308}", true), "rceil": ("\u{2309}", false),
        "lbrace": ("{", true), "rbrace": ("}", false), "{": ("{", true), "}": ("}", false), "lbrack": ("[", true),
        "rbrack": ("]", false), "lvert": ("|", true), "rvert": ("|", false), "lVert": ("\u{2016}", true),
        "rVert": ("\u{2016}", false), "lgroup": ("\u{27EE}", true), "rgroup": ("\u{27EF}", false),
        "llbracket": ("\u{27E6}", true), "rrbracket": ("\u{27E7}", false),
    ]

    /// What may follow `\left`, `\right`, `\middle` and `\big`: a delimiter's character, or nil for `.`.
    static func delimiter(named name: String) -> Unicode.Scalar?? {
        if let d = delimiters[name] { return .some(d.scalar) }
        switch name {
        case "vert", "|": return .some("|")
        case "Vert": return .some("\u{2016}")
        case "backslash": return .some("\\")
        case "uparrow": return .some("\u{2191}")
        case "downarrow": return .some("\u{2193}")
        case "updownarrow": return .some("\u{2195}")
        case "Uparrow": return .some("\u{21D1}")
        case "Downarrow": return .some("\u{21D3}")
        default: return nil
        }
    }

    /// Characters that are delimiters by themselves.
    static func delimiter(character c: Unicode.Scalar) -> Unicode.Scalar?? {
        switch c {
        case "(", ")", "[", "]", "|", "/", "<", ">": return .some(c == "<" ? "\u{27E8}" : c == ">" ? "\u{27E9}" : c)
        case ".": return .some(nil)
        default: return nil
        }
    }

    /// Large operators: the character, and whether limits go above and below in display style.
    static let largeOperators: [String: (Unicode.Scalar, limits: Bool)] = [
        "sum": ("\u{2211}", true), "prod": ("\u{220F}", true), "coprod": ("\u{2210}", true),
        "int": ("\u{222B}", false), "iint": ("\u{222C}", false), "iiint": ("\u{222D}", false), "oint": ("\u{222E}", false),
        "oiint": ("\u{222F}", false), "bigcup": ("\u{22C3}", true), "bigcap": ("\u{22C2}", true),
        "bigoplus": ("\u{2A01}", true), "bigotimes": ("\u{2A02}", true), "bigodot": ("\u{2A00}", true),
        "bigvee": ("\u{22C1}", true), "bigwedge": ("\u{22C0}", true), "biguplus": ("\u{2A04}", true),
        "bigsqcup": ("\u{2A06}", true),
    ]

    /// Named operators set upright; the second value: limits above and below in display style.
    static let namedOperators: [String: (String, limits: Bool)] = {
        var t: [String: (String, limits: Bool)] = [:]
        for n in ["sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "coth",
                  "log", "ln", "lg", "exp", "deg", "dim", "ker", "hom", "arg", "det", "gcd", "Pr", "sgn"] {
            t[n] = (n, false)
        }
        for n in ["lim", "max", "min", "sup", "inf", "limsup", "liminf", "argmax", "argmin"] { t[n] = (n, true) }
        t["det"] = ("det", true)
        t["gcd"] = ("gcd", true)
        t["Pr"] = ("Pr", true)
        t["limsup"] = ("lim sup", true)
        t["liminf"] = ("lim inf", true)
        t["argmax"] = ("arg max", true)
        t["argmin"] = ("arg min", true)
        return t
    }()

    /// Accents: the character, and whether it stretches to the body's width.
    static let accents: [String: (Unicode.Scalar, stretchy: Bool)] = [
        "hat": ("\u{302}", false), "widehat": ("\u{302}", true), "check": ("\u{30C}", false), "widecheck": ("\u{30C}", true),
        "tilde": ("\u{303}", false), "widetilde": ("\u{303}", true), "acute": ("\u{301}", false), "grave": ("\u{300}", false),
        "dot": ("\u{307}", false), "ddot": ("\u{308}", false), "dddot": ("\u{20DB}", false), "breve": ("\u{306}", false),
        "bar": ("\u{304}", false), "vec": ("\u{20D7}", false), "mathring": ("\u{30A}", false),
        "overrightarrow": ("\u{20D7}", true), "overleftarrow": ("\u{20D6}", true), "overleftrightarrow": ("\u{20E1}", true),
    ]

    /// Spaces in ems (TeX's mu are eighteenths of an em).
    static let spaces: [String: CGFloat] = [
        ",": 3.0 / 18, "thinspace": 3.0 / 18, ":": 4.0 / 18, ">": 4.0 / 18, "medspace": 4.0 / 18, ";": 5.0 / 18,
        "thickspace": 5.0 / 18, "!": -3.0 / 18, "negthinspace": -3.0 / 18, "quad": 1, "qquad": 2, " ": 0.25,
        "enspace": 0.5, "negmedspace": -4.0 / 18, "negthickspace": -5.0 / 18,
    ]

    /// `\big` and its kin: the size asked of the delimiter in ems (what plain TeX's 8.5, 11.5, 14.5
    /// and 17.5 pt struts ask at 10 pt, by its delimiter rule), and the class they give.
    static let sizedDelimiters: [String: (CGFloat, AtomClass)] = {
        var t: [String: (CGFloat, AtomClass)] = [:]
        for (name, size) in [("big", 1.08), ("Big", 1.62), ("bigg", 2.16), ("Bigg", 2.7)] as [(String, CGFloat)] {
            t[name] = (size, .ord)
            t[name + "l"] = (size, .open)
            t[name + "r"] = (size, .close)
            t[name + "m"] = (size, .rel)
        }
        return t
    }()

    /// Font commands and the alphabet each selects.
    static let variants: [String: MathVariant] = [
        "mathrm": .roman, "mathbf": .bold, "mathit": .italic, "mathbb": .doubleStruck, "mathcal": .calligraphic,
        "mathscr": .calligraphic, "mathfrak": .fraktur, "mathsf": .sansSerif, "mathtt": .monospace,
        "boldsymbol": .boldItalic, "bm": .boldItalic, "mathnormal": .normal, "rm": .roman, "bf": .bold, "it": .italic,
        "cal": .calligraphic, "sf": .sansSerif, "tt": .monospace,
    ]

    /// The class of a character typed as itself.
    static func atomClass(of c: Unicode.Scalar) -> AtomClass {
        switch c {
        case "+", "-", "*", "\u{2212}", "\u{B1}", "\u{D7}", "\u{F7}", "\u{22C5}": return .bin
        case "=", "<", ">", ":", "\u{2260}", "\u{2264}", "\u{2265}", "\u{2192}", "\u{2190}": return .rel
        case ",", ";": return .punct
        case "(", "[": return .open
        case ")", "]": return .close
        case "!", "?": return .close
        default: return .ord
        }
    }
}

import AnimateDrawing
