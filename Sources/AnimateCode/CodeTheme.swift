public import AnimateLexers
public import AnimateDrawing

/// How code is coloured: a table from token kind (Pygments' names: "Keyword", "Name.Function",
/// "Literal.String", "Comment") to a colour, weight and slant, plus the block's own colours. A
/// kind without an entry takes its parent's ("Literal.String.Double" falls back to
/// "Literal.String", then "Literal"), and finally the foreground, so a Pygments style's table
/// carries over as it is.
public struct CodeTheme: Sendable, Hashable {
    /// One kind's look.
    public struct Style: Sendable, Hashable {
        public var color: Color?
        public var bold: Bool
        public var italic: Bool

        public init(_ color: Color? = nil, bold: Bool = false, italic: Bool = false) {
            self.color = color
            self.bold = bold
            self.italic = italic
        }
    }

    public var name: String
    public var background: Color
    public var foreground: Color
    public var lineNumbers: Color
    /// The band behind highlighted lines.
    public var highlight: Color
    public var cursor: Color
    public var styles: [String: Style]

    public init(name: String, background: Color, foreground: Color, lineNumbers: Color, highlight: Color, cursor: Color, styles: [String: Style]) {
        self.name = name
        self.background = background
        self.foreground = foreground
        self.lineNumbers = lineNumbers
        self.highlight = highlight
        self.cursor = cursor
        self.styles = styles
    }

    /// The look of `kind`: its own entry, else its nearest parent's, else plain foreground.
    public func style(for kind: TokenKind) -> Style {
        var name = Substring(kind.rawValue)
        while true {
            if let s = styles[String(name)] { return Style(s.color ?? foreground, bold: s.bold, italic: s.italic) }
            guard let dot = name.lastIndex(of: ".") else { return Style(foreground) }
            name = name[..<dot]
        }
    }

    /// Dark: light ink on a near-black slate, saturated enough to read at 720p.
    public static let dark = CodeTheme(
        name: "dark", background: Color(hex: 0x1B1F24), foreground: Color(hex: 0xD7DAE0), lineNumbers: Color(hex: 0x5C6370),
        highlight: Color(hex: 0x2C323C), cursor: Color(hex: 0x528BFF),
        styles: [
            "Comment": Style(Color(hex: 0x7F848E), italic: true),
            "Comment.Preproc": Style(Color(hex: 0xC678DD)),
            "Keyword": Style(Color(hex: 0xC678DD)),
            "Keyword.Constant": Style(Color(hex: 0xD19A66)),
            "Keyword.Type": Style(Color(hex: 0xE5C07B)),
            "Name.Function": Style(Color(hex: 0x61AFEF)),
            "Name.Class": Style(Color(hex: 0xE5C07B)),
            "Name.Exception": Style(Color(hex: 0xE5C07B)),
            "Name.Builtin": Style(Color(hex: 0x56B6C2)),
            "Name.Decorator": Style(Color(hex: 0x56B6C2)),
            "Name.Tag": Style(Color(hex: 0xE06C75)),
            "Name.Attribute": Style(Color(hex: 0xD19A66)),
            "Name.Variable": Style(Color(hex: 0xE06C75)),
            "Name.Namespace": Style(Color(hex: 0xE5C07B)),
            "Literal.String": Style(Color(hex: 0x98C379)),
            "Literal.String.Escape": Style(Color(hex: 0x56B6C2)),
            "Literal.String.Interpol": Style(Color(hex: 0xC678DD)),
            "Literal.String.Affix": Style(Color(hex: 0xC678DD)),
            "Literal.Number": Style(Color(hex: 0xD19A66)),
            "Operator": Style(Color(hex: 0x56B6C2)),
            "Operator.Word": Style(Color(hex: 0xC678DD)),
            "Punctuation": Style(Color(hex: 0xABB2BF)),
            "Error": Style(Color(hex: 0xF44747)),
        ])

    /// Light: dark ink on a warm white.
    public static let light = CodeTheme(
        name: "light", background: Color(hex: 0xFAFAF7), foreground: Color(hex: 0x24292F), lineNumbers: Color(hex: 0x8C959F),
        highlight: Color(hex: 0xEAEEF2), cursor: Color(hex: 0x0969DA),
        styles: [
            "Comment": Style(Color(hex: 0x6E7781), italic: true),
            "Comment.Preproc": Style(Color(hex: 0xCF222E)),
            "Keyword": Style(Color(hex: 0xCF222E)),
            "Keyword.Constant": Style(Color(hex: 0x0550AE)),
            "Keyword.Type": Style(Color(hex: 0x953800)),
            "Name.Function": Style(Color(hex: 0x8250DF)),
            "Name.Class": Style(Color(hex: 0x953800)),
            "Name.Exception": Style(Color(hex: 0x953800)),
            "Name.Builtin": Style(Color(hex: 0x0550AE)),
            "Name.Decorator": Style(Color(hex: 0x8250DF)),
            "Name.Tag": Style(Color(hex: 0x116329)),
            "Name.Attribute": Style(Color(hex: 0x0550AE)),
            "Name.Variable": Style(Color(hex: 0x953800)),
            "Name.Namespace": Style(Color(hex: 0x953800)),
            "Literal.String": Style(Color(hex: 0x0A3069)),
            "Literal.String.Escape": Style(Color(hex: 0x0550AE)),
            "Literal.String.Interpol": Style(Color(hex: 0xCF222E)),
            "Literal.String.Affix": Style(Color(hex: 0xCF222E)),
            "Literal.Number": Style(Color(hex: 0x0550AE)),
            "Operator": Style(Color(hex: 0xCF222E)),
            "Operator.Word": Style(Color(hex: 0xCF222E)),
            "Punctuation": Style(Color(hex: 0x57606A)),
            "Error": Style(Color(hex: 0xCF222E)),
        ])

    /// The built-in themes, by name.
    package static let builtIn: [CodeTheme] = [.dark, .light]

    package static func named(_ name: String) -> CodeTheme? { builtIn.first { $0.name == name.lowercased() } }
}
