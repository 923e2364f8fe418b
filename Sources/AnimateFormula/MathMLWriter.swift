import AnimateDrawing
import Foundation

extension Formula {
    /// The formula as MathML (a `<math>` element), for web pages and transcripts: browsers and
    /// screen readers read it as math. `display` sets it as a block; its `alttext` and
    /// `aria-label` are its spoken words (`spoken()`).
    public func mathML(display: Bool = false) throws -> String {
        let list = isText ? try TeXParser.parseText(tex) : try TeXParser.parse(tex)
        let words = SpokenMath.joined(SpokenMath(style: .verbose).words(list))
        let label = MathMLWriter.escape(words)
        return "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"\(display ? " display=\"block\"" : "") alttext=\"\(label)\">"
            + MathMLWriter().row(list) + "</math>"
    }
}

/// Writes a parsed math list as presentation MathML: each atom as the element its kind asks
/// for, scripts and limits as `msub`/`munderover`, arrays as tables.
package struct MathMLWriter {
    /// `s` with XML's five special characters (less those no attribute or text needs) escaped.
    package static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A list as one `mrow` (an atom alone when it is one).
    func row(_ list: MathList) -> String {
        var items: [String] = []
        var number: String?
        func endNumber() { if let n = number { items.append("<mn>\(n)</mn>"); number = nil } }
        for a in list {
            // A number's digits (and its point) as one <mn>.
            if case .symbol(let s) = a.kind, SpokenMath.isDigit(s) || (s == "." && number != nil), a.sub == nil, a.sup == nil, a.primes == 0 {
                number = (number ?? "") + String(Character(s))
                continue
            }
            if case .symbol(let s) = a.kind, SpokenMath.isDigit(s), number != nil {
                // A scripted last digit ends the number: 10^2 is <msup><mn>10</mn><mn>2</mn></msup>.
                let digits = number! + String(Character(s))
                number = nil
                var bare = a
                bare.kind = .text(digits)
                if let item = atom(bare) { items.append(item.replacingOccurrences(of: "<mtext>\(digits)</mtext>", with: "<mn>\(digits)</mn>")) }
                continue
            }
            endNumber()
            if let item = atom(a) { items.append(item) }
        }
        endNumber()
        return items.count == 1 ? items[0] : "<mrow>" + items.joined() + "</mrow>"
    }

    /// One atom with its scripts and primes; nil for what takes no room (a style change).
    func atom(_ atom: MathAtom) -> String? {
        guard var base = nucleus(atom) else { return nil }
        if atom.primes > 0 {
            base = "<msup>\(base)<mo>\(String(repeating: "\u{2032}", count: atom.primes))</mo></msup>"
        }
        if case .brace(_, let over, _) = atom.kind {
            // The brace's label sits on its side, under or over it.
            if let label = over ? atom.sup : atom.sub { return "<\(over ? "mover" : "munder")>\(base)\(row(label))</\(over ? "mover" : "munder")>" }
            return base
        }
        let limits = atom.limits ?? atom.displayLimits
        let (under, over) = limits ? ("munder", "mover") : ("msub", "msup")
        switch (atom.sub, atom.sup) {
        case let (sub?, sup?): return "<\(limits ? "munderover" : "msubsup")>\(base)\(row(sub))\(row(sup))</\(limits ? "munderover" : "msubsup")>"
        case let (sub?, nil): return "<\(under)>\(base)\(row(sub))</\(under)>"
        case let (nil, sup?): return "<\(over)>\(base)\(row(sup))</\(over)>"
        case (nil, nil): return base
        }
    }

    func nucleus(_ atom: MathAtom) -> String? {
        switch atom.kind {
        case .symbol(let s):
            return symbol(s, atomClass: atom.atomClass)
        case .group(let list), .part(_, let list):
            return row(list)
        case .color(let color, let list):
            let c = color
            let hex = String(format: "#%02X%02X%02X", Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()))
            return "<mstyle mathcolor=\"\(hex)\">\(row(list))</mstyle>"
        case .fraction(let f):
            let thickness = f.hasRule ? "" : " linethickness=\"0\""
            let frac = "<mfrac\(thickness)>\(row(f.numerator))\(row(f.denominator))</mfrac>"
            guard f.left != nil || f.right != nil else { return frac }
            return "<mrow>\(fence(f.left))\(frac)\(fence(f.right))</mrow>"
        case .radical(let degree, let body):
            if let degree { return "<mroot>\(row(body))\(row(degree))</mroot>" }
            return "<msqrt>\(row(body))</msqrt>"
        case .delimited(let delimiters, let pieces):
            var out = "<mrow>"
            for (k, piece) in pieces.enumerated() {
                if k < delimiters.count { out += fence(delimiters[k]) }
                out += row(piece)
            }
            if let last = delimiters.last, delimiters.count > pieces.count { out += fence(last) }
            return out + "</mrow>"
        case .sizedDelimiter(let s, _):
            return s.map { "<mo stretchy=\"false\">\(Self.escape(String(Character($0))))</mo>" } ?? "<mrow/>"
        case .accent(let mark, let body, let stretchy, let under):
            let tag = under ? "munder" : "mover"
            return "<\(tag) \(under ? "accentunder" : "accent")=\"true\">\(row(body))<mo stretchy=\"\(stretchy)\">\(Self.escape(String(Character(mark))))</mo></\(tag)>"
        case .bar(let over, let body):
            return over ? "<mover accent=\"true\">\(row(body))<mo>\u{203E}</mo></mover>" : "<munder accentunder=\"true\">\(row(body))<mo>_</mo></munder>"
        case .brace(let brace, let over, let body):
            let tag = over ? "mover" : "munder"
            return "<\(tag)>\(row(body))<mo stretchy=\"true\">\(Self.escape(String(Character(brace))))</mo></\(tag)>"
        case .name(let name):
            return atom.atomClass == .op && name.count > 1 && atom.displayLimits
                ? "<mo movablelimits=\"true\">\(Self.escape(name))</mo>" : "<mi>\(Self.escape(name))</mi>"
        case .text(let text):
            return "<mtext>\(Self.escape(text))</mtext>"
        case .space(let ems):
            return "<mspace width=\"\(String(format: "%.3f", Double(ems)))em\"/>"
        case .style:
            return nil
        case .array(let array):
            let align = array.alignments.map { $0 == .left ? "left" : $0 == .right ? "right" : "center" }
            var table = "<mtable\(align.isEmpty ? "" : " columnalign=\"\(align.joined(separator: " "))\"")>"
            for cells in array.rows {
                table += "<mtr>" + cells.map { "<mtd>\(row($0))</mtd>" }.joined() + "</mtr>"
            }
            table += "</mtable>"
            guard array.left != nil || array.right != nil else { return table }
            return "<mrow>\(fence(array.left))\(table)\(fence(array.right))</mrow>"
        case .phantom(let list):
            return "<mphantom>\(row(list))</mphantom>"
        case .raised(let ems, let list):
            return "<mpadded voffset=\"\(String(format: "%.3f", Double(ems)))em\">\(row(list))</mpadded>"
        }
    }

    /// A delimiter that stretches to what it encloses (nothing for `.`).
    func fence(_ s: Unicode.Scalar?) -> String {
        guard let s else { return "" }
        return "<mo fence=\"true\" stretchy=\"true\">\(Self.escape(String(Character(s))))</mo>"
    }

    /// A character: a number, an identifier (a math-italic letter written plain, which MathML
    /// sets italic) or an operator.
    func symbol(_ s: Unicode.Scalar, atomClass: AtomClass) -> String {
        let text = Self.escape(String(Character(s)))
        if SpokenMath.isDigit(s) || s == "." { return "<mn>\(text)</mn>" }
        switch atomClass {
        case .bin, .rel, .open, .close, .punct, .op, .inner:
            return "<mo>\(s == "-" ? "\u{2212}" : text)</mo>"
        case .ord:
            guard s.properties.isAlphabetic else { return "<mo>\(text)</mo>" }
            // Math italic letters as plain ones: a single-letter <mi> is italic already.
            let plain = String(Character(s)).precomposedStringWithCompatibilityMapping
            let italic = (0x1D434...0x1D467).contains(s.value) || (0x1D6E2...0x1D71B).contains(s.value) || s.value == 0x210E
            return "<mi>\(italic && plain.unicodeScalars.count == 1 ? Self.escape(plain) : text)</mi>"
        }
    }
}
